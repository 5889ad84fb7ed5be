package io.dbharness.search;

import io.dbharness.core.api.UsageException;
import io.dbharness.core.engine.RunSpec;
import io.dbharness.core.result.RunResult;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The library's sweep on real runs of the harness alone (noop), and its series on its own. */
@Timeout(120)
class SweepTest {

    private static RunSpec.Builder small() {
        return RunSpec.builder().target("noop").workload("iot-insert")
                .option("tag-num", 20)
                .option("total-metrics-count", 2)
                .option("ts-end", "2022-04-18 09:00:10")
                .environment(Map.of());
    }

    @Test
    void everyPointRunsInOrderTheFirstAxisOutermost() throws Exception {
        var runs = Sweep.run(small().build(), List.of(VaryAxis.parse("workers=1,2"), VaryAxis.parse("tag-num=10,20")));
        assertEquals(List.of(Map.of("workers", "1", "tag-num", "10"), Map.of("workers", "1", "tag-num", "20"),
                Map.of("workers", "2", "tag-num", "10"), Map.of("workers", "2", "tag-num", "20")),
                runs.stream().map(Sweep.Run::point).toList());
        assertEquals(List.of(1, 2, 3, 4), runs.stream().map(Sweep.Run::number).toList());
        for (Sweep.Run<Map<String, String>, RunResult> r : runs) {
            RunResult result = r.outcome();
            assertEquals(0, result.exitCode());
            long devices = Long.parseLong(r.point().get("tag-num"));
            assertEquals(devices * 10, result.totals().counts().rows(), r.point() + ": 10 s of one row per device per second");
            assertEquals(r.point().get("workers"), result.options().get("workers"), r.point().toString());
        }
    }

    @Test
    void aPointTheHarnessRefusesIsNamedBeforeAnyRuns(@TempDir Path tmp) {
        Path rows = tmp.resolve("rows.csv"); // the file target writes it in the first point's run
        RunSpec base = small().target("file").option("output", rows).build();
        UsageException e = assertThrows(UsageException.class,
                () -> Sweep.run(base, List.of(VaryAxis.parse("workers=1,0"))));
        assertTrue(e.getMessage().startsWith("sweep point workers=0: "), e.getMessage());
        assertFalse(Files.exists(rows), "the first point ran before the refusal");
    }

    @Test
    void aSeriesGoesOnWhileItsConditionHolds() {
        List<String> tried = new ArrayList<>();
        var runs = Sweep.run(List.of("a", "b", "c"), 2, (p, number, rep) -> {
            tried.add(p + number + "." + rep);
            return !p.equals("b"); // b fails: the series stops after it
        }, done -> done.isEmpty() || done.get(done.size() - 1).outcome());
        assertEquals(List.of("a1.1", "a1.2", "b2.1"), tried);
        assertEquals(3, runs.size());
        assertEquals(2, runs.get(1).repetition());
    }
}
