package io.dbharness.yugabyte;

import io.dbharness.core.dialect.StatementTexts;
import io.dbharness.core.api.QueryCatalogue;
import io.dbharness.iot.Catalogues;
import io.dbharness.postgres.CatalogueTexts;
import io.dbharness.postgres.PgFlavor;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Every catalogue query and the query index as the yugabyte target sends them, against
 * {@code golden/queries.sql} (its header names the YugabyteDB pages each override follows). The index and
 * the texts do not depend on the sharding, the ingest options or a compatible server.
 */
class YugabyteQueryGoldenTest {

    /** The texts YugabyteDB has of its own; the rest are the generic PostgreSQL ones (already its loose index scans). */
    private static final Set<String> OWN = Set.of();

    private static final String COMPATIBLE = "PostgreSQL 17.11 on x86_64-pc-linux-gnu, compiled by gcc";

    @Test
    void everyCatalogueQueryAndTheIndex() throws IOException {
        CatalogueTexts.assertGolden(YugabyteQueryGoldenTest.class, "queries.sql",
                CatalogueTexts.renderAll(YugabyteFlavor.of(YbIngestMode.COPY, 5000, false, false, YbSharding.HASH, 0)));
    }

    @Test
    void theSameOnEveryShardingAndOnACompatibleServer() {
        String hash = CatalogueTexts.renderAll(YugabyteFlavor.of(YbIngestMode.COPY, 5000, false, false, YbSharding.HASH, 0));
        PgFlavor range = YugabyteFlavor.of(YbIngestMode.INSERT_MULTIROW, 5000, true, false, YbSharding.RANGE, 0);
        assertEquals(hash, CatalogueTexts.renderAll(range));
        assertEquals(hash, CatalogueTexts.renderAll(range.onCompatibleServer(COMPATIBLE, w -> { })));
    }

    @Test
    void overridesComeFromTheYugabyteDirectory() {
        StatementTexts d = YugabyteFlavor.of(YbIngestMode.COPY, 5000, false, false, YbSharding.HASH, 0).dialect();
        for (QueryCatalogue.Query q : Catalogues.TELEMATICS.queries()) {
            String dir = OWN.contains(q.name()) ? "yugabyte" : "postgres";
            assertEquals("io/dbharness/" + dir + "/sql/query/" + q.name() + ".sql", d.source("query/" + q.name()));
        }
        assertEquals("io/dbharness/yugabyte/sql/query_index.sql", d.source("query_index"));
    }

    /** The column check itself: a text that renames or drops a required column is caught. */
    @Test
    void aTextWithoutARequiredColumnIsCaught() {
        QueryCatalogue.Query newest = Catalogues.TELEMATICS.get("newest-per-device");
        String own = YugabyteFlavor.of(YbIngestMode.COPY, 5000, false, false, YbSharding.HASH, 0).dialect()
                .get("query/newest-per-device");
        assertEquals(List.of(), CatalogueTexts.missingColumns(newest, CatalogueTexts.render(newest, own)));
        assertEquals(List.of("value"), CatalogueTexts.missingColumns(newest,
                CatalogueTexts.render(newest, own.replace("n.value", "n.value AS newest"))));
        assertEquals(List.of("ts"), CatalogueTexts.missingColumns(newest,
                CatalogueTexts.render(newest, own.replace("tags.tag_id, n.ts,", "tags.tag_id,"))));

        QueryCatalogue.Query lastpoint = Catalogues.TELEMATICS.get("lastpoint");
        String generic = PgFlavor.GENERIC.get("query/lastpoint");
        assertEquals(List.of(), CatalogueTexts.missingColumns(lastpoint, CatalogueTexts.render(lastpoint, generic)));
        assertEquals(List.of("c0", "c1", "c2"), CatalogueTexts.missingColumns(lastpoint,
                CatalogueTexts.render(lastpoint, generic.replace(", {metrics}", ""))));
    }
}
