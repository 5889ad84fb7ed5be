package io.dbharness.cli;

import io.dbharness.search.KneeSearch;
import io.dbharness.core.result.RunResult;
import io.dbharness.postgres.EmbeddedPostgres;
import io.dbharness.results.ResultFiles;
import io.dbharness.results.search.Objective;
import io.dbharness.results.search.SearchFiles;
import io.dbharness.results.search.SearchResult;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code runner find-max} on real PostgreSQL, with steps of 1.5 s judged every 250 ms: the search ends with a
 * bracket within 5%, its verdicts agree with the bracket, the step above it fails when run again, and a server
 * made slower (a trigger sleeping in every write, a rate cap no client setting can pass) moves the answer below the
 * cap. Figures are never asserted exactly: the machine is shared and noisy; only the shape is.
 */
@org.junit.jupiter.api.Tag("server")
class FindMaxCommandTest {

    @RegisterExtension
    static final EmbeddedPostgres pg = new EmbeddedPostgres();

    @TempDir
    Path tmp;

    private static final List<String> STEP = List.of("--duration", "1500ms", "--watch-interval", "250ms", "--workers", "2",
            "--no-watch");
    /** The default target's objective: a p99 the server meets until it saturates, and the schedule kept. */
    private static final String OBJECTIVE = "p99<50ms,kept-up";
    /** Batches of 25 rows: with the trigger's 10 ms each, two workers cannot write more than 5,000 rows/s. */
    private static final double CAP_ROWS_PER_SECOND = 2 * 25 / 0.010;

    private static String[] args(String slo, List<String> a, String... more) {
        List<String> all = new ArrayList<>(List.of("find-max", "--vary", "rate", "--slo", slo, "--from", "2000"));
        all.addAll(a);
        all.addAll(List.of(more));
        return all.toArray(String[]::new);
    }

    private static SearchResult search(Path dir) throws Exception {
        try (Stream<Path> s = Files.list(dir)) {
            List<Path> found = s.filter(SearchFiles::isSearch).toList();
            assertEquals(1, found.size(), found.toString());
            assertEquals(List.of(), ResultSchemaCliTest.errors(found.get(0), SearchFiles.SCHEMA), "the search file's schema");
            return SearchFiles.read(found.get(0));
        }
    }

    /** The shape of a finished search: verdicts that agree with the bracket, a bracket within 5%, few steps. */
    private static void assertBracketed(SearchResult s, CliRun r) {
        System.out.println(r.out()); // the search's table, in the test's report
        assertEquals("bracketed", s.outcome(), r.out());
        assertNotNull(s.highestMet(), r.out());
        assertNotNull(s.lowestFailed(), r.out());
        assertTrue(s.lowestFailed() > s.highestMet(), r.out());
        assertTrue(s.lowestFailed() - s.highestMet() <= 0.05 * s.highestMet() + 1e-9, r.out());
        // monotone where it matters: every setting whose latest verdict met lies at or below the highest met, and no
        // failure lies inside the bracket; a failure below the highest met (a noisy machine: a later run above it
        // met) is tolerated, a few at most
        Map<Double, Boolean> verdicts = new java.util.HashMap<>();
        for (SearchResult.Step st : s.steps()) {
            if (st.stepMet() != null) {
                verdicts.put(st.value(), st.stepMet());
            }
            assertNotNull(st.file(), r.out());
            assertFalse(st.checks().isEmpty(), r.out());
        }
        verdicts.forEach((value, met) -> assertTrue(met ? value <= s.highestMet()
                        : value >= s.lowestFailed() || value < s.highestMet(),
                value + (met ? " met above" : " failed inside") + " the bracket: " + r.out()));
        long contradicted = verdicts.entrySet().stream().filter(e -> !e.getValue() && e.getKey() < s.highestMet()).count();
        assertTrue(contradicted <= 3, contradicted + " failures below the highest met: " + r.out());
        // a ramp by doubling from 2,000 and its failure confirmed, a bisection of a factor 2 to 5% (failures
        // confirmed) and the met end confirmed: about log2(knee/2000) + 2 + 8 + 1; each failure by bad luck costs one,
        // and near the knee of a loaded machine (seen: load average 15 on 2 cores) every verdict is a coin toss
        long steps = s.steps().stream().map(SearchResult.Step::number).distinct().count();
        double ramp = Math.abs(Math.ceil(Math.log(s.lowestFailed() / 2000) / Math.log(2)));
        assertTrue(steps <= 3 * (ramp + 2 + 8 + 1), steps + " steps for a knee at " + s.highestMet() + ": " + r.out());
        assertBothEndsConfirmed(s, r);
    }

