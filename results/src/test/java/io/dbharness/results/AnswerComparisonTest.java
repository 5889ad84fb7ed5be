package io.dbharness.results;

import io.dbharness.core.api.UsageException;
import io.dbharness.core.result.RunResult;
import org.junit.jupiter.api.Test;

import java.util.LinkedHashMap;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Answers are compared only between runs that queried the same data, whichever model generated it. */
class AnswerComparisonTest {

    private static RunResult queried(Map<String, String> data) {
        RunResult r = Samples.full();
        return r.toBuilder().workloadFacts(new io.dbharness.core.api.WorkloadFacts(null, Map.of(), data)).build();
    }

    private static Map<String, String> devops(String scale, String epochs, String interval) {
        Map<String, String> m = new LinkedHashMap<>();
        m.put("generator", "devops");
        m.put("useCase", "cpu-only");
        m.put("scale", scale);
        m.put("logIntervalSeconds", interval);
        m.put("tsStart", "2016-01-01T00:00:00Z");
        m.put("epochs", epochs);
        return m;
    }

    @Test
    void theOtherModelsDataFlagsMustAgree() {
        RunResult base = queried(devops("4", "720", "10"));
        assertEquals(1, AnswerComparison.compare(base, "a", queried(devops("4", "720", "10")), "b").compared());
        for (var differs : Map.of("--scale", devops("5", "720", "10"), "--ts-end", devops("4", "1080", "10"),
                "--log-interval", devops("4", "720", "20")).entrySet()) {
            UsageException e = assertThrows(UsageException.class,
                    () -> AnswerComparison.compare(base, "a", queried(differs.getValue()), "b"));
            assertTrue(e.getMessage().startsWith("the runs loaded different data: " + differs.getKey() + " differs"),
                    e.getMessage());
        }
        Map<String, String> events = new LinkedHashMap<>(Map.of("generator", "events", "devices", "4",
                "eventsPerDevice", "100"));
        Map<String, String> more = new LinkedHashMap<>(events);
        more.put("eventsPerDevice", "200");
        UsageException e = assertThrows(UsageException.class,
                () -> AnswerComparison.compare(queried(events), "a", queried(more), "b"));
        assertTrue(e.getMessage().startsWith("the runs loaded different data: --num-inserts differs"), e.getMessage());
        Map<String, String> trucks = devops("4", "720", "10");
        trucks.put("generator", "trucks");
        trucks.put("defects", "on");
        Map<String, String> clean = new LinkedHashMap<>(trucks);
        clean.put("defects", "off");
        UsageException defects = assertThrows(UsageException.class,
                () -> AnswerComparison.compare(queried(trucks), "a", queried(clean), "b"));
        assertTrue(defects.getMessage().startsWith("the runs loaded different data: --iot-defects differs"),
                defects.getMessage());
        UsageException model = assertThrows(UsageException.class,
                () -> AnswerComparison.compare(queried(events), "a", base, "b"));
        assertTrue(model.getMessage().startsWith("the runs loaded different data: --generator differs"), model.getMessage());
    }
}
