package io.dbharness.mogdb;

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
 * The mogdb target's query path over the stock driver on embedded PostgreSQL 17 with
 * {@code --allow-compatible-server}: every catalogue query answers exactly as the plain {@code postgres}
 * target does on the same data, and MogDB's index statement (a DO block, openGauss having no CREATE INDEX IF
 * NOT EXISTS) passes over an index that is already there.
 */
@org.junit.jupiter.api.Tag("server")
class MogDbQueryOnPostgresTest {

    private static RunSpec.Builder run(String target, String table) throws Exception {
        return CatalogueTexts.onEmbeddedPostgres(target, table).option("tag-num", 50).option("total-metrics-count", 5)
                .option("ts-end", "2022-04-18 10:00:00").option("generator-empty-value-ratio", 0);
    }

    @Test
    void everyQueryAnswersAsPostgresDoesAndTheIndexIsMadeOnce() throws Exception {
        RunResult mine = CatalogueTexts.ok(Harness.run(run("mogdb", "mogdb_query").option("load", true).option("clean", true)
                .option("query-count", 200).build()));
        RunResult theirs = CatalogueTexts.ok(Harness.run(run("postgres", "mogdb_query_pg").option("load", true).option("clean", true)
                .option("query-count", 200).build()));
        assertEquals(200, mine.answers().size());
        for (QueryCatalogue.Query q : Catalogues.TELEMATICS.queries()) {
            assertTrue(mine.answers().stream().anyMatch(a -> a.query().equals(q.name())), q.name() + " ran");
        }
        assertTrue(mine.workloadFacts().details().get("queryDdl").startsWith("DO $dbharness$"), mine.workloadFacts().details().get("queryDdl"));
        CatalogueTexts.assertSameAnswers(theirs, mine);

        // the table and its index are there now: the statement must pass over the index, not fail on it
        RunResult again = CatalogueTexts.ok(Harness.run(run("mogdb", "mogdb_query").option("queries", "lastpoint").option("query-count", 5)
                .build()));
        assertEquals(5, again.answers().size());
    }

    /** TSBS's devops and MaibornWolff's events queries, in this product's texts, answer as PostgreSQL's do. */
    @Test
    void otherModelsAnswerAsPostgresDoes() throws Exception {
        CatalogueTexts.assertModelsAnswerAsPostgres("mogdb");
    }
}
