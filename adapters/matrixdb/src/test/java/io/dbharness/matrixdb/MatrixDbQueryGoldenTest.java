package io.dbharness.matrixdb;

import io.dbharness.core.dialect.StatementTexts;
import io.dbharness.core.api.QueryCatalogue;
import io.dbharness.iot.Catalogues;
import io.dbharness.postgres.CatalogueTexts;
import io.dbharness.postgres.PgFlavor;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The catalogue's texts and the query index as the matrixdb target sends them, against {@code golden/queries.sql}
 * and {@code golden/query_index.sql} (their headers name the YMatrix pages). The texts are the same on every
 * storage (multi-tag-latest is mxbench's, the rest generic PostgreSQL); the index differs by storage.
 */
class MatrixDbQueryGoldenTest {

    private static final String[] STORAGES = {"mars3", "mars2", "ao_column", "heap"};

    private static MatrixDbFlavor flavor(String storage) {
        return MatrixDbTestSupport.flavor(Map.of("matrixdb-storage", storage));
    }

    @Test
    void everyCatalogueQueryTheSameOnEveryStorage() throws IOException {
        String mars3 = CatalogueTexts.renderQueries(flavor("mars3"));
        CatalogueTexts.assertGolden(MatrixDbQueryGoldenTest.class, "queries.sql", mars3);
        for (String storage : STORAGES) {
            assertEquals(mars3, CatalogueTexts.renderQueries(flavor(storage)), storage);
            StatementTexts d = flavor(storage).dialect();
            for (QueryCatalogue.Query q : Catalogues.TELEMATICS.queries()) {
                String dir = java.util.Set.of("multi-tag-latest", "lastpoint", "newest-per-device").contains(q.name())
                        ? "matrixdb" : "postgres";
                assertEquals("io/dbharness/" + dir + "/sql/query/" + q.name() + ".sql", d.source("query/" + q.name()));
            }
        }
    }

    @Test
    void queryIndexByStorage() throws IOException {
        StringBuilder sb = new StringBuilder();
        for (String storage : STORAGES) {
            sb.append("-- --matrixdb-storage ").append(storage).append('\n').append(CatalogueTexts.renderIndex(flavor(storage)))
                    .append('\n');
        }
        PgFlavor compatible = MatrixDbTestSupport.flavor(Map.of("matrixdb-unique-mode", "true"))
                .onCompatibleServer("PostgreSQL 17.11 on x86_64-pc-linux-gnu, compiled by gcc", w -> { });
        sb.append("-- --matrixdb-storage mars3 --matrixdb-unique-mode on a compatible server (a heap table there)\n")
                .append(CatalogueTexts.renderIndex(compatible));
        CatalogueTexts.assertGolden(MatrixDbQueryGoldenTest.class, "query_index.sql", sb.toString());
    }

    /** The storage directories hold only what differs by storage; the rest is found as before. */
    @Test
    void storageDirectoriesAddOnlyTheIndex() {
        for (String storage : STORAGES) {
            StatementTexts d = flavor(storage).dialect();
            assertEquals("io/dbharness/matrixdb/sql/create_table.sql", d.source("create_table"));
            assertEquals("io/dbharness/postgres/sql/copy_text.sql", d.source("copy_text"));
        }
        assertEquals("io/dbharness/matrixdb/sql/mars3/query_index.sql", flavor("mars3").dialect().source("query_index"));
        assertEquals("io/dbharness/matrixdb/sql/mars2/query_index.sql", flavor("mars2").dialect().source("query_index"));
        assertEquals("io/dbharness/postgres/sql/query_index.sql", flavor("heap").dialect().source("query_index"));
        assertEquals("io/dbharness/postgres/sql/query_index.sql", flavor("ao_column").dialect().source("query_index"));
    }
}
