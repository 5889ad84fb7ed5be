package io.dbharness.yugabyte;

import io.dbharness.postgres.CatalogueTexts;
import io.dbharness.core.engine.Harness;
import io.dbharness.core.engine.RunSpec;
import io.dbharness.core.result.RunResult;
import io.dbharness.core.api.QueryCatalogue;
import io.dbharness.iot.Catalogues;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The yugabyte target's query texts (the recursive-CTE loose index scans, the range index) run through the
 * harness on embedded PostgreSQL 17 with {@code --allow-compatible-server}, and answer exactly as the plain
 * {@code postgres} target does on the same data, instance by instance. Each target loads its own table with
 * the same flags and seed, so both hold the same rows.
 */
@org.junit.jupiter.api.Tag("server")
class YugabyteQueryOnPostgresTest {

    /** Every catalogue query, 200 instances, one hour of 50 devices with every value present. */
    private static RunSpec.Builder run(String target, String table) throws Exception {
        return CatalogueTexts.onEmbeddedPostgres(target, table).option("load", true).option("clean", true);
    }

    @Test
    void everyQueryAnswersAsPostgresDoes() throws Exception {
        Map<String, Object> data = Map.of("tag-num", 50, "total-metrics-count", 5, "ts-start", "2022-04-18 09:00:00",
                "ts-end", "2022-04-18 10:00:00", "generator-empty-value-ratio", 0, "query-count", 200);
        RunSpec.Builder yb = run("yugabyte", "yb_query");
        RunSpec.Builder pg = run("postgres", "yb_query_pg");
        data.forEach((k, v) -> {
            yb.option(k, v);
            pg.option(k, v);
        });
        RunResult mine = CatalogueTexts.ok(Harness.run(yb.build()));
        RunResult theirs = CatalogueTexts.ok(Harness.run(pg.build()));

        assertEquals(200, mine.answers().size());
        for (QueryCatalogue.Query q : Catalogues.TELEMATICS.queries()) {
            assertTrue(mine.answers().stream().anyMatch(a -> a.query().equals(q.name())), q.name() + " ran");
        }
        Map<String, String> info = mine.workloadFacts().details();
        assertTrue(info.get("query.newest-per-device").startsWith("WITH RECURSIVE"), info.get("query.newest-per-device"));
        assertTrue(info.get("query.lastpoint").startsWith("WITH RECURSIVE"), info.get("query.lastpoint"));
        assertTrue(info.get("query.multi-tag-latest").contains("CROSS JOIN LATERAL"), info.get("query.multi-tag-latest"));
        assertEquals("CREATE INDEX IF NOT EXISTS \"yb_query_tag_ts\" ON \"yb_query\" (tag_id ASC, ts DESC);\nANALYZE \"yb_query\"",
                info.get("queryDdl"));
        CatalogueTexts.assertSameAnswers(theirs, mine);
    }

    /**
     * With empty values (the generator's default 90 %): the newest non-null value per device, not the newest
     * row's, and whole rows with their NULLs, as the generic DISTINCT ON texts give them.
     */
    @Test
    void overriddenQueriesKeepNullSemantics() throws Exception {
        Map<String, Object> data = Map.of("tag-num", 20, "total-metrics-count", 3, "ts-start", "2022-04-18 09:00:00",
                "ts-end", "2022-04-18 09:10:00", "queries", "newest-per-device,lastpoint,multi-tag-latest",
                "query-tags", 25, "query-count", 30);
        RunSpec.Builder yb = run("yugabyte", "yb_query_nulls");
        RunSpec.Builder pg = run("postgres", "yb_query_nulls_pg");
        data.forEach((k, v) -> {
            yb.option(k, v);
            pg.option(k, v);
        });
        RunResult mine = CatalogueTexts.ok(Harness.run(yb.build()));
        RunResult theirs = CatalogueTexts.ok(Harness.run(pg.build()));
        assertEquals(30, mine.answers().size());
        assertTrue(mine.answers().stream().anyMatch(a -> a.values() != null && a.values().toString().contains("null")),
                "some newest row holds an empty value");
        CatalogueTexts.assertSameAnswers(theirs, mine);
    }

    /** TSBS's devops and MaibornWolff's events queries, in this product's texts, answer as PostgreSQL's do. */
    @Test
    void otherModelsAnswerAsPostgresDoes() throws Exception {
        CatalogueTexts.assertModelsAnswerAsPostgres("yugabyte");
    }
}
