package io.dbharness.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * QuestDB's line protocol versions as a user runs them: the same rows loaded with text (1) and with binary
 * doubles (2) into an embedded QuestDB pass --verify and answer every catalogue query alike.
 */
@org.junit.jupiter.api.Tag("server")
class QuestDbProtocolVersionCliTest {

    @TempDir
    Path tmp;

    private Path load(String version) throws Exception {
        Path dir = tmp.resolve("v" + version);
        CliRun r = CliRun.withEnv(Map.of(), "--target", "questdb", "--workload", "iot-query", "--load", "--verify",
                "--questdb-protocol-version", version, "--results", dir.toString(), "--no-watch", "--tag-num", "30",
                "--total-metrics-count", "4", "--ts-step-in-second", "10", "--ts-end", "2022-04-18 11:00:00",
                "--generator-randomness", "M", "--generator-empty-value-ratio", "20", "--query-count", "300");
        assertEquals(0, r.exitCode(), r.out() + r.err());
        assertTrue(r.out().lines().anyMatch(l -> l.contains("verification") && l.contains("PASSED")), r.out());
        try (Stream<Path> files = Files.list(dir)) {
            Path result = files.filter(p -> p.toString().endsWith(".json")).findFirst().orElseThrow();
            String json = Files.readString(result);
            String said = version.equals("2") ? "2 (doubles in binary)" : "1 (text)";
            assertTrue(json.contains("\"line-protocol-version\" : \"" + said + "\"")
                    || json.contains("\"line-protocol-version\":\"" + said + "\""), "the result says the version");
            return result;
        }
    }

    @Test
    @Timeout(240)
    void textAndBinaryDoublesGiveTheSameAnswers() throws Exception {
        Path text = load("1");
        Path binary = load("2");
        CliRun same = CliRun.of("compare", "--answers", text.toString(), binary.toString());
        assertEquals(0, same.exitCode(), same.out() + same.err());
        assertTrue(same.out().contains("0 of 300 answers differ"), same.out());
    }
}
