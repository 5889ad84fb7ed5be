package io.dbharness.iot;

import io.dbharness.core.api.Generator;
import io.dbharness.core.api.GeneratorProvider;
import io.dbharness.core.api.MetricType;
import io.dbharness.core.api.SeriesSchema;
import io.dbharness.core.api.UsageException;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The data models behind {@code --generator}: their shapes, determinism under any split, and refusals. */
class GeneratorModelsTest {

    private static Generator model(String... pairs) {
        var settings = TestSettings.insert(pairs);
        GeneratorProvider g = GeneratorProvider.named(settings.string("generator"));
        IotInsertProvider.refuseOthersOptions(settings, g);
        return g.create(settings);
    }

    /** Every row of every slot, as "series time field=value..." lines, sorted. */
    private static List<String> rows(Generator g, int slots) {
        SeriesSchema s = g.schema();
        return GeneratorRows.of(g, slots, 7, (batch, r) -> {
            StringBuilder line = new StringBuilder(String.join(",", s.tags().values(batch.tagIds()[r])))
                    .append(' ').append(batch.tsMicros()[r]);
            for (int f = 0; f < s.metricCount(); f++) {
                int i = r * s.metricCount() + f;
                line.append(' ').append(s.fieldName(f)).append('=');
                if (s.fieldType(f).integral()) {
                    line.append(batch.longs()[i]);
                } else {
                    line.append(batch.doubles()[i]);
                }
            }
            return line.toString();
        });
    }

    @Test
    void devopsIsTsbsCpuOnlyAndTheSameForAnySplit() {
        Generator g = model("generator", "devops", "scale", "7", "ts-end", "2016-01-01 00:10:00");
        SeriesSchema s = g.schema();
        assertEquals("cpu", s.tableName());
        assertEquals("time", s.timeColumn());
        assertEquals(DevopsModel.TAGS, s.tags().names());
        assertEquals(List.of("hostname"), s.keyColumns());
        assertEquals(DevopsModel.CPU_FIELDS, s.fieldNames());
        assertEquals(7 * 60, g.plannedRows(), "60 points a host at 10 s over 10 minutes");
        List<String> one = rows(g, 1);
        assertEquals(one, rows(g, 3));
        assertEquals(one, rows(g, 10), "more slots than hosts: some have none");
        Set<String> hosts = new HashSet<>();
        for (long h = 1; h <= 7; h++) {
            String[] tags = s.tags().values(h);
            hosts.add(tags[0]);
            assertTrue(tags[2].startsWith(tags[1]), "datacenter in its region: " + Arrays.toString(tags));
            assertTrue(Set.of("Ubuntu16.10", "Ubuntu16.04LTS", "Ubuntu15.10").contains(tags[4]));
            assertTrue(Set.of("x64", "x86").contains(tags[5]));
            assertTrue(Set.of("SF", "NYC", "LON", "CHI").contains(tags[6]));
            assertTrue(Integer.parseInt(tags[3]) < 100 && Integer.parseInt(tags[7]) < 20 && Integer.parseInt(tags[8]) < 2);
            assertArrayEquals(tags, s.tags().values(h), "a host's tags are fixed");
        }
        assertEquals(Set.of("host_0", "host_1", "host_2", "host_3", "host_4", "host_5", "host_6"), hosts);
        for (String row : one) {
            for (String field : row.substring(row.indexOf(' ', row.indexOf(' ') + 1) + 1).split(" ")) {
                long v = Long.parseLong(field.substring(field.indexOf('=') + 1));
                assertTrue(v >= 0 && v <= 100, row);
            }
        }
        assertTrue(one.get(0).contains(" 1451606400000000 "), "TSBS's default start, 2016-01-01: " + one.get(0));
        assertEquals(one, rows(model("generator", "devops", "scale", "7", "ts-end", "2016-01-01 00:10:00"), 2),
                "the same flags, the same rows");
        assertTrue(!one.equals(rows(model("generator", "devops", "scale", "7", "ts-end", "2016-01-01 00:10:00",
                "seed", "9"), 1)), "another seed, other values");
    }

