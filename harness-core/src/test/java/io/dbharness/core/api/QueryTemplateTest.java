package io.dbharness.core.api;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Placeholders are parsed once; what fills them, or is inserted, is text and never read for placeholders again. */
class QueryTemplateTest {

    @Test
    void placeholdersAreTheKnownWordsInBraces() {
        QueryTemplate t = QueryTemplate.parse("q", "SELECT {metric} FROM {table} WHERE tag_id = {tag} AND r with { x }");
        assertTrue(t.uses("tag") && t.uses("metric") && !t.uses("tags"));
        assertEquals("SELECT c1 FROM t WHERE tag_id = 7 AND r with { x }",
                t.fill(p -> switch (p) { case "metric" -> "c1"; case "table" -> "t"; default -> "7"; }));
        UsageException e = assertThrows(UsageException.class, () -> QueryTemplate.parse("my.yaml, query 'x'", "{device}"));
        assertEquals("my.yaml, query 'x': unknown placeholder {device}; known: {table}, {metric}, {metrics}, {time}, {key}, {tag},"
                + " {tags}, {start}, {end}, {threshold}, {choice}", e.getMessage());
    }

    @Test
    void filledNamesAndInsertedTextStayText() {
        QueryTemplate t = QueryTemplate.parse("q", "import \"x\"\nSELECT * FROM {table} WHERE tag_id = {tag}");
        QueryTemplate fixed = t.fixed(p -> "\"m{tag}\"");
        assertEquals("import \"x\"\nSELECT * FROM \"m{tag}\" WHERE tag_id = {tag}", fixed.text());
        assertEquals("import \"x\"\nSELECT * FROM \"m{tag}\" WHERE tag_id = 5", fixed.fill(p -> "5"));

        QueryTemplate inserted = fixed.insert(11, "bucket = \"b{end}\"\n");
        assertEquals("import \"x\"\nbucket = \"b{end}\"\nSELECT * FROM \"m{tag}\" WHERE tag_id = {tag}", inserted.text());
        assertFalse(inserted.uses("end"));
        assertEquals("import \"x\"\nbucket = \"b{end}\"\nSELECT * FROM \"m{tag}\" WHERE tag_id = 9", inserted.fill(p -> "9"));
        int insidePlaceholder = inserted.text().lastIndexOf("{tag}") + 2; // the placeholder, not the name
        assertThrows(IllegalArgumentException.class, () -> inserted.insert(insidePlaceholder, "x"));
        assertEquals("{tag};", QueryTemplate.parse("q", "{tag}").insert(5, ";").text());
    }
}
