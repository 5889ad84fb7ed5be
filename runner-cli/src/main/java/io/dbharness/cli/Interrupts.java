package io.dbharness.cli;

import io.dbharness.core.engine.StopSignal;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Ctrl-C, SIGTERM and SIGHUP while a run is going: the first one asks the run to stop (the operations in flight get
 * a short grace, then they are cancelled; verification, summary and result follow), and the process then
 * exits with 130, 143 or 129. Before the run has started (connecting, preparing the table) there is
 * nothing to report and the process quits at once. A second one quits at once without a result. Should the run not end within
 * {@link #SAFETY_NET_SECONDS} of the first signal, the process quits and says so, rather than hang.
 *
 * <p>Signal handlers rather than a shutdown hook: a hook runs after the JVM has decided to exit, and nothing
 * then can choose the exit code or take a second Ctrl-C.
 */
@SuppressWarnings("sunapi") // sun.misc.Signal: the JDK's only way to take a signal without exiting
final class Interrupts implements AutoCloseable {

    static final int SAFETY_NET_SECONDS = 45;

    private final List<Runnable> restore = new ArrayList<>();
    private final AtomicInteger received = new AtomicInteger();

    private Interrupts() {
    }

    /** Installs the handlers; where the JVM does not allow it, Ctrl-C keeps its default (exit at once). */
    static Interrupts install(StopSignal stop, PrintStream err) {
        Interrupts i = new Interrupts();
        i.restore.add(trap((name, exitCode) -> i.onSignal(name, exitCode, stop, err))::close);
        return i;
    }

    /**
     * Calls {@code on} with the signal's name ({@code SIGINT}) and the exit code it stands for, on SIGINT (130),
     * SIGTERM (143) and SIGHUP (129: a closed terminal or ssh session), until closed; where the JVM does not allow
     * handlers, a signal keeps its default (exit at once).
     */
    static AutoCloseableQuietly trap(java.util.function.BiConsumer<String, Integer> on) {
        List<Runnable> restore = new ArrayList<>();
        for (var e : List.of(java.util.Map.entry("INT", 130), java.util.Map.entry("TERM", 143), java.util.Map.entry("HUP", 129))) {
            try {
                sun.misc.Signal signal = new sun.misc.Signal(e.getKey());
                sun.misc.SignalHandler previous = sun.misc.Signal.handle(signal, s -> on.accept("SIG" + e.getKey(), e.getValue()));
                restore.add(() -> sun.misc.Signal.handle(signal, previous));
            } catch (IllegalArgumentException | LinkageError unsupported) {
                // no such signal here, or handlers not allowed (-Xrs): the default behaviour stays
            }
        }
        return () -> restore.forEach(Runnable::run);
    }

    /** A scope that closes without a checked exception. */
    interface AutoCloseableQuietly extends AutoCloseable {
        @Override
        void close();
    }

    private void onSignal(String name, int exitCode, StopSignal stop, PrintStream err) {
        if (received.incrementAndGet() == 1) {
            StopSignal.Phase phase = stop.phase();
            stop.request(name, exitCode);
            err.println();
            if (phase == StopSignal.Phase.SETUP) {
                // nothing measured yet, so nothing to report: quit (shutdown hooks still stop an embedded server)
                err.println("stopped (" + name + ") before the run started: nothing was measured, no result written;"
                        + " tables being created or loaded are left as they are (a workload's --clean starts them anew)");
                System.exit(exitCode);
            }
            err.println(phase == StopSignal.Phase.RUNNING
                    ? "stopping (" + name + "): the operations in flight get " + io.dbharness.core.engine.Engine.STOP_GRACE.toSeconds()
                            + " s, then the summary and result are written (press Ctrl-C again to quit at once, without them)"
                    : "stopping (" + name + "): the checks after the run get a few seconds more, then the summary and"
                            + " result are written (press Ctrl-C again to quit at once, without them)");
            Thread net = new Thread(() -> {
                try {
                    Thread.sleep(SAFETY_NET_SECONDS * 1000L);
                } catch (InterruptedException e) {
                    return;
                }
                err.println("error: the run did not stop within " + SAFETY_NET_SECONDS + " s of " + name
                        + "; quitting without a result");
                System.exit(exitCode);
            }, "dbharness-stop-safety-net");
            net.setDaemon(true);
            net.start();
        } else {
            err.println("error: " + name + " again: quitting at once, without a summary or result");
            System.exit(exitCode); // shutdown hooks still stop an embedded server
        }
    }

    @Override
    public void close() {
        restore.forEach(Runnable::run);
    }
}