    /**
     * TSBS's full devops use case: cpu as in cpu-only, then eight more tables with the host's tags, their own and
     * TSBS's fields (mem's three percentages floats), the same rows for any split; 101 fields a host and step.
     */
    @Test
    void devopsUseCaseWritesTsbsNineMeasurements() {
        Generator g = model("generator", "devops", "use-case", "devops", "scale", "5", "ts-end", "2016-01-01 00:05:00");
        List<Generator> parts = g.parts();
        assertEquals(List.of("cpu", "diskio", "disk", "kernel", "mem", "net", "nginx", "postgresl", "redis"),
                parts.stream().map(p -> p.schema().tableName()).toList());
        assertEquals(101, parts.stream().mapToInt(p -> p.schema().metricCount()).sum());
        assertEquals(9 * 5 * 30, g.plannedRows());
        assertEquals(rows(model("generator", "devops", "scale", "5", "ts-end", "2016-01-01 00:05:00"), 1), rows(parts.get(0), 1),
                "cpu is cpu-only's");
        SeriesSchema mem = parts.get(4).schema();
        assertEquals(List.of("total", "available", "used", "free", "cached", "buffered", "used_percent",
                "available_percent", "buffered_percent"), mem.fieldNames());
        assertEquals(MetricType.FLOAT8, mem.fieldType(6));
        assertEquals(MetricType.INT8, mem.fieldType(0));
        SeriesSchema redis = parts.get(8).schema();
        assertEquals("uptime_in_seconds", redis.fieldName(0));
        assertEquals(31, redis.metricCount());
        assertEquals(List.of("port", "server"), redis.tags().names().subList(10, 12));
        assertEquals(List.of("hostname"), redis.keyColumns());
        for (Generator p : parts) {
            List<String> one = rows(p, 1);
            assertEquals(one, rows(p, 3), p.schema().tableName());
            assertEquals(5 * 30, one.size());
        }
        // redis' uptime counts the interval, disk's fields follow from its free bytes, mem's add up
        List<String> redisRows = rows(parts.get(8), 1);
        assertTrue(redisRows.stream().anyMatch(r -> r.contains(" uptime_in_seconds=290 ")), redisRows.get(0));
        for (String r : rows(parts.get(2), 2)) {
            long free = Long.parseLong(r.replaceAll(".* free=(\\d+) .*", "$1"));
            long used = Long.parseLong(r.replaceAll(".* used=(\\d+) .*", "$1"));
            assertEquals(1L << 40, free + used, r);
        }
        UsageException named = assertThrows(UsageException.class, () -> model("generator", "devops", "use-case", "devops",
                "table-name", "x"));
        assertTrue(named.getMessage().startsWith("--table-name names cpu-only's one table"), named.getMessage());
    }

    @Test
    void templateSpreadsTheSeriesOverTheTagsAsInfluxStress() {
        assertArrayEquals(new long[] {100000}, TemplateModel.buckets(100000, 1));
        assertArrayEquals(new long[] {32, 625, 1}, TemplateModel.buckets(20000, 3), "influx-stress's README example");
        Generator g = model("generator", "template", "template", "cpu,host=server,location=us-west,id=myid busy=0,idle=1",
                "series", "20000", "points", "40000");
        SeriesSchema s = g.schema();
        assertEquals("cpu", s.tableName());
        assertEquals(List.of("host", "location", "id"), s.tags().names());
        assertEquals(List.of("busy", "idle"), s.fieldNames());
        assertArrayEquals(new String[] {"server-1", "us-west-1", "myid-0"}, s.tags().values(2));
        Set<String> keys = new HashSet<>();
        for (long i = 1; i <= 20000; i++) {
            keys.add(String.join(",", s.tags().values(i)));
        }
        assertEquals(20000, keys.size(), "every series key distinct");
        List<String> rows = rows(g, 4);
        assertEquals(rows, rows(g, 1));
        assertTrue(rows.contains("server-0,us-west-0,myid-0 1650272400000000 busy=0.0 idle=0.0"), rows.get(0));
        assertTrue(rows.contains("server-0,us-west-0,myid-0 1650272401000000 busy=1.0 idle=1.0"), "the second pass counts on");
    }

    @Test
    void aTemplateMixingIntegerAndFloatFieldsPutsTheIntegersFirst() {
        Generator g = model("generator", "template", "template", "m,t=x f=1.5,n=0i,g=2", "series", "4", "points", "8");
        assertEquals(List.of("n", "f", "g"), g.schema().fieldNames(), "influx-stress writes ints, then floats");
        assertEquals(List.of(MetricType.INT8, MetricType.FLOAT8, MetricType.FLOAT8), g.schema().fieldTypes());
        assertTrue(rows(g, 2).contains("x-3 1650272401000000 n=1 f=1.0 g=1.0"), rows(g, 1).toString());
    }