    /** The bracket's ends each stand on two runs, and the table and the file say which runs confirmed them. */
    private static void assertBothEndsConfirmed(SearchResult s, CliRun r) {
        for (double end : new double[]{s.highestMet(), s.lowestFailed()}) {
            boolean met = end == s.highestMet();
            List<SearchResult.Step> runs = s.steps().stream().filter(st -> st.value() == end && st.stepMet() != null).toList();
            assertTrue(runs.stream().filter(st -> st.stepMet() == met).count() >= 2, end + " not confirmed: " + r.out());
            // confirmed by the same verdict again, or (a pass, a failure, a failure) by failing more often than met
            SearchResult.Step confirming = runs.stream().filter(st -> st.stepMet() == met
                    && SearchResult.Step.CONFIRMED.equals(st.confirmation())).findFirst().orElse(runs.get(runs.size() - 1));
            assertTrue(confirming.confirmation() != null && confirming.stepMet() == met, confirming + ": " + r.out());
            assertTrue(confirming.note().contains("step "), confirming.note());
            String row = r.out().lines().filter(l -> l.matches("\\s+" + confirming.number() + "\\s.*")).findFirst().orElseThrow();
            assertTrue(met ? row.contains("confirms step") || row.contains("confirmed: met more often than failed")
                    : row.contains("confirmed failure"), row);
        }
        // the search's last run confirmed its met end
        SearchResult.Step last = s.steps().get(s.steps().size() - 1);
        assertEquals(s.highestMet(), last.value(), r.out());
        assertEquals(Boolean.TRUE, last.stepMet(), r.out());
    }

    @Test
    void onTheEmbeddedDefaultTheSearchEndsWithinFivePercentAndTheStepAboveFailsWhenRunAgain() throws Exception {
        Path results = tmp.resolve("plain");
        // batches of 100 rows: hundreds of operations a step, so the p99 is a percentile and not the slowest of a few
        // dozen batches (the default batch grows with the rate: 28 batches in a step at 4,500 rows/s), and it fails
        // where the server saturates (the latency counted from the intended start grows), not at a hiccup of the
        // shared machine. Seen in CI with the default batches and p99<20ms: 30 steps of coin tosses between 4,400
        // and 16,000 rows/s, no bracket
        List<String> step = new ArrayList<>(STEP);
        step.addAll(List.of("--write-batch-rows", "100"));
        CliRun r = CliRun.of(args(OBJECTIVE, step, "--clean", "--results", results.toString()));
        assertEquals(0, r.exitCode(), r.out() + r.err());
        SearchResult s = search(results);
        assertBracketed(s, r);
        assertTrue(r.out().contains("find-max bracketed: highest rate that met the objective: "
                + KneeSearch.format(s.highestMet())), r.out());
        assertTrue(r.out().lines().anyMatch(l -> l.matches("\\s+1\\s+2000\\s+(met|FAILED)\\s.*\\.json.*")), r.out());
        assertTrue(r.out().contains("report: "), r.out());
        // the step above the bracket, run again at once, failed the objective again (asserted above). A plain run at
        // that rate afterwards is no stronger proof: with 1.5 s steps on a shared 2-core machine, a p99 near its
        // limit is a coin toss (seen: failed twice in the search, met twice right after), and the search's second
        // try is made under the same conditions as the first; its figures are checked here
        SearchResult.Step confirmedFailure = s.steps().stream().filter(st -> st.value() == s.lowestFailed()
                && Boolean.FALSE.equals(st.stepMet())).reduce((a, b) -> b).orElseThrow();
        RunResult again = ResultFiles.read(results.resolve(confirmedFailure.file()));
        assertFalse(Objective.parse(OBJECTIVE).judge(again).met(), "the step tried again met: " + r.out());

        // the report of the search file draws the search
        CliRun report = CliRun.of("report", SearchFiles.fileOf(s, results).toString(), "--out", tmp.resolve("rep").toString());
        assertEquals(0, report.exitCode(), report.err());
        String html = Files.readString(tmp.resolve("rep").resolve("report.html"));
        assertTrue(html.contains("\"search-"), "no search chart in the report");
    }

