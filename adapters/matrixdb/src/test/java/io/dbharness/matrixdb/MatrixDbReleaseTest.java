package io.dbharness.matrixdb;

import io.dbharness.core.api.UsageException;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** A storage the detected release cannot have is refused before anything is created. */
class MatrixDbReleaseTest {

    private static MatrixDbFlavor flavor(Storage storage) {
        return new MatrixDbFlavor(storage, false, MatrixDbIngestMode.COPY, null, false, TimeFormat.UNIX_SECOND, true, java.util.Map.of());
    }

    @Test
    void mars3NeedsYMatrix51() {
        String v4 = "PostgreSQL 12 (MatrixDB 4.5.2-enterprise) (Greenplum Database 7.0.0 build dev) on x86_64-pc-linux-gnu";
        UsageException e = assertThrows(UsageException.class, () -> flavor(Storage.MARS3).checkRelease(v4));
        assertEquals("--matrixdb-storage mars3 needs YMatrix 5.1 or later; the server is MatrixDB 4.5: "
                + "choose --matrixdb-storage mars2, ao_column or heap", e.getMessage());
        assertDoesNotThrow(() -> flavor(Storage.MARS2).checkRelease(v4));
        assertThrows(UsageException.class, () -> flavor(Storage.MARS3).checkRelease("PostgreSQL 12 (YMatrix 5.0.0-enterprise)"));
        assertDoesNotThrow(() -> flavor(Storage.MARS3).checkRelease("PostgreSQL 12 (YMatrix 5.1.0-enterprise)"));
        assertDoesNotThrow(() -> flavor(Storage.MARS3).checkRelease("PostgreSQL 12 (YMatrix 6.6.0-enterprise)"));
        assertDoesNotThrow(() -> flavor(Storage.MARS3).checkRelease("a release string we cannot read"));
    }
}
