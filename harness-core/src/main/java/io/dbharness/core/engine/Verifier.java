package io.dbharness.core.engine;

import io.dbharness.core.api.Counts;
import io.dbharness.core.api.Shard;
import io.dbharness.core.api.TargetAdapter;
import io.dbharness.core.api.TargetException;
import io.dbharness.core.api.UsageException;
import io.dbharness.core.api.Verification;
import io.dbharness.core.api.Workload;
import io.dbharness.core.config.RunOptions;

import java.time.Duration;
import java.time.LocalTime;
import java.time.temporal.ChronoUnit;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;

/**
 * The checks after the run: the verification ({@code --verify}) and the stored size, on a thread of their own
 * and bounded in time, so a stalled server cannot hold the summary and result back. FAILED is only for rows counted
 * and found different. A verification asked for that could not be done is UNCHECKED and says why: the rows were not
 * counted, which says nothing against them. Its exit code tells why: 3 (target unreachable) when the target could not be
 * reached (refused or lost connections, a server shutting down, for up to {@code --reconnect-timeout} as the workers
 * wait), the signal's when stopped, else 1 (an error, no answer in time).
 */
final class Verifier {

    /**
     * What the checks found: the verification, the bytes the target stores (empty when unknown), and whether the
     * verification could not reach the target (exit 3).
     */
    record Checked(Verification verification, java.util.OptionalLong storedBytes, boolean unreachable) {

        Checked(Verification verification, java.util.OptionalLong storedBytes) {
            this(verification, storedBytes, false);
        }
    }

    /** How long the stored size (informative, not part of the outcome) may take after the verification. */
    private static final Duration STORED_SIZE_LIMIT = Duration.ofSeconds(10);

    /** After a stop request (Ctrl-C before or during the checks): a few seconds more, not the whole limit. */
    private static final Duration AFTER_STOP_LIMIT = Duration.ofSeconds(5);

    private Verifier() {
    }

    /**
     * {@code targetGone}: the run ended with the target unreachable; then the checks are asked once, not again
     * until the limit (a server that refused the workers' reconnects to the end is not one restarting).
     */
    static Checked check(Workload workload, TargetAdapter target, Counts t, RunOptions options, StopSignal stop,
                         Shard shard, boolean targetGone, Consumer<String> say) {
        // the verification, once done, stands even if the stored size (informative only) then takes too long
        AtomicReference<Verification> verified = new AtomicReference<>();
        AtomicReference<TargetException> lastError = new AtomicReference<>();
        FutureTask<Checked> task = new FutureTask<>(() -> {
            Verification v = Verification.skipped("--verify not set");
            if (options.verify() && shard != null) {
                // the table holds every shard's rows, and the others may still be writing: one shard's count proves nothing
                v = Verification.skipped("sharded run (shard " + shard + "): a shard cannot verify what all shards"
                        + " wrote; count the table once every shard has finished");
            } else if (options.verify()) {
                v = verifyRetrying(workload, target, t, !targetGone, options.reconnectTimeout(), lastError, say, stop);
            }
            verified.set(v);
            if (v.isUnchecked()) { // the target could not be reached: its size could not be either
                return new Checked(v, java.util.OptionalLong.empty(), lastError.get() != null);
            }
            java.util.OptionalLong stored;
            try {
                stored = workload.storedBytes(target);
            } catch (TargetException | RuntimeException e) {
                stored = java.util.OptionalLong.empty(); // the size is informative; the run's outcome does not depend on it
            }
            return new Checked(v, stored);
        });
        Thread thread = new Thread(task, "dbharness-verify");
        thread.setDaemon(true);
        thread.start();
        long begun = System.nanoTime();
        long deadline = begun + (stop.isRequested() ? AFTER_STOP_LIMIT : limit(options)).toNanos();
        boolean cut = stop.isRequested();
        boolean sizing = false;
        try {
            while (true) {
                if (!cut && stop.isRequested()) {
                    cut = true;
                    deadline = Math.min(deadline, System.nanoTime() + AFTER_STOP_LIMIT.toNanos());
                }
                if (!sizing && verified.get() != null) {
                    sizing = true;
                    deadline = Math.min(deadline, System.nanoTime() + STORED_SIZE_LIMIT.toNanos());
                }
                long wait = Math.min(deadline - System.nanoTime(), 100_000_000L);
                try {
                    return task.get(Math.max(wait, 0), TimeUnit.NANOSECONDS);
                } catch (TimeoutException e) {
                    if (System.nanoTime() - deadline >= 0) {
                        break;
                    }
                }
            }
            task.cancel(true);
            if (verified.get() != null) {
                return new Checked(verified.get(), java.util.OptionalLong.empty(), verified.get().isUnchecked() && lastError.get() != null);
            }
            long waited = Math.round((System.nanoTime() - begun) / 1e9);
            TargetException last = lastError.get();
            if (!cut && options.verify() && last != null) { // still retrying a connection when the time ran out
                return new Checked(unreachable(t, last, waited + " s"), java.util.OptionalLong.empty(), true);
            }
            // the rows were not counted: nothing is known against them, so not FAILED
            String why = cut ? stopped(stop)
                    : "the rows were not checked: the target did not answer the verification within " + waited + " s";
            return new Checked(options.verify() ? Verification.unchecked(t.rows(), why)
                    : Verification.skipped("--verify not set"), java.util.OptionalLong.empty());
        } catch (ExecutionException e) {
            Throwable c = e.getCause();
            if (c instanceof UsageException u) {
                throw u;
            }
            throw new IllegalStateException("verification failed: " + c, c);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new Checked(verified.get() != null ? verified.get()
                    : Verification.skipped("interrupted before the verification finished"), java.util.OptionalLong.empty());
        }
    }