    @Test
    void aServerCappedMidRangeMovesTheAnswerBelowTheCap() throws Exception {
        List<String> server = new ArrayList<>(List.of("--url", pg.url(), "--user", "postgres", "--table-name", "capped",
                "--write-batch-rows", "25"));
        server.addAll(STEP);
        // the same search on the same server twice: as it is, then with every write statement sleeping 10 ms on the
        // server (a trigger), which caps what two workers can write whatever the client does
        Path free = tmp.resolve("free");
        CliRun before = CliRun.of(args("p99<50ms,kept-up", server, "--clean", "--results", free.toString()));
        assertEquals(0, before.exitCode(), before.out() + before.err());
        SearchResult uncapped = search(free);
        assertBracketed(uncapped, before);
        try (Connection c = pg.connect(); Statement st = c.createStatement()) {
            st.execute("CREATE FUNCTION cap_rate() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN PERFORM pg_sleep(0.010);"
                    + " RETURN NULL; END $$");
            st.execute("CREATE TRIGGER cap_rate AFTER INSERT ON capped FOR EACH STATEMENT EXECUTE FUNCTION cap_rate()");
        }
        Path results = tmp.resolve("capped");
        CliRun r = CliRun.of(args("p99<50ms,kept-up", server, "--append", "--results", results.toString()));
        assertEquals(0, r.exitCode(), r.out() + r.err());
        SearchResult s = search(results);
        assertBracketed(s, r);
        // two workers, 25 rows a statement, 10 ms a statement at least: nothing above the cap can keep up
        assertTrue(s.highestMet() <= CAP_ROWS_PER_SECOND, "met " + s.highestMet() + " above the cap: " + r.out());
        assertTrue(s.highestMet() >= 1000, r.out());
        // and the answer moved down from where it was without the cap
        assertTrue(s.highestMet() < uncapped.highestMet(), "capped " + s.highestMet() + ", uncapped "
                + uncapped.highestMet() + ":\n" + before.out() + r.out());
    }

