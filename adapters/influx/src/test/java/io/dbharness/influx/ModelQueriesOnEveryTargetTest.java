package io.dbharness.influx;

import io.dbharness.core.api.AnswerDigest;
import io.dbharness.core.api.UsageException;
import io.dbharness.core.engine.Harness;
import io.dbharness.core.engine.RunSpec;
import io.dbharness.core.result.RunResult;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Each data model's own query catalogue answers the same on every target we can run here: {@code iot-query
 * --load --generator devops} (TSBS's 15 query types) and {@code --generator events} (MaibornWolff's five) on
 * embedded PostgreSQL, embedded QuestDB and a local InfluxDB 1.x, every kept answer compared instance by instance.
 */
@org.junit.jupiter.api.Tag("server")
class ModelQueriesOnEveryTargetTest {

    private static final String[] TARGETS = {"postgres", "questdb", "influx"};

    private static InfluxServer influx;

    @BeforeAll
    static void start() throws Exception {
        influx = InfluxServer.start(false);
    }

    @AfterAll
    static void stop() throws Exception {
        if (influx != null) {
            influx.close();
        }
    }

    private static RunSpec.Builder spec(String target, Map<String, Object> options) throws Exception {
        RunSpec.Builder b = RunSpec.builder().target(target).workload("iot-query").option("load", true)
                .option("clean", true).option("no-watch", true).environment(Map.of());
        options.forEach(b::option);
        return influx.connect(b, target, "model_queries");
    }

    /** Runs the flags on every target; the answers, per target, by {@code query#instance}. */
    private static List<Map<String, AnswerDigest>> answers(Map<String, Object> options) throws Exception {
        List<Map<String, AnswerDigest>> out = new ArrayList<>();
        for (String target : TARGETS) {
            RunResult r = Harness.run(spec(target, options).build());
            assertEquals(0, r.exitCode(), target + ": " + r.failure() + " " + r.errors());
            Map<String, AnswerDigest> byInstance = new HashMap<>();
            r.answers().forEach(a -> byInstance.put(a.query() + "#" + a.instance(), a));
            out.add(byInstance);
        }
        return out;
    }

    /** Every instance answered alike everywhere, none an error; the queries that answered with rows, by name. */
    private static Set<String> assertSameAnswers(List<Map<String, AnswerDigest>> answers, int expectedInstances) {
        Map<String, AnswerDigest> pg = answers.get(0);
        assertEquals(expectedInstances, pg.size());
        List<String> differences = new ArrayList<>();
        Set<String> withRows = new HashSet<>();
        for (Map.Entry<String, AnswerDigest> e : pg.entrySet()) {
            AnswerDigest p = e.getValue();
            assertFalse(p.digest().startsWith("error"), e.getKey() + ": " + p.digest());
            if (p.rows() > 0) {
                withRows.add(p.query());
            }
            for (int t = 1; t < TARGETS.length; t++) {
                AnswerDigest other = answers.get(t).get(e.getKey());
                if (other == null || !other.digest().equals(p.digest())) {
                    differences.add(e.getKey() + " (" + p.parameters() + "): postgres " + p.rows() + " rows " + p.values()
                            + " | " + TARGETS[t] + " " + (other == null ? "missing" : other.rows() + " rows " + other.values()
                            + " " + (other.digest().startsWith("error") ? other.digest() : "")));
                }
            }
        }
        assertEquals(List.of(), differences);
        return withRows;
    }

    /** TSBS devops cpu-only: 12 hosts over 13 hours at a 60 s interval, each of TSBS's 15 query types 8 times. */
    @Test
    void devopsAnswersAlikeOnEveryTarget() throws Exception {
        String all = String.join(",", List.of("single-groupby-1-1-1", "single-groupby-1-1-12", "single-groupby-1-8-1",
                "single-groupby-5-1-1", "single-groupby-5-1-12", "single-groupby-5-8-1", "cpu-max-all-1", "cpu-max-all-8",
                "double-groupby-1", "double-groupby-5", "double-groupby-all", "high-cpu-all", "high-cpu-1", "lastpoint",
                "groupby-orderby-limit"));
        Set<String> withRows = assertSameAnswers(answers(Map.of("generator", "devops", "scale", 12, "log-interval", "60s",
                "ts-end", "2016-01-01 13:00:00", "queries", all, "query-count", 120)), 120);
        // high-cpu-1 may find no row above 90 for its host; everything else answers with rows
        assertTrue(withRows.size() >= 14, withRows.toString());
    }

    /** influxdb-comparisons' names are aliases: the run reports TSBS's names, and a name the model lacks is refused. */
    @Test
    void influxdbComparisonsNamesAndRefusals() throws Exception {
        RunResult r = Harness.run(spec("postgres", Map.of("generator", "devops", "scale", 4, "ts-end",
                "2016-01-01 02:00:00", "queries", "1-host-1-hr,8-host-1-hr", "query-count", 40)).build());
        assertEquals(0, r.exitCode(), r.failure());
        assertEquals(Set.of("single-groupby-1-1-1", "single-groupby-1-8-1"),
                new HashSet<>(r.answers().stream().map(AnswerDigest::query).toList()));
        // --load again into the table that run left: iot-query's advice, not iot-insert's --append (a second copy)
        UsageException again = assertThrows(UsageException.class, () -> Harness.run(spec("postgres", Map.of("generator",
                "devops", "scale", 4, "ts-end", "2016-01-01 02:00:00", "queries", "lastpoint", "clean", false)).build()));
        assertTrue(again.getMessage().endsWith("; add --clean to load it afresh, or drop --load to query what it holds"),
                again.getMessage());
        assertFalse(again.getMessage().contains("--append"), again.getMessage());
        UsageException other = assertThrows(UsageException.class, () -> Harness.run(spec("postgres",
                Map.of("generator", "devops", "queries", "stats")).build()));
        assertTrue(other.getMessage().startsWith("unknown query 'stats' in --queries; valid queries (--generator devops):"
                + " single-groupby-1-1-1 (1-host-1-hr), single-groupby-1-1-12 (1-host-12-hr)"), other.getMessage());
        UsageException none = assertThrows(UsageException.class, () -> Harness.run(spec("postgres",
                Map.of("generator", "template", "series", 10, "points", 10)).build()));
        assertTrue(none.getMessage().startsWith("--generator template has no catalogue of queries"), none.getMessage());
    }

    /** MaibornWolff's events: their five queries, each 10 times, alike on every target. */
    @Test
    void eventsAnswersAlikeOnEveryTarget() throws Exception {
        Set<String> withRows = assertSameAnswers(answers(Map.of("generator", "events", "primary-key", "none",
                "devices", 5, "num-inserts", 400, "query-count", 50)), 50);
        assertEquals(Set.of("count-events", "temperature-min-max", "temperature-stats", "temperature-stats-per-device",
                "newest-per-device"), withRows);
    }
}
