package io.dbharness.iot;

import io.dbharness.core.api.UsageException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class IotOptionsTest {

    private static String error(String... pairs) {
        return assertThrows(UsageException.class, () -> TestSettings.options(pairs)).getMessage();
    }

    @Test
    void defaultsAreMxbenchs() {
        IotOptions o = TestSettings.options();
        assertEquals(25000, o.tagNum());
        assertEquals(300, o.metricCount());
        assertEquals(90, o.emptyValuePercent());
        assertEquals(Randomness.OFF, o.randomness());
        assertEquals(60, o.steps());
    }

    @Test
    void batchesThatWouldNotFitTheHeapAreRefusedBeforeTheRun() {
        // 50,000 rows x 1000 metrics is 450 MB a worker: 1024 of them fit no test JVM's heap
        String e = error("total-metrics-count", "1000", "write-batch-rows", "50000", "workers", "1024");
        assertTrue(e.startsWith("--write-batch-rows 50000 x 1000 metrics x 1024 workers hold "), e);
        assertTrue(e.contains("more than half the JVM's heap") && e.contains("DBHARNESS_JAVA_OPTS=-Xmx"), e);
        assertEquals(1000, TestSettings.options("total-metrics-count", "1000").writeBatchRows(), "the default fits");
    }

    @Test
    void badValuesNameTheOptionAndWhatIsAllowed() {
        assertEquals("--ts-end (2022-04-18 09:00:00) must be after --ts-start (2022-04-18 09:00:00)",
                error("ts-end", "2022-04-18 09:00:00"));
        assertTrue(error("generator-empty-value-ratio", "101").contains("--generator-empty-value-ratio"));
        assertTrue(error("generator-disorder-ratio", "-1").contains("expected an integer from 0 to 100"));
        assertEquals("invalid value 'float16' for --metrics-type: expected int4|int8|float4|float8",
                error("metrics-type", "float16"));
        assertEquals("invalid value 'XL' for --generator-randomness: expected off|s|m|l",
                error("generator-randomness", "XL"));
        assertTrue(error("tag-num", "0").startsWith("invalid value '0' for --tag-num"));
        assertTrue(error("tag-num", "-5").contains("--tag-num"));
        assertTrue(error("clean", "true", "append", "true").contains("--clean and --append"));
        assertTrue(error("live", "true").contains("--live needs --duration"));
        assertTrue(error("ts-start", "yesterday").contains("--ts-start"));
    }

    @Test
    @Timeout(30)
    void aValueOutsideItsDeclaredRangeIsRefusedWhenTheSettingsAreResolved() {
        // before any model reads it, by the option's own definition; the shared query and mixed options too
        assertEquals("invalid value 'XL' for --generator-randomness: expected off|s|m|l", assertThrows(UsageException.class,
                () -> TestSettings.insert("generator", "devops", "generator-randomness", "XL")).getMessage());
        assertEquals("invalid value '0' for --query-tags: expected an integer from 1 to 10000", assertThrows(UsageException.class,
                () -> TestSettings.query("query-tags", "0")).getMessage());
        assertEquals("invalid value '0' for --write-batch-rows: expected an integer from 1 to 1000000",
                assertThrows(UsageException.class, () -> TestSettings.of("write-batch-rows", "0")).getMessage());
        assertEquals(7, TestSettings.query("query-tags", "7").get(QueryOptions.QUERY_TAGS));
    }

    @Test
    void liveRunsFromNowAtOneReportPerDevicePerStep() {
        IotOptions o = TestSettings.options("live", "true", "duration", "10s", "tag-num", "500", "ts-step-in-second", "2");
        assertEquals(250.0, o.liveRowsPerSecond());
        assertEquals(5, o.steps());
        assertTrue(Math.abs(o.tsStartMicros() / 1_000_000 - System.currentTimeMillis() / 1000) <= 3);
    }
}
