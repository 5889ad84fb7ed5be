package io.dbharness.search;

import io.dbharness.core.api.UsageException;
import io.dbharness.core.engine.RunSpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The library's find-max: its loop on its own, and a search of real runs of the harness alone (noop). */
@Timeout(120)
class FindMaxTest {

    private static RunSpec small() {
        return RunSpec.builder().target("noop").workload("iot-insert")
                .option("tag-num", 20)
                .option("total-metrics-count", 2)
                .option("ts-end", "2022-04-18 09:00:10")
                .environment(Map.of())
                .build();
    }

    @Test
    void aSearchOfRealRunsThatAllMeetTheObjectiveEndsAtTheAxisLimit() throws Exception {
        FindMax.Result r = FindMax.of(small(), "workers", "errors=0").to(4).run();
        assertEquals("limit", r.outcome());
        assertEquals(4.0, r.highestMet().orElseThrow());
        assertTrue(r.lowestFailed().isEmpty());
        assertEquals(List.of(1.0, 2.0, 4.0), r.steps().stream().map(FindMax.Step::value).distinct().toList());
        for (FindMax.Step s : r.steps()) {
            assertTrue(s.met(), "step " + s.number());
            assertEquals(200, s.result().totals().counts().rows());
            assertEquals(KneeSearch.format(s.value()), s.result().options().get("workers"));
            assertEquals(List.of("errors=0"), s.judgement().checks().stream().map(c -> c.term()).toList());
        }
    }

    @Test
    void theWorkloadSaysWhatMayBeVaried() {
        UsageException e = assertThrows(UsageException.class, () -> FindMax.of(small(), "terminals", "errors=0").run());
        assertEquals("--vary terminals: find-max searches, for iot-insert, one of rate, workers, tag-num", e.getMessage());
        UsageException named = assertThrows(UsageException.class, () -> FindMax.of(small(), "workers", "tpcc").run());
        assertTrue(named.getMessage().startsWith("--slo term 'tpcc' is not understood"), named.getMessage());
    }

    /** The loop alone: a knee at 37 of a range 1..1000, found from 10 and bracketed within 5%. */
    @Test
    void theLoopBracketsAKneeAndHonoursItsStepLimit() {
        KneeSearch start = KneeSearch.start(10, 1, 1000, 2, 0.05, true);
        List<Double> tried = new ArrayList<>();
        FindMax.Ended ended = FindMax.search(start, 30, (number, value, search) -> {
            tried.add(value);
            return Optional.of(value <= 37);
        });
        assertEquals("bracketed", ended.outcome());
        assertEquals(37.0, ended.search().highestMet());
        assertEquals(38.0, ended.search().lowestFailed());
        assertEquals(tried.size(), ended.steps());

        FindMax.Ended cut = FindMax.search(start, 3, (number, value, search) -> Optional.of(value <= 37));
        assertEquals("max-steps", cut.outcome());
        assertEquals(3, cut.steps());

        FindMax.Ended stopped = FindMax.search(start, 30, (number, value, search) -> number == 2 ? Optional.empty()
                : Optional.of(true));
        assertNull(stopped.outcome(), "a trial that ends the search says why itself");
        assertEquals(2, stopped.steps());
        assertEquals(10.0, stopped.search().highestMet());
    }
}
