package io.dbharness.cli;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;

/** One in-process {@code runner} invocation with its output captured. */
public record CliRun(int exitCode, String out, String err) {

    public static CliRun of(String... args) {
        return withEnv(Map.of(), args);
    }

    public static CliRun withEnv(Map<String, String> env, String... args) {
        return execute(env, false, args);
    }

    /**
     * The invocation parsed and checked as it would be, without connecting or writing: a run or sweep stops after
     * {@code Harness.check} of each run (exit 0 when it passes), other subcommands run as usual.
     */
    public static CliRun checked(Map<String, String> env, String... args) {
        return execute(env, true, args);
    }

    private static CliRun execute(Map<String, String> env, boolean checkOnly, String... args) {
        return piped(new java.io.ByteArrayInputStream(new byte[0]), env, checkOnly, args);
    }

    /** An invocation reading {@code in} as its standard input: the right side of a pipe. */
    public static CliRun piped(java.io.InputStream in, Map<String, String> env, boolean checkOnly, String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code;
        try (PrintStream o = new PrintStream(out, true, StandardCharsets.UTF_8);
             PrintStream e = new PrintStream(err, true, StandardCharsets.UTF_8)) {
            code = new Runner(in, o, e, env, checkOnly).execute(args);
        }
        return new CliRun(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    /**
     * The same invocation as its own process (a JVM on the test class path), for what must be proven across
     * processes: shards of one run. The environment is this one's without PG*, INFLUX* and JOB_COMPLETION_INDEX,
     * plus {@code env}.
     */
    public static CliRun process(Map<String, String> env, String... args) throws java.io.IOException, InterruptedException {
        String cp = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        java.util.List<String> cmd = new java.util.ArrayList<>(java.util.List.of(
                java.nio.file.Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx512m", "-cp", cp, "io.dbharness.cli.Main"));
        cmd.addAll(java.util.List.of(args));
        ProcessBuilder pb = new ProcessBuilder(cmd);
        pb.environment().keySet().removeIf(k -> k.startsWith("PG") || k.startsWith("INFLUX") || k.equals("JOB_COMPLETION_INDEX"));
        pb.environment().putAll(env);
        java.nio.file.Path out = java.nio.file.Files.createTempFile("runner-out", ".txt");
        java.nio.file.Path err = java.nio.file.Files.createTempFile("runner-err", ".txt");
        try {
            Process p = pb.redirectOutput(out.toFile()).redirectError(err.toFile()).start();
            if (!p.waitFor(5, java.util.concurrent.TimeUnit.MINUTES)) {
                p.destroyForcibly();
                throw new AssertionError("runner " + String.join(" ", args) + " did not end within 5 minutes");
            }
            return new CliRun(p.exitValue(), java.nio.file.Files.readString(out), java.nio.file.Files.readString(err));
        } finally {
            java.nio.file.Files.deleteIfExists(out);
            java.nio.file.Files.deleteIfExists(err);
        }
    }

    /**
     * {@code command} for a runner process that the test interrupts with SIGINT. A suite started in the background
     * of a shell without job control ignores SIGINT, and every process it starts inherits that: the runner's
     * handler would never be called. There (Linux: /proc says so) coreutils' env puts the default back.
     */
    static java.util.List<String> takingSigint(java.util.List<String> command) throws java.io.IOException {
        java.nio.file.Path status = java.nio.file.Path.of("/proc/self/status");
        if (!java.nio.file.Files.isReadable(status)) {
            return command;
        }
        boolean ignored = java.nio.file.Files.readAllLines(status).stream().filter(l -> l.startsWith("SigIgn:"))
                .anyMatch(l -> (Long.parseUnsignedLong(l.substring("SigIgn:".length()).trim(), 16) & (1L << (2 - 1))) != 0);
        if (!ignored) {
            return command;
        }
        java.util.List<String> reset = new java.util.ArrayList<>(java.util.List.of("env", "--default-signal=INT"));
        reset.addAll(command);
        return reset;
    }

    /** The error output is exactly one line starting with "error: " and holds no stack trace. */
    public String oneLineError() {
        String trimmed = err.strip();
        if (trimmed.contains("\n") || !trimmed.startsWith("error: ") || trimmed.contains("Exception") || trimmed.contains("\tat ")) {
            throw new AssertionError("expected one error line, got:\n" + err);
        }
        return trimmed.substring("error: ".length());
    }
}
