package io.dbharness.cli;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * A runner in a process of its own, as a user starts it from a shell (SIGINT taken, see {@link CliRun#takingSigint};
 * the leader of a process group of its own, as a shell's job is): its output gathered as it comes, signals sent to it
 * or to its group, as a terminal's Ctrl-C is. Closing it ends the process and anything it started.
 */
final class Spawned implements AutoCloseable {

    final Process process;
    private final StringBuilder out = new StringBuilder();
    private final StringBuilder err = new StringBuilder();
    private final CountDownLatch flowing = new CountDownLatch(1);
    private final Thread[] pumps;

    private Spawned(Process process) {
        this.process = process;
        pumps = new Thread[]{pump(process.getInputStream(), out, null), pump(process.getErrorStream(), err, flowing)};
    }

    /** {@code java [jvmOptions] -cp <the tests' class path> io.dbharness.cli.Main args}. */
    static Spawned start(List<String> jvmOptions, String... args) throws IOException {
        String cp = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString()));
        command.addAll(jvmOptions);
        command.addAll(List.of("-cp", cp, "io.dbharness.cli.Main"));
        command.addAll(List.of(args));
        List<String> job = new ArrayList<>(List.of("setsid")); // not a group leader here, so setsid execs in place: same pid
        job.addAll(CliRun.takingSigint(command));
        return new Spawned(new ProcessBuilder(job).start());
    }

    /** Whether a progress line with rows came within {@code seconds}. */
    boolean awaitRows(long seconds) throws InterruptedException {
        return flowing.await(seconds, TimeUnit.SECONDS);
    }

    /** {@code kill -NAME pid}: its exit code. */
    int signal(String name) throws IOException, InterruptedException {
        return new ProcessBuilder("kill", "-" + name, Long.toString(process.pid())).start().waitFor();
    }

    /** {@code kill -NAME -pgid}, as a terminal's Ctrl-C reaches every process of the job: its exit code. */
    int signalGroup(String name) throws IOException, InterruptedException {
        return new ProcessBuilder("kill", "-" + name, "--", "-" + process.pid()).start().waitFor();
    }

    /** Whether a line of standard output holding {@code text} came within {@code seconds}. */
    boolean awaitOut(String text, long seconds) throws InterruptedException {
        return await(out, pumps[0], text, seconds);
    }

    /** Whether a line of error output holding {@code text} came within {@code seconds}. */
    boolean awaitErr(String text, long seconds) throws InterruptedException {
        return await(err, pumps[1], text, seconds);
    }

    private boolean await(StringBuilder stream, Thread pump, String text, long seconds) throws InterruptedException {
        long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        synchronized (stream) {
            while (!stream.toString().contains(text)) {
                long left = TimeUnit.NANOSECONDS.toMillis(until - System.nanoTime());
                if (left <= 0 || !pump.isAlive()) {
                    return stream.toString().contains(text);
                }
                stream.wait(Math.min(left, 1_000));
            }
            return true;
        }
    }

    /** Whether it ended within {@code seconds}; then its output is all gathered. */
    boolean awaitExit(long seconds) throws InterruptedException {
        if (!process.waitFor(seconds, TimeUnit.SECONDS)) {
            return false;
        }
        for (Thread t : pumps) {
            t.join(5_000);
        }
        return true;
    }

    String out() {
        synchronized (out) {
            return out.toString();
        }
    }

    String err() {
        synchronized (err) {
            return err.toString();
        }
    }

    @Override
    public void close() {
        process.descendants().forEach(ProcessHandle::destroyForcibly);
        process.destroyForcibly();
    }

    /** Copies a stream into {@code into}; counts {@code flowing} down at the first progress line with rows. */
    private static Thread pump(InputStream in, StringBuilder into, CountDownLatch flowing) {
        Thread t = new Thread(() -> {
            try (BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
                for (String line; (line = r.readLine()) != null; ) {
                    synchronized (into) {
                        into.append(line).append('\n');
                        into.notifyAll();
                    }
                    if (flowing != null && line.startsWith("[") && !line.contains("]  0 rows")) {
                        flowing.countDown();
                    }
                }
            } catch (IOException ignored) {
                // the process ended
            }
        });
        t.setDaemon(true);
        t.start();
        return t;
    }
}
