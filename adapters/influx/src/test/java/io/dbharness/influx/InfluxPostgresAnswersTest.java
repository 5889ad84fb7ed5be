package io.dbharness.influx;

import io.dbharness.core.api.AnswerDigest;
import io.dbharness.core.engine.Harness;
import io.dbharness.core.engine.RunSpec;
import io.dbharness.core.result.RunResult;
import io.dbharness.core.api.QueryCatalogue;
import io.dbharness.iot.Catalogues;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The InfluxQL catalogue gives PostgreSQL's answers: the same {@code iot-query --load} flags on an embedded
 * PostgreSQL and a local InfluxDB 1.x, every kept answer's digest compared instance by instance.
 */
@org.junit.jupiter.api.Tag("server")
class InfluxPostgresAnswersTest {

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

    private static RunResult run(String target, String table, int emptyRatio) throws Exception {
        RunSpec.Builder b = RunSpec.builder().target(target).workload("iot-query").option("load", true)
                .option("table-name", table).option("tag-num", 20).option("total-metrics-count", 5)
                .option("ts-start", "2022-04-18 09:00:00").option("ts-end", "2022-04-18 09:20:00")
                .option("generator-empty-value-ratio", emptyRatio).option("query-count", 300).option("no-watch", true)
                .environment(Map.of());
        RunResult r = Harness.run(influx.connect(b, target, "agree").build());
        assertEquals(0, r.exitCode(), target + ": " + r.failure() + " " + r.errors());
        return r;
    }

    /** Instances whose answers differ, as {@code query#instance: postgres values | influx values}. */
    private static List<String> differences(RunResult pg, RunResult in, Set<String> queries) {
        Map<String, AnswerDigest> mine = new TreeMap<>();
        in.answers().forEach(a -> mine.put(a.query() + "#" + a.instance(), a));
        List<String> out = new ArrayList<>();
        int compared = 0;
        for (AnswerDigest p : pg.answers()) {
            if (!queries.contains(p.query())) {
                continue;
            }
            AnswerDigest i = mine.get(p.query() + "#" + p.instance());
            compared++;
            if (i == null || !i.digest().equals(p.digest())) {
                out.add(p.query() + "#" + p.instance() + " (" + p.parameters() + "): " + p.rows() + " rows " + p.values()
                        + " | " + (i == null ? "missing" : i.rows() + " rows " + i.values()));
            }
        }
        assertTrue(compared >= 200, compared + " answers compared");
        return out;
    }

    @Test
    void everyQueryAgreesWhenNoValueIsEmpty() throws Exception {
        RunResult pg = run("postgres", "agree_full", 0);
        RunResult in = run("influx", "agree_full", 0);
        Set<String> all = Catalogues.TELEMATICS.queries().stream().map(QueryCatalogue.Query::name).collect(Collectors.toSet());
        assertEquals(all, in.answers().stream().map(AnswerDigest::query).collect(Collectors.toSet()));
        List<String> d = differences(pg, in, all);
        assertTrue(d.isEmpty(), d.size() + " answers differ:\n" + String.join("\n", d));
    }

    /**
     * With empty values the aggregates (which skip them) still agree; the whole-row queries may not, as
     * InfluxDB does not store a row whose values are all empty.
     */
    @Test
    void aggregatesAgreeWithEmptyValues() throws Exception {
        RunResult pg = run("postgres", "agree_sparse", 40);
        RunResult in = run("influx", "agree_sparse", 40);
        assertTrue(in.workloadFacts().loaded().rows() < pg.workloadFacts().loaded().rows(),
                "some rows were all empty, not stored by InfluxDB: the case the whole-row queries differ on");
        Set<String> aggregates = Catalogues.TELEMATICS.queries().stream().filter(q -> !q.metrics()).map(QueryCatalogue.Query::name)
                .collect(Collectors.toSet());
        List<String> d = differences(pg, in, aggregates);
        assertTrue(d.isEmpty(), d.size() + " answers differ:\n" + String.join("\n", d));
    }
}
