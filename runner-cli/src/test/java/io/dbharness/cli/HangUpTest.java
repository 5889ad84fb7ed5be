package io.dbharness.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * SIGHUP (a closed terminal or ssh session) stops a run against the embedded QuestDB as it does against
 * PostgreSQL: summary, result, exit code 129. QuestDB's own bootstrap ignores SIGHUP; embedded, the runner's
 * handler must stay.
 */
@org.junit.jupiter.api.Tag("server")
class HangUpTest {

    @TempDir
    Path tmp;

    @Test
    void sighupStopsARunOnTheEmbeddedQuestDbWithExitCode129() throws Exception {
        String cp = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        // a test run under nohup hands SIGHUP down ignored, and a JVM keeps an ignored SIGHUP ignored: reset it
        List<String> cmd = new ArrayList<>(List.of("env", "--default-signal=HUP",
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx1g", "-cp", cp, "io.dbharness.cli.Main", "--target", "questdb", "--tag-num", "400000",
                "--total-metrics-count", "10", "--watch-interval", "200ms", "--results", tmp.toString()));
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectOutput(tmp.resolve("out.txt").toFile());
        pb.environment().keySet().removeIf(k -> k.startsWith("QDB") || k.startsWith("PG"));
        Process p = pb.start();
        CountDownLatch rowsFlowing = new CountDownLatch(1);
        StringBuilder err = new StringBuilder();
        Thread pump = new Thread(() -> {
            try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getErrorStream(), StandardCharsets.UTF_8))) {
                for (String line; (line = r.readLine()) != null; ) {
                    synchronized (err) {
                        err.append(line).append('\n');
                    }
                    if (line.startsWith("[") && !line.contains("]  0 rows")) {
                        rowsFlowing.countDown();
                    }
                }
            } catch (java.io.IOException ignored) {
                // the process ended
            }
        });
        pump.setDaemon(true);
        pump.start();
        try {
            assertTrue(rowsFlowing.await(120, TimeUnit.SECONDS), "no progress line with rows:\n" + err);
            assertEquals(0, new ProcessBuilder("kill", "-HUP", Long.toString(p.pid())).start().waitFor());
            assertTrue(p.waitFor(60, TimeUnit.SECONDS), "still running after SIGHUP:\n" + err);
            pump.join(5_000);
            assertEquals(129, p.exitValue(), err.toString());
            assertTrue(err.toString().contains("stopping (SIGHUP)"), err.toString());
            String out = Files.readString(tmp.resolve("out.txt"));
            assertTrue(out.matches("(?s).*│ exit code +│ 129 +│.*"), out);
            try (Stream<Path> files = Files.list(tmp)) {
                List<Path> json = files.filter(f -> f.toString().endsWith(".json")).toList();
                assertEquals(1, json.size(), "one result file: " + json);
                assertEquals(129, new ObjectMapper().readTree(json.get(0).toFile()).at("/outcome/exitCode").asInt());
            }
        } finally {
            p.destroyForcibly();
        }
    }
}