    /**
     * find-max on a loaded machine (issue 31): a busy-looping thread per core beside the search. The knee is the
     * server's (a trigger sleeping 100 ms in every write statement: two workers of 50-row batches cannot pass 1,000
     * rows/s), so the machine's load moves it by the few milliseconds a statement costs beside the sleep, not by
     * whatever share of the CPU the client gets. Failures by bad luck are run again at once, and the search still ends
     * bracketed within 5% inside --max-steps 16.
     */
    @Test
    @org.junit.jupiter.api.Timeout(600)
    void underACpuHogTheSearchEndsBracketedWithinItsStepLimit() throws Exception {
        // steps of 4 s: kept-up allows a lag of 5% of that, 200 ms: a statement's 100 ms and a busy neighbour's
        // time slices
        List<String> server = List.of("--url", pg.url(), "--user", "postgres", "--table-name", "hogged",
                "--write-batch-rows", "50", "--watch-interval", "500ms", "--workers", "2", "--no-watch");
        List<String> table = new ArrayList<>(server);
        table.addAll(List.of("--clean", "--tag-num", "10", "--ts-end", "2022-04-18 09:01:00", "--results",
                tmp.resolve("table").toString()));
        CliRun made = CliRun.of(table.toArray(String[]::new));
        assertEquals(0, made.exitCode(), made.out() + made.err());
        try (Connection c = pg.connect(); Statement st = c.createStatement()) {
            st.execute("CREATE FUNCTION cap_hogged() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN PERFORM pg_sleep(0.100);"
                    + " RETURN NULL; END $$");
            st.execute("CREATE TRIGGER cap_hogged AFTER INSERT ON hogged FOR EACH STATEMENT EXECUTE FUNCTION cap_hogged()");
        }
        double cap = 2 * 50 / 0.100;
        java.util.concurrent.atomic.AtomicBoolean hogging = new java.util.concurrent.atomic.AtomicBoolean(true);
        List<Thread> hogs = new ArrayList<>();
        for (int i = 0; i < Runtime.getRuntime().availableProcessors(); i++) {
            Thread hog = new Thread(() -> {
                long spins = 0;
                while (hogging.get()) {
                    spins++;
                }
                if (spins < 0) {
                    throw new IllegalStateException(); // keeps the loop from being optimized away
                }
            }, "cpu-hog-" + i);
            hog.setDaemon(true);
            hog.start();
            hogs.add(hog);
        }
        Path results = tmp.resolve("hogged");
        List<String> search = new ArrayList<>(List.of("find-max", "--vary", "rate", "--slo", "kept-up", "--from", "300",
                "--duration", "4s", "--append", "--max-steps", "16", "--results", results.toString()));
        search.addAll(server);
        CliRun r;
        try {
            r = CliRun.of(search.toArray(String[]::new));
        } finally {
            hogging.set(false);
            for (Thread hog : hogs) {
                hog.join();
            }
        }
        assertEquals(0, r.exitCode(), r.out() + r.err());
        SearchResult s = search(results);
        assertBracketed(s, r);
        assertTrue(s.steps().stream().map(SearchResult.Step::number).distinct().count() <= 16, r.out());
        assertTrue(s.highestMet() <= cap, "met " + s.highestMet() + " above the cap: " + r.out());
        assertTrue(r.out().contains("within --resolution 5%, both ends confirmed by a second run"), r.out());
    }

    /**
     * A whole-number axis: the bracket of two neighbours (6 and 7 devices: 16.7%) is as fine as the axis allows, and
     * the end says so, not "within --resolution 5%". A trigger refuses the seventh device's rows: a knee no noise moves.
     */
    @Test
    @org.junit.jupiter.api.Timeout(300)
    void aBracketOfNeighboursWiderThanThePrecisionIsSaidToBeAsFineAsWholeNumbersAllow() throws Exception {
        List<String> server = List.of("--url", pg.url(), "--user", "postgres", "--table-name", "six_devices", "--live",
                "--ts-step-in-second", "1", "--watch-interval", "250ms", "--no-watch");
        List<String> table = new ArrayList<>(server);
        table.addAll(List.of("--clean", "--tag-num", "1", "--duration", "1s", "--results", tmp.resolve("table").toString()));
        CliRun made = CliRun.of(table.toArray(String[]::new));
        assertEquals(0, made.exitCode(), made.out() + made.err());
        try (Connection c = pg.connect(); Statement st = c.createStatement()) {
            st.execute("CREATE FUNCTION six_devices() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN IF NEW.tag_id > 6 THEN"
                    + " RAISE EXCEPTION 'device % refused', NEW.tag_id; END IF; RETURN NEW; END $$");
            st.execute("CREATE TRIGGER six_devices BEFORE INSERT ON six_devices FOR EACH ROW EXECUTE FUNCTION six_devices()");
        }
        List<String> search = new ArrayList<>(List.of("find-max", "--vary", "tag-num", "--from", "1", "--to", "64", "--slo",
                "errors=0", "--duration", "1500ms", "--append", "--results", tmp.resolve("devices").toString()));
        search.addAll(server);
        CliRun r = CliRun.of(search.toArray(String[]::new));
        System.out.println(r.out());
        assertEquals(0, r.exitCode(), r.out() + r.err());
        SearchResult s = search(tmp.resolve("devices"));
        assertEquals("bracketed", s.outcome(), r.out());
        assertEquals(6.0, s.highestMet(), r.out());
        assertEquals(7.0, s.lowestFailed(), r.out());
        assertTrue(r.out().contains("bracket 16.7% wide; as fine as whole numbers allow (adjacent settings), both ends"
                + " confirmed by a second run"), r.out());
        assertFalse(r.out().contains("within --resolution"), r.out());
    }

