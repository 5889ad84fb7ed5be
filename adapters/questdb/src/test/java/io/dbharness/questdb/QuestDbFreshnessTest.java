package io.dbharness.questdb;

import io.dbharness.core.api.WorkloadFacts;
import io.dbharness.core.engine.Harness;
import io.dbharness.core.engine.RunSpec;
import io.dbharness.core.result.OperationStats;
import io.dbharness.core.result.ProgressListener;
import io.dbharness.core.result.RunResult;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * iot-mixed's freshness probe against a QuestDB made to hide acknowledged rows for a known time: its WAL apply
 * suspended ({@code ALTER TABLE ... SUSPEND WAL}, which QuestDB allows in dev mode only: a server of this test's
 * own). The samples on every target: adapters/influx's FreshnessOnEveryTargetTest.
 */
@org.junit.jupiter.api.Tag("server")
@Timeout(value = 5, unit = TimeUnit.MINUTES)
class QuestDbFreshnessTest {

    private static EmbeddedQuestDb quest;

    @BeforeAll
    static void start() {
        quest = EmbeddedQuestDb.start(Map.of("QDB_DEV_MODE_ENABLED", "true"));
    }

    @AfterAll
    static void stop() {
        if (quest != null) {
            quest.close();
        }
    }

    private static OperationStats freshness(RunResult r) {
        return r.operations().stream().filter(o -> o.type().equals("freshness")).findFirst()
                .orElseThrow(() -> new AssertionError("no freshness samples: " + r.operations()));
    }

    /**
     * QuestDB acknowledges a write once it is in the table's WAL and applies it later: with the apply suspended
     * during the whole ingest and resumed {@code HOLD} after the ingest's last write, no sample can be under the
     * hold (every one was acknowledged before it began, and visible only after it ended), nor can the time to full
     * visibility. Lower bounds only: how much longer it took depends on the machine.
     */
    @Test
    void aTargetHidingItsRowsShowsTheLagItWasGiven() throws Exception {
        long holdMillis = 2_000;
        String table = "fresh_hidden";
        java.util.function.Function<String, RunSpec.Builder> spec = workload -> RunSpec.builder().target("questdb")
                .workload(workload).option("questdb-http", quest.httpUrl())
                .option("questdb-pg", "127.0.0.1:" + quest.pgPort()).option("table-name", table)
                .option("tag-num", 10).option("total-metrics-count", 4).option("no-watch", true).environment(Map.of());
        // the table and a first minute of rows, applied
        RunResult first = Harness.run(spec.apply("iot-insert").option("clean", true).option("verify", true)
                .option("ts-end", "2022-04-18 09:01:00").build());
        assertEquals("PASSED", first.verification().status(), first.verification().message());
        try (Connection c = DriverManager.getConnection(quest.jdbcUrl(), "admin", "quest");
             Statement st = c.createStatement()) {
            CountDownLatch suspended = new CountDownLatch(1);
            CountDownLatch ingestDone = new CountDownLatch(1);
            CompletableFuture<Void> resume = CompletableFuture.runAsync(() -> {
                try {
                    ingestDone.await();
                    if (suspended.getCount() == 0) {
                        Thread.sleep(holdMillis);
                        st.execute("ALTER TABLE " + table + " RESUME WAL");
                    }
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            });
            // 3,000 rows at 1,000 rows/s; one query at the start, the next due after the run: the query client never
            // waits for the suspended table at the ingest's end (the idle phase's wait would refuse it). The apply is
            // suspended after the preparation (which waits for it) and before the first write: while the run waits
            // for --start-at.
            RunResult r = Harness.run(spec.apply("iot-mixed").option("append", true).option("ts-start", "2022-04-18 09:01:00")
                    .option("ts-end", "2022-04-18 09:06:00").option("rate", 1000).option("write-batch-rows", 100)
                    .option("queries", "single-tag-latest").option("query-rate", 0.05).option("duration", "20s")
                    .option("idle-query-duration", "1ms").option("watch-interval", "100ms")
                    .option("start-at", java.time.Instant.now().plusSeconds(10).toString())
                    .progress(new ProgressListener() {
                        @Override
                        public void onInterval(io.dbharness.core.result.IntervalSample sample, Progress progress) {
                            progress.groups().stream()
                                    .filter(g -> g.group().equals("insert") && g.state() == ProgressListener.State.DONE)
                                    .findFirst().ifPresent(g -> ingestDone.countDown());
                        }

                        @Override
                        public void onPhase(String what) {
                            if (what.contains("--start-at") && suspended.getCount() > 0) {
                                try {
                                    st.execute("ALTER TABLE " + table + " SUSPEND WAL");
                                    suspended.countDown();
                                } catch (java.sql.SQLException e) {
                                    throw new IllegalStateException(e);
                                }
                            }
                        }
                    })
                    .build());
            boolean seenDone = ingestDone.getCount() == 0;
            ingestDone.countDown(); // resumed in any case, so the server is left as found
            resume.get(1, TimeUnit.MINUTES);
            assertEquals(0, suspended.getCount(), "the apply was never suspended");
            assertEquals(0, r.exitCode(), r.failure() + " " + r.errors());
            assertTrue(seenDone, "the progress never showed the ingest done");
            OperationStats f = freshness(r);
            assertTrue(f.counts().completed() >= 1, f.toString());
            assertTrue(f.p50Millis() >= holdMillis, "p50 " + f.p50Millis() + " ms, hold " + holdMillis + " ms");
            WorkloadFacts.Freshness facts = r.workloadFacts().freshness();
            assertEquals(r.totals().counts().rows(), facts.acknowledgedRows()); // rows without a value have no line
            assertTrue(facts.rowsNotVisibleAtEnd().orElse(0) > 0, facts.toString()); // counted while still suspended
            assertTrue(facts.fullVisibilitySeconds().orElseThrow() >= holdMillis / 1000.0, facts.toString());
            assertEquals(0, facts.rowsStillNotVisible().orElseThrow(), facts.toString());
        }
    }
}
