package io.dbharness.results;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.dbharness.core.result.RunResult;
import io.dbharness.core.result.ServerUsage;
import io.dbharness.core.result.TelemetryGap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A result whose server telemetry was lost for a while: the gap and the partial figures are valid result JSON, read
 * back as written, and said in the summary; a result written before gaps were recorded reads as having none.
 */
@Timeout(30)
class TelemetryGapTest {

    /** Samples.full() with a gap from 1.2 s to 1.6 s in its first interval and its run, commits reset across it. */
    private static String withGap() throws Exception {
        ObjectNode tree = (ObjectNode) SchemaCheck.JSON.readTree(ResultFiles.toJson(Samples.full()));
        ObjectNode run = (ObjectNode) tree.get("resources").get("server");
        ObjectNode interval = (ObjectNode) tree.get("intervals").get(0).get("server");
        for (ObjectNode s : List.of(run, interval)) {
            ArrayNode gaps = s.putArray("gaps");
            gaps.addObject().put("lostAtSeconds", 1.2).put("backAtSeconds", 1.6)
                    .put("why", "57P01: FATAL: terminating connection due to administrator command");
            s.putObject("partial").put("commits", "reset by a server restart while the telemetry was lost");
        }
        run.with("partial").put("waits", "no looks at our sessions while the telemetry was lost (0.4 s in 1 gaps)");
        return tree.toString();
    }

    @Test
    void aGapIsValidReadBackAndSaidInTheSummary() throws Exception {
        String json = withGap();
        assertEquals(List.of(), SchemaCheck.errors(json));
        RunResult r = ResultFiles.parse(json, "gap.json");
        ServerUsage s = r.resources().server();
        assertEquals(List.of(new TelemetryGap(1.2, 1.6, "57P01: FATAL: terminating connection due to administrator command")),
                s.gaps());
        assertEquals(s.gaps(), r.intervals().get(0).server().gaps());
        assertTrue(r.intervals().get(0).server().partial().containsKey("commits"));
        String summary = SummaryTable.render(r);
        assertTrue(summary.contains("lost at 1.2 s, back at 1.6 s; partial: commits, waits"), summary);
        assertTrue(summary.contains("(partial: see server telemetry)"), summary);
    }

    @Test
    void aGapNotClosedByTheEndIsSaidSo() throws Exception {
        ObjectNode tree = (ObjectNode) SchemaCheck.JSON.readTree(withGap());
        ((ObjectNode) tree.get("resources").get("server").get("gaps").get(0)).put("backAtSeconds", -1);
        assertEquals(List.of(), SchemaCheck.errors(tree.toString()));
        String summary = SummaryTable.render(ResultFiles.parse(tree.toString(), "gap.json"));
        assertTrue(summary.contains("lost at 1.2 s, not back by the end"), summary);
    }

    @Test
    void aResultWithoutGapsReadsAsCoveredWhole() throws Exception {
        ObjectNode tree = (ObjectNode) SchemaCheck.JSON.readTree(ResultFiles.toJson(Samples.full()));
        ((ObjectNode) tree.get("resources").get("server")).remove(List.of("gaps", "partial"));
        ((ObjectNode) tree.get("intervals").get(0).get("server")).remove(List.of("gaps", "partial"));
        assertEquals(List.of(), SchemaCheck.errors(tree.toString()));
        RunResult r = ResultFiles.parse(tree.toString(), "old.json");
        assertTrue(r.resources().server().gaps().isEmpty() && r.resources().server().partial().isEmpty());
        assertTrue(r.intervals().get(0).server().gaps().isEmpty());
        String summary = SummaryTable.render(r);
        assertFalse(summary.contains("server telemetry") || summary.contains("partial"), summary);
    }
}
