package io.dbharness.mogdb;

import io.dbharness.core.dialect.StatementTexts;
import io.dbharness.core.api.QueryCatalogue;
import io.dbharness.iot.Catalogues;
import io.dbharness.mogdb.MogDbDdl.Compression;
import io.dbharness.mogdb.MogDbDdl.PartitionInterval;
import io.dbharness.mogdb.MogDbDdl.Storage;
import io.dbharness.postgres.CatalogueTexts;
import io.dbharness.postgres.PgFlavor;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The catalogue's texts and the query index as the mogdb target sends them, against {@code golden/queries.sql}
 * (its header names the openGauss pages): the generic PostgreSQL texts, and MogDB's own index statement, the
 * same for every storage, partitioning and on a compatible server.
 */
class MogDbQueryGoldenTest {

    private static final String COMPATIBLE = "PostgreSQL 17.11 on x86_64-pc-linux-gnu, compiled by gcc";

    private static MogDbFlavor flavor(Storage storage, Compression compression, PartitionInterval interval) {
        return new MogDbFlavor(MogDbIngestMode.COPY, MogDbDdl.of(storage, compression, interval));
    }

    @Test
    void everyCatalogueQueryAndTheIndex() throws IOException {
        CatalogueTexts.assertGolden(MogDbQueryGoldenTest.class, "queries.sql", CatalogueTexts.renderAll(flavor(Storage.ROW, null, PartitionInterval.NONE)));
    }

    @Test
    void theSameForEveryTableChoiceAndOnACompatibleServer() {
        String row = CatalogueTexts.renderAll(flavor(Storage.ROW, null, PartitionInterval.NONE));
        List<PgFlavor> others = List.of(flavor(Storage.COLUMN, Compression.HIGH, PartitionInterval.NONE),
                flavor(Storage.ROW, null, PartitionInterval.DAY),
                flavor(Storage.COLUMN, null, PartitionInterval.NONE).onCompatibleServer(COMPATIBLE, w -> { }));
        for (PgFlavor f : others) {
            assertEquals(row, CatalogueTexts.renderAll(f), f.settings().toString());
        }
    }

    /** The index, and DISTINCT ON where the generic text probes each device through LATERAL, which openGauss lacks. */
    @Test
    void theIndexAndTheLatestRowQueriesAreMogDbsOwn() {
        StatementTexts d = flavor(Storage.ROW, null, PartitionInterval.NONE).dialect();
        java.util.Set<String> own = java.util.Set.of("multi-tag-latest", "lastpoint", "newest-per-device");
        for (QueryCatalogue.Query q : Catalogues.TELEMATICS.queries()) {
            String dir = own.contains(q.name()) ? "mogdb" : "postgres";
            assertEquals("io/dbharness/" + dir + "/sql/query/" + q.name() + ".sql", d.source("query/" + q.name()));
            if (own.contains(q.name())) {
                assertTrue(d.get("query/" + q.name()).startsWith("SELECT DISTINCT ON"), q.name());
            }
        }
        assertEquals("io/dbharness/mogdb/sql/query_index.sql", d.source("query_index"));
    }
}