    /** A step whose data runs out before its --duration would be judged over a fraction of it: the search stops and says why. */
    @Test
    void aStepThatRunsOutOfDataBeforeItsDurationIsNotJudged() throws Exception {
        Path results = tmp.resolve("ran-out");
        // 10 devices x 60 s = 600 rows: at 1000 rows/s gone in 0.6 s of a 2 s step
        CliRun r = CliRun.of("find-max", "--target", "noop", "--vary", "rate", "--slo", "kept-up", "--tag-num", "10",
                "--duration", "2s", "--watch-interval", "500ms", "--no-watch", "--results", results.toString());
        assertEquals(2, r.exitCode(), r.out() + r.err());
        assertTrue(r.oneLineError().contains("step 1 (rate 1000) wrote all its 600 rows in"), r.err());
        assertTrue(r.oneLineError().contains("give the steps more data (--tag-num, --ts-end; or --live)"), r.err());
        assertEquals("failed", search(results).outcome());
        // iot-mixed: the ingest ran out while the queries went on to the step's end; the run lasted, its load did not
        Path mixed = tmp.resolve("ran-out-mixed");
        CliRun m = CliRun.of("find-max", "--url", pg.url(), "--user", "postgres", "--workload", "iot-mixed", "--queries",
                "count", "--table-name", "fm_mixed", "--clean", "--vary", "rate", "--slo", "kept-up", "--tag-num", "10",
                "--duration", "2s", "--watch-interval", "500ms", "--no-watch", "--results", mixed.toString());
        assertEquals(2, m.exitCode(), m.out() + m.err());
        assertTrue(m.oneLineError().contains("step 1 (rate 1000) wrote all its 600 rows (group insert) in"), m.err());
        assertEquals("failed", search(mixed).outcome());
    }

    /**
     * {@code --vary NAME=FROM..TO}, sweep's {@code NAME=VALUES} with a range to search in, is {@code --from} and
     * {@code --to}: here workers 1 to 2 on the harness alone, every step meeting errors=0, so the search ends at 2.
     */
    @Test
    void aRangeInVaryIsTheSearchsFromAndTo() throws Exception {
        Path results = tmp.resolve("range");
        CliRun r = CliRun.of("find-max", "--target", "noop", "--vary", "workers=1..2", "--slo", "errors=0", "--tag-num",
                "100000", "--total-metrics-count", "1", "--ts-end", "2022-04-19 09:00:00", "--duration", "1500ms",
                "--watch-interval", "500ms", "--no-watch", "--results", results.toString());
        assertEquals(0, r.exitCode(), r.out() + r.err());
        SearchResult s = search(results);
        assertEquals("limit", s.outcome());
        assertEquals("workers", s.vary());
        assertEquals(List.of(1.0, 2.0), s.steps().stream().map(SearchResult.Step::value).distinct().toList());
        assertTrue(r.out().contains("every step met the objective up to --to 2"), r.out());

        for (Map.Entry<String, String> bad : Map.of(
                "workers=1,2", "find-max searches a range, --vary workers=FROM..TO (either end may be left out), or the"
                        + " name alone; a list of values to run is runner sweep's",
                "workers=1..x", "invalid value 'x' for --vary workers=..TO: expected a whole number above 0").entrySet()) {
            CliRun refused = CliRun.of("find-max", "--target", "noop", "--vary", bad.getKey(), "--slo", "errors=0",
                    "--duration", "60s", "--results", tmp.resolve("never").toString());
            assertTrue(refused.oneLineError().contains(bad.getValue()), refused.err());
        }
        CliRun twice = CliRun.of("find-max", "--target", "noop", "--vary", "workers=..4", "--to", "8", "--slo",
                "errors=0", "--duration", "60s", "--results", tmp.resolve("never").toString());
        assertTrue(twice.oneLineError().contains("--vary workers=..4 gives the range, and --to too: give it once"),
                twice.err());
        assertFalse(Files.exists(tmp.resolve("never")), "something ran");
    }

