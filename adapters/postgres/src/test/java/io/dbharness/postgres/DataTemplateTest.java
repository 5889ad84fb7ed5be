package io.dbharness.postgres;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The data directory initdb made once is copied for later servers only while nobody else could have changed it,
 * and a copy is a data directory PostgreSQL accepts (0700, files 0600, ours). On a small tree of the same shape;
 * {@link EmbeddedServerStartTest} starts real servers from it.
 */
@Timeout(30)
class DataTemplateTest {

    private Path base;
    private Optional<Path> template;

    @BeforeEach
    void makeBase() throws IOException {
        base = Files.createTempDirectory("dbharness-pgdata-test-");
        Files.setPosixFilePermissions(base, PgBinaries.perms(0755));
        template = DataTemplate.of(Files.createDirectory(base.resolve("dbharness-pg-bin-0123abcd")));
    }

    @AfterEach
    void removeBase() {
        EmbeddedServer.deleteTree(base);
    }

    /** As initdb leaves it: the directory 0700, a subdirectory 0700, files 0600. */
    private Path initdbLike(String name, String version) throws IOException {
        Path data = Files.createDirectory(base.resolve(name));
        Files.setPosixFilePermissions(data, PgBinaries.perms(0700));
        Files.writeString(data.resolve("PG_VERSION"), version);
        Files.setPosixFilePermissions(data.resolve("PG_VERSION"), PgBinaries.perms(0600));
        Path sub = Files.createDirectories(data.resolve("base/1"));
        Files.setPosixFilePermissions(data.resolve("base"), PgBinaries.perms(0700));
        Files.setPosixFilePermissions(sub, PgBinaries.perms(0700));
        Files.writeString(sub.resolve("1259"), "catalog");
        Files.setPosixFilePermissions(sub.resolve("1259"), PgBinaries.perms(0600));
        return data;
    }

    @Test
    void keptOnceBesideTheBinariesAndCopiedWithItsModes() throws IOException {
        assertEquals(base.resolve("dbharness-pg-data-v1-0123abcd"), template.orElseThrow());
        DataTemplate.keep(template, initdbLike("first", "17"));
        DataTemplate.keep(template, initdbLike("second", "16")); // there is one: left as it is
        assertTrue(PgBinaries.trusted(template.get()));

        Path data = base.resolve("run/data");
        Files.createDirectory(data.getParent());
        assertTrue(DataTemplate.copyTo(template, data));
        assertEquals("17", Files.readString(data.resolve("PG_VERSION")));
        assertEquals("catalog", Files.readString(data.resolve("base/1/1259")));
        assertEquals(PgBinaries.perms(0700), Files.getPosixFilePermissions(data));
        assertEquals(PgBinaries.perms(0700), Files.getPosixFilePermissions(data.resolve("base/1")));
        assertEquals(PgBinaries.perms(0600), Files.getPosixFilePermissions(data.resolve("PG_VERSION")));
        assertTrue(PgBinaries.trusted(data), "ours, writable by nobody else");
        try (var entries = Files.list(base)) {
            assertEquals(5, entries.count(), "bin, template, first, second, run: no scratch directory left behind");
        }
    }

    @Test
    void aTemplateOthersMayWriteToIsNotCopied() throws IOException {
        DataTemplate.keep(template, initdbLike("first", "17"));
        Files.setPosixFilePermissions(template.get().resolve("base/1/1259"), PgBinaries.perms(0620));
        Path data = base.resolve("data");
        assertFalse(DataTemplate.copyTo(template, data));
        assertFalse(Files.exists(data), "nothing copied: initdb makes this one");
    }

    @Test
    void noTemplateForPrivateBinariesNorFromATreeWithALink() throws IOException {
        assertEquals(Optional.empty(), DataTemplate.of(base.resolve("dbharness-pg-unpack-12345")));
        assertFalse(DataTemplate.copyTo(Optional.empty(), base.resolve("data")));

        Path data = initdbLike("first", "17");
        Files.createSymbolicLink(data.resolve("pg_wal"), base);
        DataTemplate.keep(template, data);
        try (var entries = Files.list(base)) {
            assertEquals(2, entries.count(), "bin and first: no template, no scratch directory left behind");
        }
        assertFalse(DataTemplate.copyTo(template, base.resolve("data")));
    }
}
