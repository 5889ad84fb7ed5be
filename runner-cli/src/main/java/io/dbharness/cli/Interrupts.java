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
 * <p>A series of runs (a sweep, {@code --repeat}, find-max's steps) takes the signals once for all its runs, so one
 * that comes between two runs, or while a run is being prepared, is not lost: the run going on stops as above (one
 * not started yet is given up, without a result), no further run starts ({@link #isRequested()}), and the series
 * still writes its table, report or search for the runs it made.
 *
 * <p>Signal handlers rather than a shutdown hook: a hook runs after the JVM has decided to exit, and nothing
 * then can choose the exit code or take a second Ctrl-C.
 */
@SuppressWarnings("sunapi") // sun.misc.Signal: the JDK's only way to take a signal without exiting
final class Interrupts implements AutoCloseable {

    static final int SAFETY_NET_SECONDS = 45;

    private final List<Runnable> restore = new ArrayList<>();
    private final AtomicInteger received = new AtomicInteger();
    private final PrintStream err;
    private final boolean series;
    /** The run going on, null between runs; guarded by this, with {@link #request}. */
    private StopSignal current;
    private volatile StopSignal.Request request;
    /** The first signal came before the current run started measuring: it has nothing to report. */
    private volatile boolean beforeStart;

    private Interrupts(PrintStream err, boolean series) {
        this.err = err;
        this.series = series;
    }

    /** For one run: before it starts, a signal quits at once. Where the JVM does not allow it, Ctrl-C keeps its default. */
    static Interrupts forRun(PrintStream err) {
        return install(new Interrupts(err, false));
    }

    /** For a series of runs, from before the first one until its table or search is written. */
    static Interrupts forSeries(PrintStream err) {
        return install(new Interrupts(err, true));
    }

    private static Interrupts install(Interrupts i) {
        i.restore.add(trap(i::onSignal)::close);
        if (sayIgnored && sigintIgnored && !sigintWarned.getAndSet(true)) {
            Main.printWarning(i.err, "SIGINT is ignored in this process (as a background job of a shell without job"
                    + " control inherits it): Ctrl-C and kill -INT do not reach it; stop it with kill -TERM, or start it"
                    + " with job control on (set -m) or through env --default-signal=INT");
        }
        return i;
    }

    /**
     * Whether a SIGINT ignored is said: only in a runner process of its own ({@link Main#main}), not where another
     * program embeds the runner and owns its signals.
     */
    private static volatile boolean sayIgnored;

    static void sayWhenSigintIgnored() {
        sayIgnored = true;
    }

    /** The JVM found SIGINT ignored when it started: it keeps it so, and no handler of ours is called. */
    private static volatile boolean sigintIgnored;
    private static final java.util.concurrent.atomic.AtomicBoolean sigintWarned = new java.util.concurrent.atomic.AtomicBoolean();

    /** The stop signal of the next run, which a signal before it ends reaches; already requested after a signal. */
    synchronized StopSignal begin() {
        current = new StopSignal();
        if (request != null) {
            current.request(request.reason(), request.exitCode());
        }
        return current;
    }

    /** The run has ended (its checks included): a signal from now on stops only what follows it. */
    synchronized void end() {
        current = null;
    }

    /** A signal came: nothing more should start. */
    boolean isRequested() {
        return request != null;
    }

    /** The first signal, or null. */
    StopSignal.Request requested() {
        return request;
    }

    /** The first signal came before the run it stopped started measuring (or between runs): that run has nothing to report. */
    boolean stoppedBeforeStart() {
        return request != null && beforeStart;
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
                sigintIgnored |= e.getKey().equals("INT") && previous == sun.misc.SignalHandler.SIG_IGN;
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

    private void onSignal(String name, int exitCode) {
        if (received.incrementAndGet() > 1) {
            err.println("error: " + name + " again: quitting at once, without a summary or result");
            System.exit(exitCode); // shutdown hooks still stop an embedded server
        }
        StopSignal run;
        StopSignal.Phase phase;
        synchronized (this) {
            request = new StopSignal.Request(name, exitCode);
            run = current;
            phase = run == null ? null : run.phase();
            beforeStart = phase == null || phase == StopSignal.Phase.SETUP;
            if (run != null) {
                run.request(name, exitCode);
            }
        }
        err.println();
        if (phase == StopSignal.Phase.SETUP && !series) {
            // nothing measured yet, so nothing to report: quit (shutdown hooks still stop an embedded server)
            err.println("stopped (" + name + ") before the run started: nothing was measured, no result written;"
                    + " tables being created or loaded are left as they are (a workload's --clean starts them anew)");
            System.exit(exitCode);
        }
        String again = " (press Ctrl-C again to quit at once, without them)";
        String rest = series ? "; no further run starts, then the runs made are summed up" : "";
        err.println(phase == null ? (series ? "stopping (" + name + "): no further run starts; the runs made are summed up"
                        : "stopping (" + name + "): the run has ended, its summary and result are being written") + again
                : phase == StopSignal.Phase.SETUP ? "stopping (" + name + ") before the run started: it is given up, nothing"
                        + " measured and no result written" + rest + again
                : phase == StopSignal.Phase.RUNNING ? "stopping (" + name + "): the operations in flight get "
                        + io.dbharness.core.engine.Engine.STOP_GRACE.toSeconds() + " s, then the summary and result are written"
                        + rest + again
                : "stopping (" + name + "): the checks after the run get a few seconds more, then the summary and"
                        + " result are written" + rest + again);
        Thread net = new Thread(() -> {
            try {
                Thread.sleep(SAFETY_NET_SECONDS * 1000L);
            } catch (InterruptedException e) {
                return;
            }
            err.println("error: " + (series ? "the runs did" : "the run did") + " not stop within " + SAFETY_NET_SECONDS
                    + " s of " + name + "; quitting without a result");
            System.exit(exitCode);
        }, "dbharness-stop-safety-net");
        net.setDaemon(true);
        net.start();
    }

    @Override
    public void close() {
        restore.forEach(Runnable::run);
    }
}