    /** The search file holds the options given, secrets masked as in a result: a password, or one in the URL. */
    @Test
    void theSearchFileHoldsNoSecret() throws Exception {
        Path results = tmp.resolve("secret");
        CliRun r = CliRun.of("find-max", "--url", pg.url() + "?sslpassword=inurl", "--user", "postgres", "--password",
                "s3cret", "--vary", "rate", "--slo", "kept-up", "--tag-num", "10", "--table-name", "fm_secret", "--clean",
                "--duration", "2s", "--watch-interval", "500ms", "--no-watch", "--results", results.toString());
        assertEquals(2, r.exitCode(), r.out() + r.err()); // its data runs out: one step, then the search file
        try (Stream<Path> files = Files.list(results)) {
            for (Path f : files.filter(Files::isRegularFile).toList()) {
                String text = Files.readString(f);
                assertFalse(text.contains("s3cret") || text.contains("inurl"), f + " holds a secret");
            }
        }
        assertEquals("*****", search(results).options().get("password"));
        assertFalse((r.out() + r.err()).contains("s3cret"), r.out() + r.err());
    }

    /** --repeat 2: every step runs twice and meets the objective only when both do; met up to --to is an answer too. */
    @Test
    void repeatedStepsNeedEveryRunToMeetTheObjective() throws Exception {
        Path results = tmp.resolve("repeat");
        CliRun r = CliRun.of("find-max", "--target", "noop", "--vary", "rate", "--slo", "kept-up,errors=0", "--to", "4000",
                "--repeat", "2", "--duration", "600ms", "--watch-interval", "200ms", "--no-watch", "--results", results.toString());
        assertEquals(0, r.exitCode(), r.out() + r.err());
        SearchResult s = search(results);
        assertEquals("limit", s.outcome(), r.out());
        assertEquals(4000.0, s.highestMet(), r.out());
        assertEquals(List.of(1000.0, 1000.0, 2000.0, 2000.0, 4000.0, 4000.0),
                s.steps().stream().map(SearchResult.Step::value).toList(), r.out());
        assertEquals(List.of(1, 2, 1, 2, 1, 2), s.steps().stream().map(SearchResult.Step::repetition).toList());
        assertTrue(r.out().lines().anyMatch(l -> l.matches("\\s+1\\.2\\s+1000\\s+met\\s.*")), r.out());
        assertTrue(r.out().contains("every step met the objective up to --to 4000"), r.out());
    }

