package io.dbharness.results.search;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Which verdicts were confirmed, in the search file; files written before that was recorded still read. */
@Timeout(30)
class SearchFilesTest {

    @TempDir
    Path tmp;

    private static SearchResult search(SearchResult.Step... steps) {
        return new SearchResult("20261207-020000-find-max-rate", "test", "noop", "iot-insert", "rate", "kept-up", Map.of(),
                0.05, 1, Map.of(), Instant.parse("2026-12-07T02:00:00Z"), Instant.parse("2026-12-07T02:01:00Z"), 1000.0,
                2000.0, "running", List.of(steps));
    }

    @Test
    void aConfirmedFailureIsWrittenAndReadBack() throws Exception {
        SearchResult s = search(
                new SearchResult.Step(1, 2000, 1, false, false, "a.json", 0, 2000, 1500, "rows/s", List.of(),
                        "to be confirmed: run again"),
                new SearchResult.Step(2, 2000, 1, false, false, "b.json", 0, 2000, 1400, "rows/s", List.of(),
                        "confirms step 1: confirmed failure").withConfirmation(SearchResult.Step.CONFIRMED));
        Path file = SearchFiles.write(s, tmp);
        assertTrue(Files.readString(file).contains("\"confirmation\" : \"confirmed\""), Files.readString(file));
        SearchResult back = SearchFiles.read(file);
        assertEquals(s, back);
        assertNull(back.steps().get(0).confirmation());
        assertEquals(SearchResult.Step.CONFIRMED, back.steps().get(1).confirmation());
    }

    @Test
    void aFileWrittenBeforeConfirmationsWereRecordedStillReads() throws Exception {
        SearchResult s = search(new SearchResult.Step(1, 1000, 1, true, true, "a.json", 0, 1000, 990, "rows/s", List.of(),
                null));
        String old = SearchFiles.toJson(s).replaceAll(",\\s*\"confirmation\" : null", "");
        assertFalse(old.contains("confirmation"), old);
        Path file = tmp.resolve(s.searchId() + SearchFiles.SUFFIX);
        Files.writeString(file, old);
        assertEquals(s, SearchFiles.read(file));
    }
}
