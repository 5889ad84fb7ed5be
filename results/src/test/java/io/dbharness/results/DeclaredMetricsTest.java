package io.dbharness.results;

import io.dbharness.core.api.MetricCatalogue;
import io.dbharness.core.api.MetricDescriptor;
import io.dbharness.core.result.IntervalSample;
import io.dbharness.core.result.ResourceUsage;
import io.dbharness.core.result.RunResult;
import io.dbharness.core.result.ServerSample;
import io.dbharness.core.result.ServerUsage;
import io.dbharness.results.explain.Explanation;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The summary, explain and the report render and classify a server's figures by what its telemetry declared: a
 * product they have never heard of, with names of its own, is shown and judged like the ones they know, and a
 * result written before descriptors were carried reads as it did.
 */
@Timeout(60)
public class DeclaredMetricsTest {

    /** A made-up server's telemetry: its own names for its locks, its log and its transactions. */
    static final MetricCatalogue ACME = MetricCatalogue.parse("""
            # name       kind     unit      category      merge  show     label
            txn_done     counter  count     transactions  sum    always   transactions done
            log_bytes    counter  bytes     wal           sum    always   log
            flushes      counter  count     wal           sum    nonzero  log flushes
            spills       counter  count     io            sum    no       spills
            latch:*      wait     sessions  lock          sum    no       latch
            running      wait     sessions  cpu           sum    no       -
            """, "acme");

    public static ServerUsage acme() {
        return new ServerUsage("Acme's session states", 20, Map.of("latch:row", 9L, "latch:page", 3L, "running", 8L),
                Map.of("txn_done", 1200.0, "log_bytes", 3.0e6, "flushes", 0.0, "spills", 7.0), Map.of(), 0, 100, -1, -1,
                -1, List.of(), Map.of(), 0.01, 0.02).describedBy(ACME);
    }

    static RunResult run(ServerUsage s) {
        return withServer(SamplesAccess.clean(), s);
    }

    /** {@code base} with {@code s} as its server's account, and in each interval. */
    public static RunResult withServer(RunResult base, ServerUsage s) {
        ServerSample sample = new ServerSample(s.waitSamples(), s.waits(), s.counters(), Map.of());
        List<IntervalSample> intervals = base.intervals().stream().map(i -> new IntervalSample(i.endSeconds(),
                i.seconds(), i.groups(), i.host(), sample)).toList();
        ResourceUsage r = base.resources();
        return base.toBuilder().intervals(intervals).resources(r == null
                ? new ResourceUsage("client host only", false, null, null, java.util.OptionalDouble.empty(), java.util.OptionalDouble.empty(), s) : r.withServer(s)).build();
    }

    @Test
    void aDeclaredWaitIsJudgedByItsCategory() {
        List<Explanation.Verdict> v = Explanation.verdicts(run(acme()));
        assertTrue(v.stream().anyMatch(x -> x.limit().equals("row and table locks")
                && x.figure().startsWith("60% of our sessions' server time (latch:row 45%, latch:page 15%; 20 looks,"
                + " Acme's session states)")), v.toString());
    }

    @Test
    void theSummaryShowsWhatTheTelemetryDeclaredToShowByItsLabels() {
        ServerUsage s = acme();
        assertEquals("1,200 transactions done, 3.0 MB log", ServerRows.counters(s), "flushes are shown when not zero,"
                + " spills never");
        assertEquals("60% latch, 40% running (Acme's session states)", ServerRows.serverTime(s));
        assertTrue(SummaryTable.render(run(s)).contains("1,200 transactions done, 3.0 MB log"));
    }

    @Test
    void figuresOfOneLabelCombineByTheirMergeRule() {
        MetricCatalogue c = MetricCatalogue.parse("""
                restarts_a  counter  count  other  sum  always  restarts
                restarts_b  counter  count  other  sum  always  restarts
                stall_a     counter  count  other  max  always  longest stall
                stall_b     counter  count  other  max  always  longest stall
                """, "test");
        ServerUsage s = new ServerUsage(null, 0, Map.of(), Map.of("restarts_a", 2.0, "restarts_b", 3.0, "stall_a", 30.0,
                "stall_b", 50.0), Map.of(), -1, -1, -1, -1, -1, List.of(), Map.of(), 0, 0).describedBy(c);
        assertEquals("5 restarts, 50 longest stall", ServerRows.counters(s));
    }

    @Test
    void aResultWithoutDescriptorsIsReadWithTheCompatibilityTable() {
        RunResult today = run(new ServerUsage("PostgreSQL wait events of our backends", 20,
                Map.of("Lock:transactionid", 12L, "CPU", 8L), Map.of("commits", 10.0, "checkpoints_timed", 1.0,
                "checkpoints_requested", 1.0), Map.of(), 0, 100, -1, -1, -1, List.of(), Map.of(), 0.01, 0.02));
        String json = ResultFiles.toJson(today);
        assertTrue(json.contains("\"metrics\""), "a result carries its descriptors");
        String old = json.replaceAll("(?s),\\s*\"metrics\"\\s*:\\s*\\[[^\\]]*\\]", "");
        assertNotEquals(json, old);
        assertFalse(old.contains("\"metrics\" : ["), old);
        RunResult read = ResultFiles.parse(old, "a /2 file");
        assertEquals(today.serverUsage().metrics(), read.serverUsage().metrics());
        assertEquals(MetricDescriptor.Category.LOCK, read.serverUsage().metric("Lock:transactionid",
                MetricDescriptor.Kind.WAIT).category());
        assertEquals("10 commits, 2 checkpoints", ServerRows.counters(read.serverUsage()));
        assertEquals(Explanation.render(today), Explanation.render(read));
    }
}
