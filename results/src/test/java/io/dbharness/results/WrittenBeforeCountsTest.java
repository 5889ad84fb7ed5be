package io.dbharness.results;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.dbharness.core.api.Counts;
import io.dbharness.core.result.IntervalSample;
import io.dbharness.core.result.OperationStats;
import io.dbharness.core.result.RunResult;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.IOException;
import java.io.InputStream;
import java.util.Iterator;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Result files written by the harness before its counters became one {@link Counts} type (real runs of main at
 * f973b7c): they read with the same counts, and written again they keep every field they had, with its value.
 */
@Timeout(60)
class WrittenBeforeCountsTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @ParameterizedTest
    @ValueSource(strings = {"iot-insert-noop.json", "tpcc-postgres.json"})
    void readsWithTheSameCountsAndWritesEveryFieldBack(String name) throws IOException {
        String before = fixture(name);
        JsonNode old = JSON.readTree(before);
        RunResult r = ResultFiles.parse(before, name);

        assertCounts(old.get("totals"), r.totals().counts());
        assertCounts(old.get("groups").get(0).get("totals"), r.groups().get(0).totals().counts());
        for (int i = 0; i < r.operations().size(); i++) {
            JsonNode o = old.get("operations").get(i);
            OperationStats op = r.operations().get(i);
            assertEquals(o.get("completed").asLong(), op.counts().completed(), "an operation type's completed ones");
            assertEquals(o.get("completed").asLong() + o.get("errors").asLong(), op.counts().operations());
            assertCounts(o, op.counts());
        }
        for (int i = 0; i < r.intervals().size(); i++) {
            JsonNode g = old.get("intervals").get(i).get("groups").get(0);
            IntervalSample.GroupInterval group = r.intervals().get(i).groups().get(0);
            assertCounts(g, group.totals().counts());
            assertEquals(g.get("rowsPerSecond").asDouble(), group.totals().rowsPerSecond());
            assertEquals(old.get("intervals").get(i).get("seconds").asDouble(), group.totals().durationSeconds(),
                    "an interval group's seconds are its interval's");
            for (int t = 0; t < group.types().size(); t++) {
                assertCounts(g.get("types").get(t), group.types().get(t).counts());
            }
        }

        String again = ResultFiles.toJson(r);
        // written again as /3: every field of the old file, moved where /3 keeps it (ResultUpgrade), with its value
        com.fasterxml.jackson.databind.node.ObjectNode moved = ResultUpgrade.from2(((com.fasterxml.jackson.databind.node.ObjectNode) old).deepCopy());
        moved.remove("format");
        if (moved.path("compressionRatio").asDouble() < 0) {
            moved.remove("compressionRatio"); // /2's -1 for "cannot tell": /3 leaves it out
        }
        assertKept(moved, JSON.readTree(again), "$");
        assertEquals(r, ResultFiles.parse(again, name + " written again"));
    }

    /** Every counter the old object has is in {@code c} with its value. */
    private static void assertCounts(JsonNode old, Counts c) {
        JsonNode now = JSON.valueToTree(c);
        int seen = 0;
        for (Iterator<Map.Entry<String, JsonNode>> it = now.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> f = it.next();
            if (old.has(f.getKey())) {
                assertEquals(old.get(f.getKey()).asLong(), f.getValue().asLong(), f.getKey() + " in " + old);
                seen++;
            }
        }
        assertTrue(seen >= 3, "the old object held counters: " + old);
    }

    /** Every field of {@code old}, nested, is in {@code now} with the same value (more fields may have come). */
    private static void assertKept(JsonNode old, JsonNode now, String path) {
        if (old.isNull() && now == null) {
            return; // /3 leaves an unset section out rather than writing null
        }
        assertNotNull(now, path + " is gone");
        if (old.isNumber() && now.isNumber()) {
            assertEquals(0, old.decimalValue().compareTo(now.decimalValue()), path + ": " + old + " is now " + now);
            return;
        }
        if (old.isObject()) {
            for (Iterator<Map.Entry<String, JsonNode>> it = old.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> f = it.next();
                assertKept(f.getValue(), now.get(f.getKey()), path + "." + f.getKey());
            }
        } else if (old.isArray()) {
            assertEquals(old.size(), now.size(), path + " length");
            for (int i = 0; i < old.size(); i++) {
                assertKept(old.get(i), now.get(i), path + "[" + i + "]");
            }
        } else {
            assertEquals(old, now, path);
        }
    }

    private static String fixture(String name) throws IOException {
        try (InputStream in = WrittenBeforeCountsTest.class.getResourceAsStream("written-before-counts/" + name)) {
            assertNotNull(in, name);
            return new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        }
    }
}