    /**
     * The whole of the checks: each statement gets {@link Verification#checkTimeout} (the target bounds it), plus
     * a margin for the rest (connecting, a retry after a lost connection).
     */
    static Duration limit(RunOptions options) {
        return Verification.checkTimeout(options.opTimeout()).plusSeconds(5);
    }

    /**
     * The verification, asked again after a lost connection (a server restarting just after the run) for up to
     * {@code reconnectTimeout}, as a worker re-opens its connection; it runs on its own thread, which the caller
     * abandons at its deadline, so retrying here is bounded there too.
     */
    private static Verification verifyRetrying(Workload workload, TargetAdapter target, Counts t, boolean retry,
                                               Duration reconnectTimeout, AtomicReference<TargetException> lastError,
                                               Consumer<String> say, StopSignal stop) {
        long backoffMillis = 250;
        long begun = System.nanoTime();
        while (true) {
            try {
                return workload.verify(target, t);
            } catch (TargetException e) { // asked for and not done: not a pass
                if (e.kind() != TargetException.Kind.UNREACHABLE) { // a count that timed out would time out again
                    lastError.set(null); // reached, then failed: not a target gone
                    return Verification.unchecked(t.rows(), "the rows were not checked: could not check the target: "
                            + e.getMessage());
                }
                boolean first = lastError.getAndSet(e) == null;
                long waited = System.nanoTime() - begun;
                if (!retry || waited >= reconnectTimeout.toNanos() || Thread.currentThread().isInterrupted()) {
                    return unreachable(t, e, retry ? "--reconnect-timeout " + Worker.seconds(reconnectTimeout.toNanos())
                            : "the run had lost it already");
                }
                if (first) { // once, not per try: a minute of silence looks like a hang
                    say.accept("the target is unreachable (" + oneLine(e.getMessage()) + "); retrying to reach it until "
                            + LocalTime.now().plusNanos(reconnectTimeout.toNanos() - waited).truncatedTo(ChronoUnit.SECONDS)
                            + " (--reconnect-timeout " + Worker.seconds(reconnectTimeout.toNanos()) + ")");
                }
                try { // a Ctrl-C meanwhile ends the retries at once
                    if (stop.await(TimeUnit.MILLISECONDS.toNanos(Math.min(backoffMillis,
                            TimeUnit.NANOSECONDS.toMillis(reconnectTimeout.toNanos() - waited) + 1)))) {
                        return Verification.unchecked(t.rows(), stopped(stop));
                    }
                } catch (InterruptedException stopped) {
                    return unreachable(t, e, "interrupted");
                }
                backoffMillis = Math.min(backoffMillis * 2, 4_000);
            } catch (RuntimeException e) { // a bug in the check must not cost the measured run its result
                return Verification.unchecked(t.rows(), "the rows were not checked: the verification failed with an"
                        + " internal error: " + e);
            }
        }
    }

    /** The rows not checked: the target could not be reached, for {@code how long}. */
    private static Verification unreachable(Counts t, TargetException e, String howLong) {
        return Verification.unchecked(t.rows(), "the rows were not checked: the target was unreachable (" + howLong
                + "; last: " + oneLine(e.getMessage()) + ")");
    }

    private static String stopped(StopSignal stop) {
        return "the rows were not checked: stopped (" + stop.requested().reason() + ") before the verification finished";
    }

    private static String oneLine(String message) {
        return message.replaceAll("\\s*\\R\\s*", " ");
    }
}
