package io.dbharness.influx;

import io.dbharness.core.api.UsageException;
import io.dbharness.core.engine.Harness;
import io.dbharness.core.engine.RunSpec;
import io.dbharness.core.result.RunResult;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every data model on every target we can run here: the same {@code iot-insert --generator} flags on embedded
 * PostgreSQL, embedded QuestDB and a local InfluxDB 1.x write the same rows and points, and each passes
 * {@code --verify} by counting what it stored.
 */
@org.junit.jupiter.api.Tag("server")
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
        RunResult r = Harness.run(influx.connect(b, target, "models").build());
        assertEquals(0, r.exitCode(), target + ": " + r.failure() + " " + r.errors());
        assertEquals("PASSED", r.verification().status(), target + ": " + r.verification().message());
        return r;
    }

    private static void assertSameOnEveryTarget(Map<String, Object> model, long rows, long points) throws Exception {
        for (String target : new String[] {"postgres", "questdb", "influx"}) {
            RunResult r = run(target, model);
            assertEquals(rows, r.totals().counts().rows(), target + " rows");
            assertEquals(points, r.totals().counts().points(), target + " points");
            assertTrue(r.verification().message().contains(String.format("%,d rows", rows)), r.verification().message());
        }
    }

    /** TSBS cpu-only: 25 hosts, an hour at TSBS's 10 s interval: 360 points of 10 fields per host. */
    @Test
    void devopsCpuOnly() throws Exception {
        assertSameOnEveryTarget(Map.of("generator", "devops", "use-case", "cpu-only", "scale", 25,
                "ts-end", "2016-01-01 01:00:00"), 25 * 360, 25 * 360 * 10);
    }

    /**
     * TSBS's full devops use case: 5 hosts, half an hour at 10 s, a point in each of nine tables per host and step,
     * 101 fields; --verify counts every table.
     */
    @Test
    void devopsUseCaseNineTables() throws Exception {
        assertSameOnEveryTarget(Map.of("generator", "devops", "use-case", "devops", "scale", 5,
                "ts-end", "2016-01-01 00:30:00"), 9 * 5 * 180, 101 * 5 * 180);
    }

    /**
     * TSBS's iot use case: 6 trucks, two hours at 10 s, a point in readings (7 fields) and diagnostics (3) per truck
     * and step, less the points TSBS's defects leave out, with its zeroed fields left empty and zeroed tags NULL (or
     * left out of the line); --verify counts both tables. What was left out and zeroed is in the result.
     */
    @Test
    void tsbsIotTrucks() throws Exception {
        Map<String, Object> model = Map.of("generator", "trucks", "scale", 6, "ts-end", "2016-01-01 02:00:00");
        RunResult first = run("postgres", model);
        Map<String, String> facts = first.workloadFacts().details();
        long rows = 0;
        long points = 0;
        for (String table : new String[] {"readings", "diagnostics"}) {
            java.util.regex.Matcher m = java.util.regex.Pattern.compile("(\\d+) of 4320 points left out; of the (\\d+)"
                    + " written, \\d+ late, (\\d+) with a field and (\\d+) with a tag zeroed")
                    .matcher(facts.get(table + "Defects"));
            assertTrue(m.matches(), facts.get(table + "Defects"));
            long written = Long.parseLong(m.group(2));
            assertEquals(4320, Long.parseLong(m.group(1)) + written);
            assertTrue(Long.parseLong(m.group(1)) > 0 && Long.parseLong(m.group(3)) > 0, facts.get(table + "Defects"));
            rows += written;
            points += written * (table.equals("readings") ? 7 : 3) - Long.parseLong(m.group(3));
            // stored as counted: a zeroed field NULL, a zeroed tag NULL, one at most per row, never the name
            String fields = table.equals("readings")
                    ? "latitude, longitude, elevation, velocity, heading, grade, fuel_consumption"
                    : "fuel_state, current_load, status";
            assertEquals(List.of(written, Long.parseLong(m.group(3)), Long.parseLong(m.group(4)), 0L), postgres(
                    "SELECT count(*), count(*) FILTER (WHERE num_nulls(" + fields + ") = 1), count(*) FILTER (WHERE"
                    + " num_nulls(fleet, driver, model, device_version, load_capacity, fuel_capacity,"
                    + " nominal_fuel_consumption) = 1), count(*) FILTER (WHERE num_nulls(" + fields + ") > 1 OR name IS"
                    + " NULL) FROM " + table), table);
        }
        assertEquals(Long.toString(rows), facts.get("plannedRows"));
        assertTrue(facts.get("ddl").contains("name text NOT NULL,\n  fleet text,\n"), "a zeroed tag is NULL: " + facts.get("ddl"));
        assertSameOnEveryTarget(model, rows, points);
        assertSameOnEveryTarget(Map.of("generator", "trucks", "scale", 6, "ts-end", "2016-01-01 02:00:00",
                "iot-defects", "off"), 2 * 4320, 10 * 4320);
    }

    /**
     * A model of several tables is verified table by table once every row was written: a server that moves some of
     * readings' rows to diagnostics (a trigger here) keeps the total but fails, naming both tables.
     */
    @Test
    void eachTableHoldsItsOwnRows() throws Exception {
        Map<String, Object> model = Map.of("generator", "trucks", "scale", 3, "ts-end", "2016-01-01 01:00:00");
        run("postgres", model);
        try (java.sql.Connection c = io.dbharness.postgres.EmbeddedPostgres.shared().connect();
             java.sql.Statement st = c.createStatement()) {
            st.execute("TRUNCATE readings, diagnostics");
            // after the insert, so COPY counts the row as written
            st.execute("CREATE FUNCTION misplace() RETURNS trigger AS $$ BEGIN IF extract(epoch FROM NEW.time)::bigint"
                    + " % 600 = 0 THEN DELETE FROM readings WHERE name = NEW.name AND time = NEW.time;"
                    + " INSERT INTO diagnostics (time, name) VALUES (NEW.time, NEW.name); END IF; RETURN NULL;"
                    + " END $$ LANGUAGE plpgsql");
            st.execute("CREATE TRIGGER misplace AFTER INSERT ON readings FOR EACH ROW EXECUTE FUNCTION misplace()");
        }
        try {
            RunSpec.Builder b = RunSpec.builder().target("postgres").workload("iot-insert").option("append", true)
                    .option("verify", true).option("workers", 2).option("no-watch", true).environment(Map.of());
            model.forEach(b::option);
            RunResult r = Harness.run(influx.connect(b, "postgres", "models").build());
            assertEquals("FAILED", r.verification().status(), r.verification().message());
            assertEquals(r.verification().expected(), r.verification().actual(), "the total is as reported");
            assertTrue(r.verification().message().matches("table readings holds [0-9,]+ rows, expected [0-9,]+; table"
                    + " diagnostics holds [0-9,]+ rows, expected [0-9,]+ \\(the tables' total is as reported\\)"),
                    r.verification().message());
            assertEquals(1, r.exitCode());
        } finally {
            try (java.sql.Connection c = io.dbharness.postgres.EmbeddedPostgres.shared().connect();
                 java.sql.Statement st = c.createStatement()) {
                st.execute("DROP TABLE readings, diagnostics");
                st.execute("DROP FUNCTION misplace()");
            }
        }
    }

    /** One row of numbers the embedded PostgreSQL answers {@code sql} with. */
    private static List<Long> postgres(String sql) throws Exception {
        try (java.sql.Connection c = io.dbharness.postgres.EmbeddedPostgres.shared().connect();
             java.sql.ResultSet r = c.createStatement().executeQuery(sql)) {
            assertTrue(r.next());
            List<Long> row = new java.util.ArrayList<>();
            for (int i = 1; i <= r.getMetaData().getColumnCount(); i++) {
                row.add(r.getLong(i));
            }
            return row;
        }
    }

    /** MaibornWolff's events, 6 devices x 500, without the id column no line-protocol target has. */
    @Test
    void maibornWolffEvents() throws Exception {
        assertSameOnEveryTarget(Map.of("generator", "events", "primary-key", "none", "devices", 6, "num-inserts", 500),
                3000, 6000);
    }

    /**
     * Each id MaibornWolff's --primary-key names is filled by PostgreSQL; a target without one leaves out the
     * default and refuses one asked for.
     */
    @Test
    void eventsWithADatabaseFilledId() throws Exception {
        for (String key : new String[] {"db", "sql", "uuid"}) {
            RunResult r = run("postgres", Map.of("generator", "events", "primary-key", key, "devices", 4, "num-inserts", 250));
            assertEquals(1000, r.totals().counts().rows(), key);
            assertTrue(r.workloadFacts().details().get("ddl").contains("PRIMARY KEY (id)"), r.workloadFacts().details().get("ddl"));
        }
        // appending with another key than the table has would record a key the run did not use
        UsageException other = assertThrows(UsageException.class, () -> run("postgres", Map.of("generator", "events",
                "primary-key", "db", "devices", 4, "num-inserts", 250, "clean", false, "append", true)));
        assertTrue(other.getMessage().contains("column id is uuid, expected integer"), other.getMessage());
        // MaibornWolff's default key where the target fills none: left out, and the result says so
        RunResult quest = run("questdb", Map.of("generator", "events", "devices", 2, "num-inserts", 10));
        assertEquals(20, quest.totals().counts().rows());
        assertEquals("none: QuestDB fills no ids (the default db is for the PostgreSQL family)",
                quest.workloadFacts().notes().get("primary key"));
        // asked for, it is refused
        UsageException refused = assertThrows(UsageException.class, () -> Harness.run(RunSpec.builder().target("questdb")
                .workload("iot-insert").option("generator", "events").option("primary-key", "db").option("num-inserts", 10)
                .option("no-watch", true).environment(Map.of()).build()));
        assertEquals("QuestDB has no key column the database fills (--primary-key db is for the PostgreSQL family); use"
                + " --primary-key none", refused.getMessage());
    }

    /**
     * mxbench's --generator file: a line-protocol file of 7 series x 300 points (an integer and a float field,
     * tags escaped) and a CSV in the file target's layout with empty values, each loaded on every target.
     */
    @Test
    void rowsFromFiles(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) throws Exception {
        StringBuilder lp = new StringBuilder();
        StringBuilder csv = new StringBuilder("ts,tag_id,c0,c1\n");
        for (int t = 0; t < 300; t++) {
            for (int h = 0; h < 7; h++) {
                lp.append("sensor,site=plant\\ ").append(h % 3).append(",unit=u").append(h).append(" count=").append(t * h)
                        .append("i,level=").append(h + t / 4.0).append(' ').append(1_650_000_000_000_000_000L + t * 1_000_000_000L)
                        .append('\n');
                csv.append(String.format("2022-04-18 09:%02d:%02d,%d,%s,%d.5%n", t / 60, t % 60, h + 1,
                        t % 3 == 0 ? "" : Integer.toString(t), h));
            }
        }
        java.nio.file.Path lpFile = java.nio.file.Files.writeString(dir.resolve("rows.lp"), lp);
        java.nio.file.Path csvFile = java.nio.file.Files.writeString(dir.resolve("rows.csv"), csv);
        assertSameOnEveryTarget(Map.of("generator", "file", "generator-file-paths", lpFile.toString()), 2100, 4200);
        assertSameOnEveryTarget(Map.of("generator", "file", "generator-file-paths", csvFile.toString(), "table-name",
                "from_csv"), 2100, 2100 * 2 - 700);
    }

    /** QuestDB's designated timestamp starts at 1970: earlier rows are refused before the run, not at each write. */
    @Test
    void rowsBeforeWhatTheTargetStoresAreRefusedUpFront() throws Exception {
        UsageException e = assertThrows(UsageException.class, () -> run("questdb", Map.of("generator", "devops", "scale", 2,
                "ts-start", "1969-12-31 23:00:00", "ts-end", "1970-01-01 01:00:00")));
        assertEquals("QuestDB stores no time before 1970-01-01T00:00:00Z, and the rows start at 1969-12-31T23:00:00Z:"
                + " move --ts-start (or the file's times) to then or later", e.getMessage());
        assertEquals(2 * 720, run("postgres", Map.of("generator", "devops", "scale", 2, "ts-start", "1969-12-31 23:00:00",
                "ts-end", "1970-01-01 01:00:00")).totals().counts().rows(), "PostgreSQL stores them");
    }

    /** influx-stress's default template over 1,000 series, 3 passes. */
    @Test
    void influxStressTemplate() throws Exception {
        assertSameOnEveryTarget(Map.of("generator", "template", "series", 1000, "points", 3000), 3000, 3000);
    }

    /**
     * A template with three tags and an integer and two float fields: 20,000 = 2^5 * 5^4 series over the tags
     * (32, 625, 1).
     */
    @Test
    void templateWithSeveralTagsAndMixedFields() throws Exception {
        assertSameOnEveryTarget(Map.of("generator", "template", "template",
                "cpu,host=server,location=us-west,id=myid busy=0,n=0i,idle=1", "series", 20000, "points", 40000,
                "table-name", "stress_cpu"), 40000, 120000);
    }
}