    /**
     * --shards 2: every step is two processes of one run group, merged into the one result that is judged. The
     * objective is loose (kept-up with 1.5 s steps over two JVMs starting apart is a coin toss): the merging is tested.
     */
    @Test
    void shardedStepsAreMergedBeforeTheyAreJudged() throws Exception {
        Path results = tmp.resolve("sharded");
        // the shards' command lines, as any user of the host sees them: the password is not on them
        java.util.Set<String> commandLines = java.util.concurrent.ConcurrentHashMap.newKeySet();
        java.util.concurrent.atomic.AtomicBoolean watching = new java.util.concurrent.atomic.AtomicBoolean(true);
        Thread watch = new Thread(() -> {
            while (watching.get()) {
                ProcessHandle.current().descendants().forEach(h -> {
                    try { // the whole of it: ProcessHandle.Info cuts long command lines short
                        commandLines.add(Files.readString(Path.of("/proc", Long.toString(h.pid()), "cmdline"))
                                .replace('\0', ' '));
                    } catch (java.io.IOException | java.io.UncheckedIOException ended) {
                        // the process ended meanwhile
                    }
                });
                try {
                    Thread.sleep(50);
                } catch (InterruptedException e) {
                    return;
                }
            }
        });
        watch.start();
        CliRun r;
        try {
            r = CliRun.of("find-max", "--url", pg.url(), "--user", "postgres", "--password", "s3cret", "--table-name",
                    "sharded", "--shards", "2", "--vary", "rate", "--slo", "errors=0,p99<5s", "--from", "1000", "--to", "2000",
                    "--duration", "1500ms", "--watch-interval", "250ms", "--clean", "--no-watch", "--results",
                    results.toString());
        } finally {
            watching.set(false);
            watch.join();
        }
        assertEquals(0, r.exitCode(), r.out() + r.err());
        assertTrue(commandLines.stream().anyMatch(c -> c.contains("--shard")), "shards seen: " + commandLines);
        assertFalse(commandLines.stream().anyMatch(c -> c.contains("s3cret")), "a password on a command line");
        SearchResult s = search(results);
        assertEquals("2", s.options().get("shards"), "the search says how its steps ran");
        assertEquals(List.of(1000.0, 2000.0), s.steps().stream().map(SearchResult.Step::value).toList(), r.out());
        for (SearchResult.Step st : s.steps()) {
            RunResult merged = ResultFiles.read(results.resolve(st.file()));
            assertEquals(2, merged.workloadFacts().details().get(io.dbharness.results.merge.ResultMerge.MERGED_FROM).split(", ").length,
                    "two shards merged: " + merged.workloadFacts().details());
            // the whole run's rate: each shard offered half of it
            assertTrue(merged.totals().rowsPerSecond() > 0.5 * st.value(), st + "\n" + r.out());
        }
        try (Stream<Path> files = Files.list(results)) {
            assertEquals(2, files.filter(f -> f.toString().endsWith(".json") && !SearchFiles.isSearch(f)).count(),
                    "one merged result per step, the shards' parts not kept beside them");
        }
        // what only the shards refuse is said of --shards, the option given (it was "--from 1000: --shard ...")
        CliRun embedded = CliRun.of("find-max", "--shards", "2", "--vary", "rate", "--slo", "kept-up", "--duration", "60s");
        assertEquals(2, embedded.exitCode(), embedded.err());
        assertTrue(embedded.oneLineError().startsWith("--shards splits a run over processes that share one server"),
                embedded.err());
        assertFalse(embedded.err().contains("--from") || embedded.err().contains("--shard "), embedded.err());
        CliRun file = CliRun.of("find-max", "--target", "file", "--output", tmp.resolve("rows.csv").toString(), "--shards",
                "3", "--vary", "rate", "--slo", "kept-up", "--duration", "60s");
        assertEquals(2, file.exitCode(), file.err());
        assertTrue(file.oneLineError().contains("run it without --shards"), file.err());
        assertFalse(file.err().contains("--from") || file.err().contains("--shard "), file.err());
        CliRun one = CliRun.of("find-max", "--url", pg.url(), "--shard", "0/2", "--vary", "rate", "--slo", "kept-up",
                "--duration", "60s");
        assertTrue(one.oneLineError().contains("give --shards N"), one.err());
    }

