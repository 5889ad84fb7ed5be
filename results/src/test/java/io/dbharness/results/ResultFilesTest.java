package io.dbharness.results;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.dbharness.core.result.RunResult;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ResultFilesTest {

    @TempDir
    Path tmp;

    @Test
    void roundTripIsLossless() throws Exception {
        RunResult r = Samples.full();
        Path file = ResultFiles.write(r, tmp.resolve("results/nested"));
        assertEquals(tmp.resolve("results/nested/" + r.runId() + ".json"), file);
        assertEquals(r, ResultFiles.read(file));
        try (var listing = Files.list(file.getParent())) {
            assertEquals(1, listing.count(), "no temp file left behind");
        }
    }

    /** Two runs with one id (a fast sweep in one second) must not lose a result; --out FILE of merge replaces. */
    @Test
    void aResultNeverReplacesAnotherButAnExplicitOutDoes() throws Exception {
        Path first = ResultFiles.write(Samples.full(), tmp);
        String before = Files.readString(first);
        java.nio.file.FileAlreadyExistsException e = assertThrows(java.nio.file.FileAlreadyExistsException.class,
                () -> ResultFiles.write(Samples.clean(), tmp));
        assertTrue(e.getMessage().contains("a result of that run id is there already"), e.getMessage());
        assertEquals(before, Files.readString(first));
        try (var files = Files.list(tmp)) {
            assertEquals(List.of(first), files.toList(), "no temporary file left behind");
        }
        ResultFiles.writeTo(Samples.clean(), first);
        assertEquals(Samples.clean(), ResultFiles.read(first));
    }

    @Test
    void roundTripKeepsNullsOfClosedModelSuccess() throws Exception {
        RunResult r = Samples.clean();
        RunResult back = ResultFiles.read(ResultFiles.write(r, tmp));
        assertEquals(r, back);
        assertEquals(null, back.groups().get(0).pacing());
        assertEquals(null, back.failure());
    }

    @Test
    void fileHasMarkerTotalsAndDerivedFigures() throws Exception {
        RunResult r = Samples.full();
        String text = Files.readString(ResultFiles.write(r, tmp));
        JsonNode json = new ObjectMapper().readTree(text);
        assertEquals("dbharness-result/3", json.get("format").asText());
        assertTrue(text.startsWith("{\n  \"format\""), "pretty-printed, marker first");
        JsonNode totals = json.get("totals");
        assertEquals(6_000_000, totals.get("rows").asLong());
        assertEquals(60_000_000, totals.get("points").asLong());
        assertEquals(1_234_567_890, totals.get("bytes").asLong());
        assertEquals(3, totals.get("errors").asLong());
        assertEquals(12.345678901234, totals.get("durationSeconds").asDouble());
        assertEquals(486_000.123, totals.get("rowsPerSecond").asDouble());
        assertEquals(4_860_001.5, totals.get("pointsPerSecond").asDouble());
        assertEquals(r.compressionRatio().getAsDouble(), json.get("compressionRatio").asDouble(), 1e-12);
        assertEquals(1, json.at("/outcome/exitCode").asInt());
        assertEquals("ABORTED", json.at("/outcome/stopReason").asText());
        assertEquals("2026-11-30T13:00:01.123456789Z", json.at("/run/start").asText());
        assertFalse(json.get("verification").has("failed"), "derived isFailed() is not data");
        assertTrue(json.get("groups").get(0).has("pacing") && json.get("outcome").has("failure"));
        assertEquals(500, totals.get("unknownRows").asLong());
        assertEquals("insert", json.get("intervals").get(0).get("groups").get(0).get("types").get(0).get("type").asText());
    }

    @Test
    void mapsAreSorted() throws Exception {
        JsonNode json = new ObjectMapper().readTree(ResultFiles.toJson(Samples.full()));
        assertEquals(List.of("batch-size", "password", "workers"), names(json.at("/run/options")));
        assertEquals(List.of("fsync", "shared_buffers"), names(json.at("/run/targetInfo/settings")));
    }

    @Test
    void garbageGivesOneLineMessageNamingTheFile() throws Exception {
        Path bad = Files.writeString(tmp.resolve("bad.json"), "{ \"format\": \"dbharness-result/2\",\n  oops ]\n");
        assertOneLine(bad, "is not valid JSON (line 2");

        Path binary = Files.write(tmp.resolve("bin.json"), new byte[] {0x1f, (byte) 0x8b, 8, 0, 0, 0});
        assertOneLine(binary, "is not valid JSON");

        Path other = Files.writeString(tmp.resolve("other.json"), "{\"name\": \"package.json\"}");
        assertOneLine(other, "is not a dbharness result file");

        Path array = Files.writeString(tmp.resolve("array.json"), "[1, 2]");
        assertOneLine(array, "is not a dbharness result file");

        Path empty = Files.writeString(tmp.resolve("empty.json"), "");
        assertOneLine(empty, "is not a dbharness result file");

        Path future = Files.writeString(tmp.resolve("future.json"), "{\"format\": \"dbharness-result/4\"}");
        assertOneLine(future, "has result format dbharness-result/4");

        Path old = Files.writeString(tmp.resolve("old.json"), "{\"format\": \"dbharness-result/1\"}");
        assertOneLine(old, "has result format dbharness-result/1; this harness reads dbharness-result/3 and dbharness-result/2");

        String good = ResultFiles.toJson(Samples.full());
        Path typo = Files.writeString(tmp.resolve("typo.json"), good.replace("\"seed\" : 42", "\"seed\" : \"x\""));
        assertOneLine(typo, "damaged result file");

        Path truncated = Files.writeString(tmp.resolve("cut.json"), good.substring(0, good.length() / 2));
        assertOneLine(truncated, "is not valid JSON");

        Path bare = Files.writeString(tmp.resolve("bare.json"), "{\"format\": \"dbharness-result/3\"}");
        assertOneLine(bare, "field \"run\" is missing");
        Path bare2 = Files.writeString(tmp.resolve("bare2.json"), "{\"format\": \"dbharness-result/2\"}");
        assertOneLine(bare2, "field \"run.id\" is missing");

        assertOneLine(tmp.resolve("missing.json"), "result file not found");
    }

    @Test
    void unknownFieldsFromANewerHarnessAreIgnored() {
        String json = ResultFiles.toJson(Samples.full()).replaceFirst("\\{", "{\n  \"addedLater\" : {\"x\": 1},");
        assertEquals(Samples.full(), ResultFiles.parse(json, "newer.json"));
    }

    @Test
    void runIdThatIsNotAFileNameIsRefused() {
        RunResult r = Samples.full();
        RunResult evil = r.toBuilder()
                .runId("../escape")
                .shard(null)
                .build();
        assertThrows(IllegalArgumentException.class, () -> ResultFiles.write(evil, tmp));
    }

    private static void assertOneLine(Path file, String expected) {
        ResultFileException e = assertThrows(ResultFileException.class, () -> ResultFiles.read(file));
        String m = e.getMessage();
        assertTrue(m.contains(file.toString()), m);
        assertTrue(m.contains(expected), m);
        assertFalse(m.contains("\n") || m.contains("\r"), m);
    }

    private static List<String> names(JsonNode node) {
        List<String> out = new ArrayList<>();
        for (Iterator<String> it = node.fieldNames(); it.hasNext(); ) {
            out.add(it.next());
        }
        return out;
    }
}