    @Test
    void eventsAreMaibornWolffsWithADatabaseFilledId() {
        Generator g = model("generator", "events", "devices", "5", "num-inserts", "40");
        SeriesSchema s = g.schema();
        assertEquals("events", s.tableName());
        assertEquals("timestamp", s.timeColumn());
        assertEquals(List.of("device_id"), s.tags().names());
        assertEquals(List.of("sequence_number", "temperature"), s.fieldNames());
        assertEquals(List.of(MetricType.INT8, MetricType.FLOAT4), s.fieldTypes());
        assertEquals("id serial", s.rowId().sqlColumn(), "MaibornWolff's default, --primary-key db");
        assertEquals(200, g.plannedRows());
        List<String> rows = rows(g, 1);
        assertEquals(rows, rows(g, 3));
        java.util.Map<String, List<String[]>> byDevice = new java.util.TreeMap<>();
        for (String row : rows) {
            String[] p = row.split(" ");
            byDevice.computeIfAbsent(p[0], k -> new ArrayList<>()).add(p);
        }
        assertEquals(5, byDevice.size());
        for (Map.Entry<String, List<String[]>> d : byDevice.entrySet()) {
            assertTrue(d.getKey().matches("[a-z0-9]{4}dbharness-worker-\\d[a-z0-9]{4}"), d.getKey());
            List<String[]> events = d.getValue();
            events.sort(java.util.Comparator.comparingLong(p -> Long.parseLong(p[2].substring(16))));
            for (int k = 0; k < events.size(); k++) {
                assertEquals("sequence_number=" + (k + 1), events.get(k)[2]);
                double t = Double.parseDouble(events.get(k)[3].substring(12));
                assertTrue(t >= -20 && t < 35, "temperature " + t);
                if (k > 0) {
                    long stepMicros = Long.parseLong(events.get(k)[1]) - Long.parseLong(events.get(k - 1)[1]);
                    assertTrue(stepMicros % 60_000 == 0 && stepMicros >= 300_000 && stepMicros <= 600_000,
                            "300 to 600 ms in steps of 60: " + stepMicros);
                }
            }
        }
        assertEquals("id bigint GENERATED ALWAYS AS IDENTITY (START WITH 1 CACHE 100)",
                model("generator", "events", "primary-key", "sql").schema().rowId().sqlColumn());
        assertEquals("id bigint GENERATED ALWAYS AS IDENTITY (START WITH 1 CACHE 500)",
                model("generator", "events", "primary-key", "sql", "write-batch-rows", "500").schema().rowId().sqlColumn(),
                "MaibornWolff's cache is its batch size");
        assertEquals("id bigint GENERATED ALWAYS AS IDENTITY (START WITH 1 CACHE 100)", model("generator", "events", "primary-key",
                "sql", "write-batch-rows", "1", "identity-cache", "100").schema().rowId().sqlColumn(),
                "MaibornWolff's rows one by one keep its cache of 100");
        assertThrows(UsageException.class, () -> model("generator", "events", "primary-key", "db", "identity-cache", "100"));
        assertEquals(false, model("generator", "events", "primary-key", "none").schema().rowId().present());
        UsageException e = assertThrows(UsageException.class, () -> model("generator", "events", "primary-key", "client"));
        assertTrue(e.getMessage().startsWith("--primary-key client (an id the client builds"), e.getMessage());
        assertEquals(2, model("generator", "events").seriesCount(), "one device per worker (--workers 2)");
    }

    @Test
    void theDefaultTemplateIsInfluxStresss() {
        Generator g = model("generator", "template", "points", "200000");
        assertEquals("ctr", g.schema().tableName());
        assertEquals(List.of("some"), g.schema().tags().names());
        assertEquals(List.of("n"), g.schema().fieldNames());
        assertTrue(g.schema().fieldType(0).integral(), "n=0i is an integer field");
        assertEquals(100000, g.seriesCount());
        assertArrayEquals(new String[] {"tag-99999"}, g.schema().tags().values(100000));
    }

