package io.dbharness.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code --target file --output -}: the rows go to the process's stdout (the file descriptor itself, so the runner
 * runs as its own process here), exactly the bytes {@code --output FILE} writes, and the summary to stderr.
 */
class FileStdoutTest {

    @TempDir
    Path tmp;

    private static final String[] DATA = {"--target", "file", "--format", "csv", "--tag-num", "20", "--total-metrics-count", "5",
            "--ts-end", "2022-04-18 09:00:10", "--workers", "1", "--verify", "--no-watch"};

    private static String[] args(String... more) {
        String[] all = java.util.Arrays.copyOf(DATA, DATA.length + more.length);
        System.arraycopy(more, 0, all, DATA.length, more.length);
        return all;
    }

    @Test
    void rowsOnStdoutSummaryOnStderr() throws Exception {
        Path csv = tmp.resolve("rows.csv");
        CliRun toFile = CliRun.of(args("--output", csv.toString(), "--results", tmp.resolve("file").toString()));
        assertEquals(0, toFile.exitCode(), toFile.err());

        CliRun toStdout = CliRun.process(Map.of(), args("--output", "-", "--results", tmp.resolve("stdout").toString()));
        assertEquals(0, toStdout.exitCode(), toStdout.err());
        assertEquals(Files.readString(csv), toStdout.out());
        assertTrue(toStdout.out().startsWith("ts,tag_id,c0,c1,c2,c3,c4\n2022-04-18 09:00:00,1,,,,,\n"), toStdout.out());
        assertEquals(201, toStdout.out().lines().count());
        // the summary and the result's path, and the verification that stdout cannot be counted back
        assertTrue(toStdout.err().contains("dbharness iot-insert → file"), toStdout.err());
        assertTrue(toStdout.err().contains("│ rows "), toStdout.err());
        assertTrue(toStdout.err().contains("SKIPPED: target 'file' cannot count rows"), toStdout.err());
        assertTrue(toStdout.err().contains("result: " + tmp.resolve("stdout")), toStdout.err());
        assertFalse(toStdout.out().contains("result: "));
    }
}
