package io.dbharness.results;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.dbharness.core.api.Counts;
import io.dbharness.core.result.IntervalSample;
import io.dbharness.core.result.RunResult;
import io.dbharness.core.result.Totals;
import org.junit.jupiter.api.Test;

import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The JSON Schema of the result file describes what the writer writes, every field of it. */
class ResultSchemaTest {

    @Test
    void theSamplesWithEveryFieldSetAndWithNullsAreValid() throws Exception {
        assertEquals(List.of(), SchemaCheck.errors(ResultFiles.toJson(Samples.full())));
        assertEquals(List.of(), SchemaCheck.errors(ResultFiles.toJson(Samples.clean())));
    }

    @Test
    void aFieldOfTheWrongTypeOrAMissingOneFailsValidation() throws Exception {
        ObjectNode tree = (ObjectNode) SchemaCheck.JSON.readTree(ResultFiles.toJson(Samples.clean()));
        ((ObjectNode) tree.get("totals")).put("rows", "many");
        List<String> errors = SchemaCheck.errors(tree.toString());
        assertEquals(1, errors.size(), errors.toString());
        assertTrue(errors.get(0).contains("/totals/rows"), errors.get(0));

        ObjectNode noOps = (ObjectNode) SchemaCheck.JSON.readTree(ResultFiles.toJson(Samples.clean()));
        noOps.remove("operations");
        assertTrue(SchemaCheck.errors(noOps.toString()).toString().contains("operations"));

        ObjectNode otherFormat = (ObjectNode) SchemaCheck.JSON.readTree(ResultFiles.toJson(Samples.clean()));
        otherFormat.put("format", "dbharness-result/2");
        assertFalse(SchemaCheck.errors(otherFormat.toString()).isEmpty());
    }

    /** A field added to a record without a word in the schema fails here, so the schema cannot fall behind. */
    @Test
    void everyRecordComponentIsInTheSchemaWithADescription() throws Exception {
        JsonNode schema = SchemaCheck.schemaTree();
        List<String> missing = new ArrayList<>();
        check(RunResult.class, schema, schema, "", missing, new HashSet<>());
        assertEquals(List.of(), missing);
    }

    private static void check(Class<?> record, JsonNode node, JsonNode schema, String path, List<String> missing,
                              Set<Class<?>> seen) {
        if (!seen.add(record)) {
            return;
        }
        checkFields(record, node, schema, path, missing, seen);
    }

    /** Like {@link #check}, also for a record written as fields of each object that holds it ({@link Counts}). */
    private static void checkFields(Class<?> record, JsonNode node, JsonNode schema, String path, List<String> missing,
                                    Set<Class<?>> seen) {
        JsonNode props = node.get("properties");
        for (RecordComponent c : record.getRecordComponents()) {
            String where = path + "/" + c.getName();
            if (c.getType() == Counts.class) { // the holder's definition takes the counters' one in
                checkFields(Counts.class, countsOf(node, schema), schema, where, missing, seen);
                continue;
            }
            if (c.getType() == Totals.class && record == IntervalSample.GroupInterval.class) {
                checkFields(Totals.class, node, schema, where, missing, seen);
                continue;
            }
            JsonNode p = props == null ? null : props.get(c.getName());
            if (p == null) {
                missing.add(where + " (" + record.getSimpleName() + "." + c.getName() + ")");
                continue;
            }
            if (!p.hasNonNull("description")) {
                missing.add(where + " has no description");
            }
            Class<?> inner = recordIn(c.getGenericType());
            if (inner != null) {
                check(inner, definition(p, schema), schema, where, missing, seen);
            }
        }
    }

    /** The counters' definition an object definition takes in with {@code allOf}. */
    private static JsonNode countsOf(JsonNode node, JsonNode schema) {
        for (JsonNode alt : node.path("allOf")) {
            if (alt.path("$ref").asText().equals("#/$defs/counts")) {
                return definition(alt, schema);
            }
        }
        return SchemaCheck.JSON.createObjectNode(); // not taken in: every counter is missing
    }

    /** The record a component holds: itself, or a list's element. */
    private static Class<?> recordIn(Type t) {
        if (t instanceof Class<?> c) {
            return c.isRecord() ? c : null;
        }
        if (t instanceof ParameterizedType p && p.getRawType() == List.class) {
            return recordIn(p.getActualTypeArguments()[0]);
        }
        return null;
    }

    /** Follows $ref, anyOf and items to the object definition. */
    private static JsonNode definition(JsonNode p, JsonNode schema) {
        if (p.has("$ref")) {
            String name = p.get("$ref").asText().substring("#/$defs/".length());
            return schema.get("$defs").get(name);
        }
        if (p.has("items")) {
            return definition(p.get("items"), schema);
        }
        if (p.has("anyOf")) {
            for (JsonNode alt : p.get("anyOf")) {
                if (alt.has("$ref")) {
                    return definition(alt, schema);
                }
            }
        }
        return p;
    }
}
