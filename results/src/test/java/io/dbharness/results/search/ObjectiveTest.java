package io.dbharness.results.search;

import io.dbharness.core.measure.HistogramCodec;
import io.dbharness.core.result.GroupResult;
import io.dbharness.core.result.OperationStats;
import io.dbharness.core.result.Pacing;
import io.dbharness.core.result.RunResult;
import io.dbharness.core.result.Totals;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ObjectiveTest {

    @Test
    void termsAreReadWithTheirUnits() {
        Objective o = Objective.parse("p99<50ms, errors=0,kept-up,p99.9(new-order)<1.5s,timeouts<3,behind<500ms,mean<250us");
        assertEquals(List.of("p99<50ms", "errors=0", "kept-up", "p99.9(new-order)<1.5s", "timeouts<3", "behind<500ms",
                "mean<250us"), o.terms().stream().map(Objective.Term::label).toList());
        assertEquals(50, ((Objective.Latency) o.terms().get(0)).limitMillis());
        assertEquals(2, ((Objective.Count) o.terms().get(4)).max());
        assertEquals(java.util.Set.of("new-order"), o.types());
        assertTrue(o.needsOpenModel());
    }

    /** Units and names of terms in any case; an operation type keeps its own (a query file's Busy_Devices). */
    @Test
    void anOperationTypeKeepsItsCase() {
        Objective o = Objective.parse("P99(Busy_Devices)<1S,Errors=0,KEPT-UP");
        assertEquals(java.util.Set.of("Busy_Devices"), o.types());
        assertEquals(List.of("p99(Busy_Devices)<1s", "errors=0", "kept-up"),
                o.terms().stream().map(Objective.Term::label).toList());
    }

    @Test
    void aNamedObjectiveStandsForItsTerms() {
        // as TPC-C's workload names the specification's limits
        Objective o = Objective.parse("TPCC", java.util.Map.of("tpcc", "p90(new-order)<5s,p90(payment)<5s,"
                + "p90(order-status)<5s,p90(delivery)<5s,p90(stock-level)<20s"));
        assertEquals(List.of("p90(new-order)<5s", "p90(payment)<5s", "p90(order-status)<5s", "p90(delivery)<5s",
                "p90(stock-level)<20s"), o.terms().stream().map(Objective.Term::label).toList());
        assertFalse(o.needsOpenModel());
    }

    @ParameterizedTest
    @ValueSource(strings = {"p99<", "p999x<5ms", "p100<5ms", "p0<5ms", "q99<5ms", "p99<5", "p99<5 parsecs", "p99()<5ms",
            "errors=x", "errors<0", "p99<0ms", "", "p99<5ms,,errors=0", "kept-up,kept-up", "latency<5ms"})
    void badTermsAreRefusedInOneLineNamingThem(String slo) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Objective.parse(slo));
        assertFalse(e.getMessage().contains("\n"), e.getMessage());
        assertTrue(e.getMessage().startsWith("--slo"), e.getMessage());
    }

    @Test
    void aRunIsJudgedOnEveryTermWithTheFiguresThatDecided() {
        RunResult ok = run(new long[]{1_000, 2_000, 3_000, 10_000}, 0, true, 0.01);
        Objective.Judgement j = Objective.parse("p99<20ms,errors=0,kept-up,p50(insert)<2500us").judge(ok);
        assertTrue(j.met(), j.toString());
        assertEquals(10.0, j.checks().get(0).value(), 0.1);

        RunResult slow = run(new long[]{1_000, 2_000, 30_000, 40_000}, 2, false, 3.5);
        j = Objective.parse("p99<20ms,errors=0,kept-up,behind<1s").judge(slow);
        assertFalse(j.met());
        assertEquals(4, j.failures().size(), j.failures().toString());
        assertTrue(j.failures().get(0).startsWith("p99 insert 40"), j.failures().get(0));
        assertTrue(j.failures().get(2).contains("fell behind"), j.failures().get(2));
    }

    @Test
    void aTypeTheRunLacksIsNotMet() {
        Objective.Judgement j = Objective.parse("p99(select)<20ms").judge(run(new long[]{1_000}, 0, true, 0));
        assertFalse(j.met());
        assertTrue(j.failures().get(0).contains("not measured"), j.failures().toString());
    }

    static RunResult run(long[] micros, long errors, boolean keptUp, double lagSeconds) {
        Histogram h = new Histogram(3);
        for (long m : micros) {
            h.recordValue(m);
        }
        // the histogram as the one source: a percentile read from it (two groups would add them)
        OperationStats op = OperationStats.builder().counts(io.dbharness.core.api.Counts.builder()
                .operations(micros.length + errors).errors(errors).build()).group("insert").type("insert")
                .p50Millis(h.getValueAtPercentile(50) / 1000.0).p90Millis(h.getValueAtPercentile(90) / 1000.0)
                .p95Millis(h.getValueAtPercentile(95) / 1000.0).p99Millis(h.getValueAtPercentile(99) / 1000.0)
                .p999Millis(h.getValueAtPercentile(99.9) / 1000.0).maxMillis(h.getMaxValue() / 1000.0)
                .meanMillis(h.getMean() / 1000.0).histogram(HistogramCodec.encode(h)).build();
        Totals totals = new Totals(io.dbharness.core.api.Counts.builder().operations(micros.length + errors).errors(errors).build(), 0, 0, 0, 0, 0);
        return RunResult.builder().runId("r").target("noop").workload("iot-insert").totals(totals)
                .groups(List.of(new GroupResult("insert", "open 1000 rows/s", 2, totals,
                        new Pacing(1000, "rows/s", keptUp, lagSeconds, lagSeconds))))
                .operations(List.of(op)).intervals(List.of()).errors(List.of()).build();
    }
}
