package io.dbharness.core.api;

import java.util.List;
import java.util.Map;

/**
 * The target server's own account of a run: what the harness's sessions wait on, its cumulative counters
 * (commits, WAL, checkpoints, points written), the bytes it stores and its top statements. The engine opens one
 * {@link Session} per measured run, on a connection of its own (never a worker's), and samples it from a thread of
 * its own: {@link Session#sampleWaits()} several times a second, {@link Session#counters()} every watch interval.
 *
 * <p>Nothing a session reads may fail the run: a view that is missing or refused is left out of what it returns
 * and named in {@link Session#unavailable()} with the reason. A connection that goes away (the server restarted,
 * its backend was ended) is not such a refusal: the session says {@link Session#lost()}, and the engine opens
 * another, as a worker reconnects, counting the counters across the gap.
 */
public interface ServerTelemetry extends Capability {

    /** Opens a session on a connection of its own; a TargetException when the server cannot be reached. */
    Session open() throws TargetException;

    /**
     * One run's view of the server; used from one thread at a time, but for {@link #unavailable()}, which the
     * engine may read while the session is late (keep it in an {@link Unavailable}).
     */
    interface Session extends AutoCloseable {

        /**
         * What a wait profile describes, in words for the summary, e.g. {@code PostgreSQL wait events of our
         * backends}; null (the default) when the server has no wait events to sample.
         */
        default String waitSource() {
            return null;
        }

        /**
         * One look at what the harness's own sessions are doing now, each one counted once under what it waits on
         * ({@code CPU} when it runs, {@code IO:WALSync}, {@code Lock:transactionid}...); empty when it has no wait
         * events (the default) or the look failed (then {@link #unavailable()} says why).
         */
        default Map<String, Integer> sampleWaits() {
            return Map.of();
        }

        /**
         * The server's cumulative counters now, names carrying units ({@code commits}, {@code wal_bytes},
         * {@code wal_sync_millis}); the engine keeps the differences between readings.
         */
        Map<String, Double> counters();

        /**
         * What each counter, gauge and wait this session reports is (unit, kind, category, how it merges, its label),
         * so that summaries, reports and {@code explain} need not know the product's names: usually a resource beside
         * the adapter ({@link MetricCatalogue#resource}). A figure it does not declare is shown by its name, of no
         * category. None declared by default.
         */
        default MetricCatalogue metrics() {
            return MetricCatalogue.EMPTY;
        }

        /** Figures that are levels, not sums (cache size, heap bytes), names carrying units; read with the counters. */
        default Map<String, Double> gauges() {
            return Map.of();
        }

        /** Bytes the server stores for the harness's tables and their indexes now, -1 when it cannot tell. */
        long storedBytes();

        /** Rows or points the server says it has taken in since it started (InfluxDB's points written), -1 when it keeps no such count. */
        default double pointsWritten() {
            return -1;
        }

        /**
         * The statements that took most of the server's time so far, cumulative (the engine keeps what the run
         * added); empty (the default), with the reason in {@link #unavailable()}, when the server does not track them.
         */
        default List<TopStatement> statements() {
            return List.of();
        }

        /** What could not be had and why, e.g. {@code pg_stat_statements: the extension is not installed}. */
        Map<String, String> unavailable();

        /**
         * Why the session's connection went away (a read failed because the server restarted or ended it, not
         * because it refused the read), or null while it holds. Once lost, a session reads nothing more: the
         * engine closes it and opens another. Never lost by default.
         */
        default String lost() {
            return null;
        }

        /**
         * Called once after the workers have closed their sessions and before the last reading: lets the server
         * publish what the harness's sessions did that it has not yet (PostgreSQL 15+ backends publish their
         * counters at most once a second, an idle one up to 10 s later). Bounded in time; nothing by default.
         */
        default void settle() {
        }

        @Override
        void close();
    }
}
