package io.dbharness.core.engine;

import io.dbharness.core.api.TargetException;
import io.dbharness.core.result.ProgressListener;

import java.time.Duration;
import java.time.Instant;
import java.util.Optional;

/**
 * {@code --start-at}: holds the run, once prepared, until the instant every shard starts its measured run at. A
 * time already past starts at once with a warning: a shard whose preparation took longer should still run
 * (its window then starts late, which the warning and its result's start say), rather than lose the run.
 */
final class StartAt {

    private StartAt() {
    }

    static void await(Optional<Instant> startAt, ProgressListener progress, StopSignal stop) throws TargetException {
        if (startAt.isEmpty()) {
            return;
        }
        Instant at = startAt.get();
        Duration left = Duration.between(Instant.now(), at);
        if (left.isNegative()) {
            if (left.abs().toMillis() >= 1000) {
                progress.onPhase("warning: --start-at " + at + " passed " + seconds(left.abs())
                        + " ago (preparing took longer): starting at once");
            }
            return;
        }
        progress.onPhase("waiting until --start-at " + at + " (" + seconds(left) + ")");
        while (true) {
            long nanos = Duration.between(Instant.now(), at).toNanos();
            if (nanos <= 0) {
                return;
            }
            try {
                // the stop signal wakes the wait: Ctrl-C does not wait for the start
                if (stop.await(Math.min(nanos, 1_000_000_000L))) {
                    throw new TargetException(TargetException.Kind.FATAL, "stopped while waiting for --start-at " + at);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new TargetException(TargetException.Kind.FATAL, "interrupted while waiting for --start-at " + at);
            }
        }
    }

    private static String seconds(Duration d) {
        return String.format(java.util.Locale.ROOT, "%.1f s", d.toMillis() / 1000.0);
    }
}
