package io.dbharness.results;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The one step from a {@code dbharness-result/2} file to the {@code /3} shape, on the JSON tree before binding, so
 * every reader (report, compare, explain, merge) takes both. Nothing of the old file is dropped: what /3 keeps
 * apart (the workload's loaded rows, its notes) moves to its section, the rest of {@code workloadInfo} becomes the
 * facts' details, and -1 ("unknown") becomes a missing field.
 */
final class ResultUpgrade {

    /** /2's flat fields that /3 keeps in the section {@code run}, by their /3 name. */
    private static final Map<String, String> RUN = linked(
            "runId", "id", "harnessVersion", "harnessVersion", "gitCommit", "gitCommit", "seed", "seed",
            "target", "target", "targetInfo", "targetInfo", "workload", "workload", "label", "label",
            "shard", "shard", "start", "start", "end", "end", "options", "options", "loadModel", "loadModel",
            "workers", "workers");

    /** /2's flat fields that /3 keeps in the section {@code outcome}. */
    private static final List<String> OUTCOME = List.of("stopReason", "failure", "failedPhase", "exitCode");

    /** /2's {@code workloadInfo} keys with a typed place in /3. */
    private static final String LOADED_ROWS = "loadedRows";
    private static final String LOAD_SECONDS = "loadSeconds";
    private static final String LOAD_UNKNOWN_ROWS = "loadUnknownRows";
    private static final String NOTE = "note.";

    private ResultUpgrade() {
    }

    /** A /3 tree from a /2 one (which is left as it was). */
    static ObjectNode from2(ObjectNode v2) {
        ObjectNode in = v2.deepCopy();
        ObjectNode out = in.objectNode();
        ObjectNode run = out.putObject("run");
        RUN.forEach((old, now) -> move(in, old, run, now));
        ObjectNode outcome = out.putObject("outcome");
        OUTCOME.forEach(name -> move(in, name, outcome, name));
        JsonNode phase = outcome.get("failedPhase");
        if (phase != null && phase.isTextual()) { // /2 wrote "prepare" and "run"
            outcome.put("failedPhase", phase.asText().toUpperCase(Locale.ROOT));
        }
        for (String unknownWhenNegative : List.of("storedBytes", "harnessCpuSeconds")) {
            JsonNode n = in.get(unknownWhenNegative);
            if (n != null && n.isNumber() && n.asDouble() < 0) {
                in.remove(unknownWhenNegative);
            }
        }
        if (in.get("resources") instanceof ObjectNode resources) {
            for (String unknownWhenNegative : List.of("harnessCpuSecondsPerMillionRows", "harnessCpuSecondsPerThousandOperations")) {
                JsonNode n = resources.get(unknownWhenNegative);
                if (n != null && n.isNumber() && n.asDouble() < 0) {
                    resources.remove(unknownWhenNegative);
                }
            }
        }
        JsonNode info = in.remove("workloadInfo");
        out.set("workloadFacts", facts(info instanceof ObjectNode o ? o : in.objectNode()));
        out.setAll(in); // totals, groups, operations... keep their names and shapes
        return out;
    }

    private static ObjectNode facts(ObjectNode info) {
        ObjectNode facts = info.objectNode();
        JsonNode rows = info.remove(LOADED_ROWS);
        JsonNode seconds = info.remove(LOAD_SECONDS);
        JsonNode unknown = info.remove(LOAD_UNKNOWN_ROWS);
        if (rows != null) {
            ObjectNode loaded = facts.putObject("loaded");
            loaded.put("rows", Long.parseLong(rows.asText()));
            loaded.put("unknownRows", unknown == null ? 0 : Long.parseLong(unknown.asText()));
            if (seconds != null) {
                loaded.put("seconds", Double.parseDouble(seconds.asText()));
            }
        }
        ObjectNode notes = facts.putObject("notes");
        ObjectNode details = facts.putObject("details");
        for (Iterator<Map.Entry<String, JsonNode>> it = info.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            if (e.getKey().startsWith(NOTE)) {
                notes.set(e.getKey().substring(NOTE.length()), e.getValue());
            } else {
                details.set(e.getKey(), e.getValue());
            }
        }
        JsonNode load = details.get("load");
        if (load != null && load.asText().startsWith("--destroy")) { // /2's summary showed it as "tables"
            notes.set("tables", load);
        }
        return facts;
    }

    private static void move(ObjectNode from, String name, ObjectNode to, String as) {
        JsonNode v = from.remove(name);
        if (v != null && !v.isNull()) {
            to.set(as, v);
        }
    }

    private static Map<String, String> linked(String... pairs) {
        Map<String, String> m = new java.util.LinkedHashMap<>();
        for (int i = 0; i < pairs.length; i += 2) {
            m.put(pairs[i], pairs[i + 1]);
        }
        return m;
    }
}