    @Test
    void badObjectivesAreRefusedInOneLineBeforeAnyRun() {
        Map<String, String> cases = Map.of(
                "p99<", "has no limit after '<'",
                "p100<5ms", "unknown percentile 'p100'",
                "p99.x<5ms", "unknown percentile",
                "p99(new-order)<5ms", "operation type 'new-order', which iot-insert does not run",
                "p99<5ms,,errors=0", "empty term",
                "server-cpu<80", "expected a share of the CPUs after '<'",
                "server-cpu<80%", "judges the database's machines, and the steps sample none: give --server-hosts");
        for (Map.Entry<String, String> c : cases.entrySet()) {
            Path results = tmp.resolve("bad-" + Math.abs(c.getKey().hashCode()));
            CliRun r = CliRun.of("find-max", "--vary", "rate", "--slo", c.getKey(), "--duration", "2s",
                    "--watch-interval", "500ms", "--results", results.toString());
            assertEquals(2, r.exitCode(), c.getKey() + ": " + r.err());
            assertTrue(r.oneLineError().contains(c.getValue()), c.getKey() + ": " + r.err());
            assertFalse(Files.exists(results), c.getKey() + ": something ran");
        }
        CliRun tpcc = CliRun.of("find-max", "--workload", "tpcc", "--vary", "terminals", "--slo", "p99(insert)<5ms",
                "--duration", "60s");
        assertEquals(2, tpcc.exitCode(), tpcc.err());
        assertTrue(tpcc.oneLineError().contains("which tpcc does not run; its types: delivery, new-order"), tpcc.err());
        // the query workloads' types are the selected queries (and iot-mixed's insert, <query>@idle and freshness)
        Path noRun = tmp.resolve("bad-query-type");
        CliRun query = CliRun.of("find-max", "--workload", "iot-query", "--queries", "stats", "--vary", "workers",
                "--slo", "p99(single-tag-detail)<5ms", "--duration", "60s", "--results", noRun.toString());
        assertEquals(2, query.exitCode(), query.err());
        assertTrue(query.oneLineError().contains("'single-tag-detail', which iot-query does not run; its types: stats"),
                query.err());
        CliRun mixed = CliRun.of("find-max", "--workload", "iot-mixed", "--queries", "stats", "--live", "--vary", "tag-num",
                "--slo", "p99(stats@idle)<5ms", "--duration", "60s", "--results", noRun.toString());
        assertTrue(mixed.oneLineError().contains("'stats@idle', which iot-mixed does not run; its types: freshness, insert, stats"),
                mixed.err());
        CliRun idle = CliRun.of("find-max", "--workload", "iot-mixed", "--ingest-workers", "3", "--vary", "workers",
                "--slo", "p99<5ms", "--duration", "60s", "--results", noRun.toString());
        assertTrue(idle.oneLineError().contains("--workers beside --ingest-workers would do nothing"), idle.err());
        assertFalse(Files.exists(noRun), "something ran");
        CliRun shortStep = CliRun.of("find-max", "--vary", "rate", "--slo", "p99<5ms", "--duration", "10s");
        assertTrue(shortStep.oneLineError().contains("too short to judge a step"), shortStep.err());
        CliRun closed = CliRun.of("find-max", "--vary", "workers", "--slo", "kept-up", "--duration", "60s");
        assertTrue(closed.oneLineError().contains("judges the open model"), closed.err());
        CliRun axis = CliRun.of("find-max", "--vary", "total-metrics-count", "--slo", "p99<5ms", "--duration", "60s");
        assertTrue(axis.oneLineError().contains("find-max searches, for iot-insert, one of rate, workers, tag-num"), axis.err());
        // what a search may vary is the workload's: tpcc runs terminals, iot-insert has none
        CliRun terminals = CliRun.of("find-max", "--vary", "terminals", "--slo", "p99<5ms", "--duration", "60s");
        assertTrue(terminals.oneLineError().contains("find-max searches, for iot-insert, one of rate, workers, tag-num"),
                terminals.err());
        CliRun tpccWorkers = CliRun.of("find-max", "--workload", "tpcc", "--vary", "workers", "--slo", "tpcc",
                "--duration", "60s");
        assertTrue(tpccWorkers.oneLineError().contains("find-max searches, for tpcc, one of rate, terminals"),
                tpccWorkers.err());
        CliRun tpccOnly = CliRun.of("find-max", "--vary", "rate", "--slo", "tpcc", "--duration", "60s");
        assertTrue(tpccOnly.oneLineError().contains("--slo term 'tpcc' is not understood"), tpccOnly.err());
        CliRun noDuration = CliRun.of("find-max", "--vary", "rate", "--slo", "p99<5ms");
        assertTrue(noDuration.oneLineError().contains("needs --duration"), noDuration.err());
        CliRun resolution = CliRun.of("find-max", "--vary", "rate", "--slo", "p99<5ms", "--duration", "60s", "--resolution", "90%");
        assertTrue(resolution.oneLineError().contains("invalid value '90%' for --resolution"), resolution.err());
        // the former name still reads, with one warning line
        CliRun precision = CliRun.of("find-max", "--vary", "rate", "--slo", "p99<5ms", "--duration", "60s", "--precision", "90%");
        List<String> lines = precision.err().strip().lines().toList();
        assertEquals(2, lines.size(), precision.err());
        assertTrue(lines.get(0).startsWith("warning: --precision 90% is find-max's former name of --resolution"), precision.err());
        assertTrue(lines.get(1).contains("invalid value '90%' for --resolution"), precision.err());
    }
}
