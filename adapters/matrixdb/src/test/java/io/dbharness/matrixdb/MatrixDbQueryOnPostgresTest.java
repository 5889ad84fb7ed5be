package io.dbharness.matrixdb;

import io.dbharness.postgres.CatalogueTexts;
import io.dbharness.core.engine.Harness;
import io.dbharness.core.engine.RunSpec;
import io.dbharness.core.result.RunResult;
import io.dbharness.core.api.QueryCatalogue;
import io.dbharness.iot.Catalogues;
import org.junit.jupiter.api.Test;


import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The matrixdb target's query texts run through the harness on embedded PostgreSQL 17 with
 * {@code --allow-compatible-server} (a heap table there, so the generic query index), answering exactly as the
 * plain {@code postgres} target does on the same data, instance by instance. The storage-specific indexes
 * (mars3_brin, none on mars2) need a YMatrix server: MatrixDbServerTest.
 */
@org.junit.jupiter.api.Tag("server")
class MatrixDbQueryOnPostgresTest {

    private static RunSpec.Builder run(String target, String table) throws Exception {
        return CatalogueTexts.onEmbeddedPostgres(target, table).option("load", true).option("clean", true)
                .option("tag-num", 50).option("total-metrics-count", 5).option("ts-end", "2022-04-18 10:00:00")
                .option("generator-empty-value-ratio", 0).option("query-count", 200);
    }

    @Test
    void everyQueryAnswersAsPostgresDoes() throws Exception {
        RunResult mine = CatalogueTexts.ok(Harness.run(run("matrixdb", "mx_query").build()));
        RunResult theirs = CatalogueTexts.ok(Harness.run(run("postgres", "mx_query_pg").build()));
        assertEquals(200, mine.answers().size());
        for (QueryCatalogue.Query q : Catalogues.TELEMATICS.queries()) {
            assertTrue(mine.answers().stream().anyMatch(a -> a.query().equals(q.name())), q.name() + " ran");
        }
        assertTrue(mine.workloadFacts().details().get("query.multi-tag-latest").contains("max(ts) AS max_ts"),
                mine.workloadFacts().details().get("query.multi-tag-latest"));
        assertEquals("CREATE INDEX IF NOT EXISTS \"mx_query_tag_ts\" ON \"mx_query\" (tag_id, ts);\nVACUUM ANALYZE \"mx_query\"",
                mine.workloadFacts().details().get("queryDdl"));
        CatalogueTexts.assertSameAnswers(theirs, mine);
    }

    /** TSBS's devops and MaibornWolff's events queries, in this product's texts, answer as PostgreSQL's do. */
    @Test
    void otherModelsAnswerAsPostgresDoes() throws Exception {
        CatalogueTexts.assertModelsAnswerAsPostgres("matrixdb");
    }
}
