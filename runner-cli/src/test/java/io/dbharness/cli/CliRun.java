package io.dbharness.cli;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;

/** One in-process {@code runner} invocation with its output captured. */
record CliRun(int exitCode, String out, String err) {

    static CliRun of(String... args) {
        return withEnv(Map.of(), args);
    }

    static CliRun withEnv(Map<String, String> env, String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code;
        try (PrintStream o = new PrintStream(out, true, StandardCharsets.UTF_8);
             PrintStream e = new PrintStream(err, true, StandardCharsets.UTF_8)) {
            code = new Runner(o, e, env).execute(args);
        }
        return new CliRun(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    /** The error output is exactly one line starting with "error: " and holds no stack trace. */
    String oneLineError() {
        String trimmed = err.strip();
        if (trimmed.contains("\n") || !trimmed.startsWith("error: ") || trimmed.contains("Exception") || trimmed.contains("\tat ")) {
            throw new AssertionError("expected one error line, got:\n" + err);
        }
        return trimmed.substring("error: ".length());
    }
}
