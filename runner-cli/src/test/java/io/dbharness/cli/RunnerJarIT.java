package io.dbharness.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The packaged jar as {@code java -jar runner.jar} starts it, without the launcher's {@code -Ddbharness.commit}. */
class RunnerJarIT {

    @TempDir
    Path tmp;

    private static final Path JAR = Path.of("target", "runner.jar").toAbsolutePath();

    /** Exit code and output of a process run in {@code dir}; fails past a minute. */
    private static String[] exec(Path dir, List<String> cmd) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(cmd).directory(dir.toFile()).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), String.join(" ", cmd) + ": " + out);
        return new String[] {String.valueOf(p.exitValue()), out};
    }

    @Test
    void theJarRecordsTheCommitItWasBuiltFrom() throws Exception {
        // the build ran in this module's directory: its checkout's HEAD, or none (a source tarball) and 'unknown'
        String[] head = exec(Path.of("").toAbsolutePath(), List.of("git", "rev-parse", "--verify", "HEAD"));
        String expected = head[0].equals("0") ? head[1].strip() : "unknown";

        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        String[] run = exec(tmp, List.of(java, "-jar", JAR.toString(), "--target", "noop", "--tag-num", "10",
                "--ts-end", "2022-04-18 09:00:02", "--no-watch", "--results", tmp.resolve("res").toString()));
        assertEquals("0", run[0], run[1]);
        JsonNode result;
        try (Stream<Path> files = Files.list(tmp.resolve("res"))) {
            result = new ObjectMapper().readTree(files.filter(f -> f.toString().endsWith(".json")).findFirst().orElseThrow().toFile());
        }
        assertEquals(expected, result.at("/run/gitCommit").asText());
        if (!expected.equals("unknown")) {
            assertTrue(expected.matches("[0-9a-f]{40}"), expected);
        }

        // the launcher's value still wins, as ./runner and the image pass it
        String[] given = exec(tmp, List.of(java, "-Ddbharness.commit=0123456789ab", "-jar", JAR.toString(), "--target", "noop",
                "--tag-num", "10", "--ts-end", "2022-04-18 09:00:02", "--no-watch", "--results", tmp.resolve("given").toString()));
        assertEquals("0", given[0], given[1]);
        try (Stream<Path> files = Files.list(tmp.resolve("given"))) {
            assertEquals("0123456789ab", new ObjectMapper().readTree(files.filter(f -> f.toString().endsWith(".json"))
                    .findFirst().orElseThrow().toFile()).at("/run/gitCommit").asText());
        }
    }

    /** Without --results the result goes to dbharness-results/ in the current directory, never into a results/ there. */
    @Test
    void withoutResultsTheResultGoesToDbharnessResultsInTheCurrentDirectory() throws Exception {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        String[] run = exec(tmp, List.of(java, "-jar", JAR.toString(), "--target", "noop", "--tag-num", "10",
                "--ts-end", "2022-04-18 09:00:02", "--no-watch"));
        assertEquals("0", run[0], run[1]);
        try (Stream<Path> files = Files.list(tmp.resolve("dbharness-results"))) {
            Path result = files.filter(f -> f.toString().endsWith(".json")).findFirst().orElseThrow();
            assertTrue(run[1].contains("result: " + Path.of("dbharness-results").resolve(result.getFileName())), run[1]);
        }
        assertTrue(Files.notExists(tmp.resolve("results")), "nothing in results/");
    }
}
