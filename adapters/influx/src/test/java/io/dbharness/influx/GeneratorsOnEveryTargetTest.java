package io.dbharness.influx;

import io.dbharness.core.engine.Harness;
import io.dbharness.core.engine.RunSpec;
import io.dbharness.core.result.RunResult;
import io.dbharness.postgres.EmbeddedPostgres;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every data model on every target we can run here: the same {@code iot-insert --generator} flags on embedded
 * PostgreSQL, embedded QuestDB and a local InfluxDB 1.x write the same rows and points, and each passes
 * {@code --verify} by counting what it stored.
 */
class GeneratorsOnEveryTargetTest {

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

    private static RunResult run(String target, Map<String, Object> model) throws Exception {
        RunSpec.Builder b = RunSpec.builder().target(target).workload("iot-insert").option("clean", true)
                .option("verify", true).option("workers", 3).option("no-watch", true).environment(Map.of());
        model.forEach(b::option);
        if (target.equals("influx")) {
            b.option("influx-url", influx.url()).option("influx-database", "models");
        } else if (target.equals("postgres")) {
            b.option("host", "localhost").option("port", EmbeddedPostgres.shared().port()).option("user", "postgres")
                    .option("database", "postgres");
        }
        RunResult r = Harness.run(b.build());
        assertEquals(0, r.exitCode(), target + ": " + r.failure() + " " + r.errors());
        assertEquals("PASSED", r.verification().status(), target + ": " + r.verification().message());
        return r;
    }

    private static void assertSameOnEveryTarget(Map<String, Object> model, long rows, long points) throws Exception {
        for (String target : new String[] {"postgres", "questdb", "influx"}) {
            RunResult r = run(target, model);
            assertEquals(rows, r.totals().rows(), target + " rows");
            assertEquals(points, r.totals().points(), target + " points");
            assertTrue(r.verification().message().contains(String.format("%,d rows", rows)), r.verification().message());
        }
    }

    /** TSBS cpu-only: 25 hosts, an hour at TSBS's 10 s interval: 360 points of 10 fields per host. */
    @Test
    void devopsCpuOnly() throws Exception {
        assertSameOnEveryTarget(Map.of("generator", "devops", "use-case", "cpu-only", "scale", 25,
                "ts-end", "2016-01-01 01:00:00"), 25 * 360, 25 * 360 * 10);
    }

    /** influx-stress's default template over 1,000 series, 3 passes. */
    @Test
    void influxStressTemplate() throws Exception {
        assertSameOnEveryTarget(Map.of("generator", "template", "series", 1000, "points", 3000), 3000, 3000);
    }

    /** A template with three tags and two float fields: 20,000 = 2^5 * 5^4 series over the tags (32, 625, 1). */
    @Test
    void templateWithSeveralTagsAndFloatFields() throws Exception {
        assertSameOnEveryTarget(Map.of("generator", "template", "template",
                "cpu,host=server,location=us-west,id=myid busy=0,idle=1", "series", 20000, "points", 40000,
                "table-name", "stress_cpu"), 40000, 80000);
    }
}