    @Test
    void badTemplatesAndRangesAreOneLineRefusals() {
        for (String[] t : new String[][] {{"ctr,some=tag n=0i,n=1i", "'n' is not"}, {"ctr,some=tag some=0i", "'some' is not"},
                {"ctr,time=tag n=0i", "'time' is not"}, {"ctr,some=tag time=0i", "'time' is not"},
                {"ctr,some=tag,some=x n=0i", "'some' is not"}, {"ctr,some=tag " + "f".repeat(64) + "=1", "at most 63"}}) {
            UsageException e = assertThrows(UsageException.class, () -> model("generator", "template", "template", t[0]));
            assertTrue(e.getMessage().startsWith("invalid value '" + t[0] + "' for --template") && e.getMessage().contains(t[1]),
                    e.getMessage());
        }
        UsageException e = assertThrows(UsageException.class, () -> model("generator", "template", "series", "1",
                "points", "120", "ts-start", "2261-12-31 23:59:00"));
        assertTrue(e.getMessage().contains("past 2261-12-31"), e.getMessage());
        e = assertThrows(UsageException.class, () -> model("generator", "events", "num-inserts", "300",
                "ts-start", "2261-12-31 23:59:00"));
        assertTrue(e.getMessage().contains("past 2261-12-31"), e.getMessage());
        e = assertThrows(UsageException.class, () -> model("generator", "template", "ts-end", "2022-04-18 10:00:00"));
        assertTrue(e.getMessage().startsWith("--ts-end does not apply to --generator template"), e.getMessage());
        e = assertThrows(UsageException.class, () -> model("generator", "events", "ts-end", "2022-04-18 10:00:00"));
        assertTrue(e.getMessage().startsWith("--ts-end does not apply to --generator events"), e.getMessage());
        e = assertThrows(UsageException.class, () -> model("generator", "devops", "ts-start", "2022-01-01 00:00:00"));
        assertEquals("--ts-end (2016-01-02T00:00:00Z, TSBS's default) must be after --ts-start (2022-01-01T00:00:00Z);"
                + " give both", e.getMessage());
    }

    /** A config file spells out every default (runner config): the telematics ones must not become another model's. */
    @Test
    void telematicsDefaultsSpelledOutLeaveAnotherModelItsOwn() {
        Generator g = model("generator", "devops", "table-name", "telematics", "ts-start", "2022-04-18 09:00:00",
                "ts-end", "2022-04-18 09:01:00", "tag-num", "25000");
        assertEquals("cpu", g.schema().tableName());
        assertEquals(8640, g.plannedRows(), "TSBS's default day at 10 s");
        assertEquals("events", model("generator", "events", "table-name", "telematics", "ts-end", "2022-04-18 09:01:00")
                .schema().tableName());
        assertEquals("mine", model("generator", "devops", "table-name", "mine").schema().tableName());
    }

    @Test
    void anotherModelsOptionIsRefusedNotIgnored() {
        UsageException e = assertThrows(UsageException.class, () -> model("scale", "5"));
        assertEquals("--scale is an option of --generator devops, and this run generates telematics: add --generator"
                + " devops or drop --scale", e.getMessage());
        e = assertThrows(UsageException.class, () -> model("generator", "devops", "tag-num", "5"));
        assertTrue(e.getMessage().startsWith("--tag-num is an option of --generator telematics"), e.getMessage());
        e = assertThrows(UsageException.class, () -> model("generator", "nope"));
        assertEquals("unknown --generator 'nope'; valid generators: devops, events, file, telematics, template, trucks", e.getMessage());
        e = assertThrows(UsageException.class, () -> model("generator", "template", "series", "3", "points", "5"));
        assertTrue(e.getMessage().contains("a multiple of --series 3"), e.getMessage());
        e = assertThrows(UsageException.class, () -> model("generator", "devops", "use-case", "iot"));
        assertEquals("invalid value 'iot' for --use-case: expected cpu-only or devops", e.getMessage());
    }

    /**
     * A result records the options that played a part: the generating model's, not another model's defaults,
     * and for a model with time range and table defaults of its own, not telematics' ones it never read.
     */
    @Test
    void theResultRecordsOnlyTheOptionsOfTheModelThatGenerated() {
        var devops = TestSettings.query("generator", "devops", "scale", "7");
        var recorded = IotInsertProvider.recordedFor(devops, devops.masked());
        assertEquals("7", recorded.get("scale"));
        assertEquals("10s", recorded.get("log-interval"));
        for (String absent : List.of("tag-num", "total-metrics-count", "template", "num-inserts", "ts-start", "ts-end",
                "table-name")) {
            assertFalse(recorded.containsKey(absent), absent + " recorded: " + recorded);
        }
        assertEquals("lastpoint", IotInsertProvider.recordedFor(TestSettings.query("generator", "devops", "queries",
                "lastpoint"), TestSettings.query("generator", "devops", "queries", "lastpoint").masked()).get("queries"));
        var given = TestSettings.insert("generator", "events", "ts-start", "2024-01-01 00:00:00");
        assertEquals("2024-01-01 00:00:00", IotInsertProvider.recordedFor(given, given.masked()).get("ts-start"));
        var telematics = TestSettings.insert();
        var all = IotInsertProvider.recordedFor(telematics, telematics.masked());
        assertTrue(all.containsKey("tag-num") && all.containsKey("ts-start") && !all.containsKey("scale"), all.toString());
    }
}
