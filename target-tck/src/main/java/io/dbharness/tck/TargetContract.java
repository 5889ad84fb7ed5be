package io.dbharness.tck;

import io.dbharness.core.api.BatchWriter;
import io.dbharness.core.api.Capability;
import io.dbharness.core.api.Fate;
import io.dbharness.core.api.MetricType;
import io.dbharness.core.api.PartialWriteException;
import io.dbharness.core.api.Resolution;
import io.dbharness.core.api.RowBatch;
import io.dbharness.core.api.SchemaMode;
import io.dbharness.core.api.SeriesSchema;
import io.dbharness.core.api.SqlAccess;
import io.dbharness.core.api.SqlTransactions;
import io.dbharness.core.api.TargetAdapter;
import io.dbharness.core.api.TargetException;
import io.dbharness.core.api.TargetInfo;
import io.dbharness.core.api.TimeSeriesIngest;
import io.dbharness.core.api.TimeSeriesQuery;
import io.dbharness.core.api.UsageException;
import io.dbharness.core.api.WriteResult;
import io.dbharness.core.engine.Harness;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.concurrent.FutureTask;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * The contract of every target with {@link TimeSeriesIngest}: schema modes, writes counted back exactly, refused
 * credentials, a connection cut, a stalled write ended by {@code --op-timeout} and by a cancel, what a lost write
 * did, and secrets kept. A target's test class extends it with {@link #provider()}, {@link #options()} and, for the
 * clauses that hurt the server, {@link #faults()}, {@link #refusedCredentials} and {@link #lostWrites()}; a clause
 * it cannot honour is declared in {@link #notApplicable()} with the reason.
 *
 * <p>Each clause opens the target afresh (a run is one opening), writes its own table, and ends with the table's
 * count equal to the rows the writes reported (or, for rows of unknown fate, between the two).
 */
public abstract class TargetContract extends Contract {

    // ---- hooks ----

    /**
     * What the target documents about a write whose outcome was lost with its connection: for {@link Clause#LOST_WRITE}
     * and {@link Clause#LOST_ANSWER}.
     */
    protected LostWrites lostWrites() {
        throw new AssertionError(getClass().getSimpleName() + " does not say what its lost writes are (lostWrites()):"
                + " say it, or declare LOST_WRITE and LOST_ANSWER not applicable, saying why");
    }

    /**
     * Options (over {@link #options()}) that reach the same server with credentials it refuses; {@code secret} is the
     * password or token to give, and must be among them.
     */
    protected Map<String, String> refusedCredentials(String secret) {
        throw new AssertionError(getClass().getSimpleName() + " gives no refusedCredentials(): give them, or declare"
                + " AUTHENTICATION not applicable, saying why");
    }

    /** The table the clauses write: three float8 metrics. */
    protected SeriesSchema schema(String table) {
        return new SeriesSchema(table, MetricType.FLOAT8, 3, 998);
    }

    // ---- the kit ----

    private final Rows rows = new Rows();

    /** What the writes of a clause stored: rows reported written, and rows of unknown fate. */
    protected static final class Ledger {
        long written;
        long unknown;

        void add(WriteResult r) {
            written += r.rowsWritten();
        }

        @Override
        public String toString() {
            return written + " rows written" + (unknown > 0 ? ", " + unknown + " of unknown fate" : "");
        }
    }

    protected static TimeSeriesIngest ingest(TargetAdapter t) {
        return t.capability(TimeSeriesIngest.class).orElseThrow(() -> new AssertionError(
                "the target offers no TimeSeriesIngest: TargetContract is for targets that store rows"));
    }

    /**
     * countRows, which must be present for a clause that counts (else COUNT must be declared not applicable); asked
     * again after a lost connection (one the pool still held when a fault cut it), as the engine's verification does.
     */
    protected final long count(TargetAdapter t, SeriesSchema s) throws Exception {
        OptionalLong n;
        long until = System.nanoTime() + Await.AT_MOST.toNanos();
        long backoff = 50;
        while (true) {
            try {
                n = ingest(t).countRows(s);
                break;
            } catch (TargetException e) {
                seen(e);
                if (e.kind() != TargetException.Kind.UNREACHABLE || System.nanoTime() - until > 0) {
                    throw e;
                }
                Thread.sleep(backoff); // the verification's backoff, not a wait for a state
                backoff = Math.min(2_000, backoff * 2);
            }
        }
        assertTrue(n.isPresent(), provider().id() + " cannot count rows (countRows is empty): declare COUNT and the"
                + " clauses that count (SCHEMA_MODES, RECONNECT...) not applicable, saying why");
        return n.getAsLong();
    }

    /** The table holds exactly what the ledger says was written, or, with rows of unknown fate, between the two. */
    protected final void assertCount(TargetAdapter t, SeriesSchema s, Ledger l) throws Exception {
        long n = count(t, s);
        if (l.unknown == 0) {
            assertEquals(l.written, n, "rows in " + s.tableName() + " = " + l);
        } else {
            assertTrue(n >= l.written && n <= l.written + l.unknown, n + " rows in " + s.tableName() + ", " + l);
        }
    }

    private RowBatch batch(SeriesSchema s, int size) {
        return rows.batch(s, size);
    }

    /**
     * Writes {@code b} through the engine itself ({@code Engine}, {@code Worker}, {@code Attempt}: {@link EngineWrite}),
     * which retries, reconnects, asks what became of an attempt of unknown fate and sends the batch again as in every
     * run; what it counted stored goes into {@code l}.
     */
    protected final void writeAsTheEngineDoes(TargetAdapter t, BatchWriter w, RowBatch b, Ledger l) throws Exception {
        throughTheEngine(t, w, b, l, null, null);
    }

    /**
     * The engine writes {@code b}, {@code first} (when not null) being the failure of a first attempt the clause made
     * itself; checks what the target did meanwhile: every failure one line without the secret, of a kind the engine
     * recovers from, every reconnect reporting its new connection, every question about a lost write answered.
     */
    private EngineWrite.Trace throughTheEngine(TargetAdapter t, BatchWriter w, RowBatch b, Ledger l, TargetException first,
                                               EngineWrite.AfterReconnect afterReconnect) throws Exception {
        EngineWrite.Trace trace = EngineWrite.run(t, w, b, runOptions, first, afterReconnect);
        if (!trace.broken().isEmpty()) {
            AssertionError e = new AssertionError("while the engine wrote: " + trace.broken().get(0), trace.broken().get(0));
            trace.broken().stream().skip(1).forEach(e::addSuppressed);
            throw e;
        }
        for (TargetException e : trace.failures()) {
            seen(e);
            assertTrue(e.connectionLost() || e.kind() == TargetException.Kind.RETRYABLE,
                    "a write that met a fault fails as UNREACHABLE, TIMEOUT or RETRYABLE, not " + e.kind() + ": " + e.getMessage());
        }
        for (EngineWrite.Reconnect r : trace.reconnects()) { // after a TIMEOUT the connection may still be sound, and kept
            assertTrue(r.opened() || r.failure() == null || r.failure().kind() != TargetException.Kind.UNREACHABLE,
                    "reconnect() after a lost connection reports the new one");
        }
        trace.resolutions().forEach(r -> assertNotNull(r, "resolveLastWrite() returns a resolution"));
        if (trace.runFailure() != null) {
            seen(trace.runFailure());
        }
        TargetException last = trace.failures().isEmpty() ? null : trace.failures().get(trace.failures().size() - 1);
        boolean partial = trace.failures().stream().anyMatch(PartialWriteException.class::isInstance);
        if (!partial) { // a partial write's rows the target refused are failed, and not in the table: the count tells
            assertEquals(0, trace.totals().failedRows(), "the engine gave the write up: " + trace.runFailure());
        }
        l.written += trace.totals().rows();
        l.unknown += trace.totals().unknownRows();
        if (last instanceof PartialWriteException p && p.connectionLost()) {
            reconnectUntilBack(w::reconnect); // as the engine does before its next operation, which the clause sends
        }
        return trace;
    }

    /** The options of the run under way ({@code --op-timeout}): the engine's writes run with them too. */
    private Map<String, String> runOptions = Map.of();

    /** One run: the target opened (with {@code extra} options), {@code body} done, the target closed. */
    private void run(Map<String, String> extra, RunBody body) throws Exception {
        runOptions = extra;
        try (TargetAdapter t = open(extra)) {
            body.run(t);
        } finally {
            runOptions = Map.of();
        }
    }

    @FunctionalInterface
    private interface RunBody {
        void run(TargetAdapter t) throws Exception;
    }

    private static Map<String, String> opTimeout(Duration d) {
        return Map.of("op-timeout", d.toMillis() + "ms");
    }

    // ---- the clauses ----

    /** Every row of a batch is reported written or skipped (rows without any value, where the format cannot carry them). */
    @Test
    void everyRowOfABatchIsReportedWrittenOrSkipped() throws Exception {
        clause(Clause.WRITE);
        SeriesSchema s = schema(table("write"));
        run(Map.of(), t -> {
            ingest(t).createSchema(s, SchemaMode.CLEAN);
            RowBatch b = new RowBatch(s.metricType(), s.metricCount(), 64);
            try (BatchWriter w = ingest(t).openWriter(s)) {
                for (int size : new int[] {1, 64, 10}) {
                    int empty = rows.fill(b, size, size == 1 ? 0 : 5); // the same batch again: reusable once write returned
                    WriteResult r = w.write(b);
                    assertEquals(size, r.rowsWritten() + r.rowsSkipped(), "each row written or skipped: " + r);
                    assertTrue(r.rowsSkipped() == 0 || r.rowsSkipped() == empty,
                            "only rows without any value may be skipped (" + empty + " of " + size + "): " + r);
                    assertTrue(r.bytes() > 0, "bytes written are reported: " + r);
                }
            }
        });
    }

    /** countRows says exactly what the writes reported; a warm-up stores nothing; two writers do not mix. */
    @Test
    void countsExactlyWhatItsWritesReported() throws Exception {
        clause(Clause.COUNT);
        SeriesSchema s = schema(table("count"));
        Ledger l = new Ledger();
        run(Map.of(), t -> {
            TimeSeriesIngest in = ingest(t);
            in.createSchema(s, SchemaMode.CLEAN);
            assertEquals(0, count(t, s), "a clean table is empty");
            RowBatch b1 = new RowBatch(s.metricType(), s.metricCount(), 100);
            RowBatch b2 = new RowBatch(s.metricType(), s.metricCount(), 100);
            try (BatchWriter w1 = in.openWriter(s); BatchWriter w2 = in.openWriter(s)) {
                rows.fill(b1, 100, 7);
                w1.warmUp(b1);
                w2.warmUp(b1);
                assertEquals(0, count(t, s), "a warm-up sends nothing");
                l.add(w1.write(b1));
                rows.fill(b2, 30, 0);
                l.add(w2.write(b2));
                rows.fill(b1, 1, 0);
                l.add(w1.write(b1));
                assertCount(t, s, l);
            }
            assertCount(t, s, l);
        });
        run(Map.of(), t -> assertCount(t, s, l)); // and a later run counts the same
    }

    /** CREATE refuses a table that holds rows, CLEAN empties it, APPEND adds to it: each a run of its own. */
    @Test
    void schemaModesAcrossRuns() throws Exception {
        clause(Clause.SCHEMA_MODES);
        SeriesSchema s = schema(table("schema"));
        SeriesSchema created = schema(table("schema_create"));
        long[] before = new long[1];
        // CREATE on a table not there yet (a fresh server), or left empty by an earlier run of this test: taken
        run(Map.of(), t -> {
            ingest(t).createSchema(created, SchemaMode.CREATE);
            assertEquals(0, count(t, created), "CREATE makes an empty table");
        });
        // APPEND on a table not there yet (a fresh server) creates it; one an earlier run left is taken as it is
        run(Map.of(), t -> {
            ingest(t).createSchema(s, SchemaMode.APPEND);
            before[0] = count(t, s);
        });
        run(Map.of(), t -> {
            ingest(t).createSchema(s, SchemaMode.CLEAN);
            assertEquals(0, count(t, s), "CLEAN empties the table (it held " + before[0] + " rows)");
        });
        Ledger l = new Ledger();
        run(Map.of(), t -> {
            ingest(t).createSchema(s, SchemaMode.CREATE); // exists, empty: taken
            try (BatchWriter w = ingest(t).openWriter(s)) {
                l.add(w.write(batch(s, 20)));
            }
            assertCount(t, s, l);
        });
        run(Map.of(), t -> {
            UsageException e = assertThrows(UsageException.class, () -> ingest(t).createSchema(s, SchemaMode.CREATE),
                    "CREATE refuses a table that holds rows");
            assertTrue(e.getMessage().contains("--append") && e.getMessage().contains("--clean"),
                    "the refusal says what to do: " + e.getMessage());
            assertNoSecret("the refusal", e.getMessage());
            assertCount(t, s, l);
        });
        run(Map.of(), t -> {
            ingest(t).createSchema(s, SchemaMode.APPEND);
            try (BatchWriter w = ingest(t).openWriter(s)) {
                l.add(w.write(batch(s, 15)));
            }
            assertCount(t, s, l);
        });
        run(Map.of(), t -> {
            ingest(t).createSchema(s, SchemaMode.CLEAN);
            assertEquals(0, count(t, s), "CLEAN drops what the runs before wrote");
        });
    }

    /** Refused credentials: AUTHENTICATION (exit 3), one line, no secret. */
    @Test
    void refusedCredentialsAreAuthentication() throws Exception {
        clause(Clause.AUTHENTICATION);
        String wrong = SECRET + "-refused";
        Map<String, String> refused = refusedCredentials(wrong);
        assertTrue(refused.values().stream().anyMatch(v -> v.contains(wrong)), "refusedCredentials(secret) gives the secret");
        TargetException e = assertThrows(TargetException.class, () -> open(refused).close(),
                "opening with refused credentials fails");
        seen(e);
        assertEquals(TargetException.Kind.AUTHENTICATION, e.kind(), e.getMessage());
        assertEquals(3, Harness.setupExitCode(e), "refused credentials exit 3");
    }

    /** A cut connection: the writer fails as UNREACHABLE, reconnects, writes again; every row accounted for. */
    @Test
    void reconnectsAfterItsConnectionIsCut() throws Exception {
        clause(Clause.RECONNECT);
        Faults f = faults();
        SeriesSchema s = schema(table("reconnect"));
        Ledger l = new Ledger();
        run(Map.of(), t -> {
            ingest(t).createSchema(s, SchemaMode.CLEAN);
            try (BatchWriter w = ingest(t).openWriter(s)) {
                l.add(w.write(batch(s, 50)));
                f.cut();
                writeAsTheEngineDoes(t, w, batch(s, 50), l);
                l.add(w.write(batch(s, 50)));
            }
            assertCount(t, s, l);
        });
    }

    /**
     * A stalled write ends by itself at {@code --op-timeout} (1 s), as a TIMEOUT: no sooner, and well before the
     * stall would have let it go (a quarter of {@link #STALL_LIMIT}); then the writer goes on.
     */
    @Test
    void aStalledWriteEndsAtItsOpTimeout() throws Exception {
        clause(Clause.OP_TIMEOUT);
        Faults f = faults();
        SeriesSchema s = schema(table("op_timeout"));
        Ledger l = new Ledger();
        run(opTimeout(SHORT_OP_TIMEOUT), t -> {
            ingest(t).createSchema(s, SchemaMode.CLEAN);
            try (BatchWriter w = ingest(t).openWriter(s)) {
                l.add(w.write(batch(s, 20)));
                RowBatch stalled = batch(s, 20);
                TargetException e;
                try (Faults.Stall ignored = f.stall(s)) {
                    long begun = System.nanoTime();
                    FutureTask<WriteResult> op = background("write", () -> w.write(stalled));
                    Ended<WriteResult> end = endsWithin("a write stalled past --op-timeout", op, begun,
                            STALL_LIMIT.dividedBy(4), null);
                    e = targetFailure(end, "a write stalled past --op-timeout");
                    assertEquals(TargetException.Kind.TIMEOUT, e.kind(), e.getMessage());
                    assertTrue(end.took().compareTo(SHORT_OP_TIMEOUT) >= 0, "ended by --op-timeout, not before: "
                            + end.took().toMillis() + " ms");
                }
                throughTheEngine(t, w, stalled, l, e, null); // the engine settles the attempt that stalled
                l.add(w.write(batch(s, 20)));
            }
            assertCount(t, s, l);
        });
    }

    /** cancel() ends a stalled write (repeated as the engine repeats it) within a quarter of the default --op-timeout. */
    @Test
    void aCancelEndsAStalledWrite() throws Exception {
        clause(Clause.CANCEL);
        Faults f = faults();
        SeriesSchema s = schema(table("cancel"));
        Ledger l = new Ledger();
        run(opTimeout(LONG_OP_TIMEOUT), t -> {
            ingest(t).createSchema(s, SchemaMode.CLEAN);
            try (BatchWriter w = ingest(t).openWriter(s)) {
                l.add(w.write(batch(s, 20)));
                RowBatch stalled = batch(s, 20);
                TargetException e;
                try (Faults.Stall stall = f.stall(s)) {
                    FutureTask<WriteResult> op = background("write", () -> w.write(stalled));
                    stall.awaitStalled();
                    long cancelled = System.nanoTime();
                    Ended<WriteResult> end = endsWithin("a cancelled write", op, cancelled, LONG_OP_TIMEOUT.dividedBy(4), w::cancel);
                    e = targetFailure(end, "a cancelled write");
                    assertTrue(e.connectionLost(), "a cancelled write is a TIMEOUT (or its connection lost): " + e.kind()
                            + " " + e.getMessage());
                }
                throughTheEngine(t, w, stalled, l, e, null); // the engine settles the attempt that stalled
                l.add(w.write(batch(s, 20)));
            }
            assertCount(t, s, l);
        });
    }

    /**
     * A write cut off while stalled, before the server stored anything of it: it fails as a lost connection, says
     * NOT_APPLIED or UNKNOWN, never settled as APPLIED (NOT_APPLIED where the target tracks commits), and the table
     * holds none of it; sent again when the engine would, it is stored once.
     */
    @Test
    void aWriteCutOffWhileStalledSaysWhatItLeft() throws Exception {
        clause(Clause.LOST_WRITE);
        LostWrites documented = lostWrites();
        Faults f = faults();
        SeriesSchema s = schema(table("lost_write"));
        Ledger l = new Ledger();
        run(opTimeout(LONG_OP_TIMEOUT), t -> {
            ingest(t).createSchema(s, SchemaMode.CLEAN);
            try (BatchWriter w = ingest(t).openWriter(s)) {
                assertEquals(documented == LostWrites.RESENT, w.idempotent(), "idempotent() as documented: " + documented);
                l.add(w.write(batch(s, 20)));
                RowBatch cut = batch(s, 20);
                TargetException e;
                try (Faults.Stall stall = f.stall(s)) {
                    FutureTask<WriteResult> op = background("write", () -> w.write(cut));
                    stall.awaitStalled();
                    long begun = System.nanoTime();
                    f.cut();
                    e = targetFailure(endsWithin("a write whose connection was cut", op, begun, LONG_OP_TIMEOUT.dividedBy(4),
                            null), "a write whose connection was cut");
                    assertTrue(e.connectionLost(), "a cut connection is UNREACHABLE (or TIMEOUT): " + e.kind() + " " + e.getMessage());
                }
                // the engine settles the cut attempt: reconnects, asks, sends it again when it may
                long written = l.written;
                boolean[] counted = new boolean[1];
                EngineWrite.Trace trace = throughTheEngine(t, w, cut, l, e, () -> {
                    if (!counted[0]) {
                        counted[0] = true;
                        assertEquals(written, count(t, s), "nothing of the cut write is in " + s.tableName());
                    }
                });
                // (a partial write is never sent again whole: the engine reconnects before its next operation only)
                assertTrue(counted[0] || e instanceof PartialWriteException, "the engine reconnected after the cut");
                for (Resolution r : trace.resolutions()) {
                    assertNotEquals(Fate.APPLIED, r.fate(), "a write the server never stored is not settled as stored");
                    if (documented == LostWrites.SETTLED) {
                        assertEquals(Fate.NOT_APPLIED, r.fate(), "a target that tracks commits settles it");
                    }
                }
                assertCount(t, s, l);
            }
        });
    }

    /**
     * A write the server stored whose answer was lost: the write fails as a lost connection with fate UNKNOWN (its
     * whole request went out); after reconnect() it is settled as APPLIED with what it stored (targets that track
     * commits), or sending it again stores nothing more (idempotent targets), or it stays of unknown fate.
     */
    @Test
    void aWriteWhoseAnswerIsLostIsSettledResentOrInDoubt() throws Exception {
        clause(Clause.LOST_ANSWER);
        LostWrites documented = lostWrites();
        Faults f = faults();
        SeriesSchema s = schema(table("lost_answer"));
        Ledger l = new Ledger();
        run(opTimeout(LONG_OP_TIMEOUT), t -> {
            ingest(t).createSchema(s, SchemaMode.CLEAN);
            try (BatchWriter w = ingest(t).openWriter(s)) {
                assertEquals(documented == LostWrites.RESENT, w.idempotent(), "idempotent() as documented: " + documented);
                l.add(w.write(batch(s, 20)));
                RowBatch lost = batch(s, 30);
                Faults.HeldAnswer held = f.holdNextAnswer();
                FutureTask<WriteResult> op = background("write", () -> w.write(lost));
                held.awaitHeld();
                Await.until("the write whose answer is held stored in " + s.tableName(), () -> count(t, s) == l.written + 30);
                long begun = System.nanoTime();
                held.cut();
                TargetException e = targetFailure(endsWithin("a write whose answer was lost", op, begun,
                        LONG_OP_TIMEOUT.dividedBy(4), null), "a write whose answer was lost");
                assertTrue(e.connectionLost(), "a lost answer is a lost connection: " + e.kind() + " " + e.getMessage());
                assertEquals(Fate.UNKNOWN, e.fate(), "the whole write went out and its answer was lost: " + e.getMessage());
                // the engine settles it: reconnects, asks, and sends it again only when that is safe
                long written = l.written;
                EngineWrite.Trace trace = throughTheEngine(t, w, lost, l, e, null);
                assertFalse(trace.reconnects().isEmpty(), "the engine reconnected after the lost answer");
                assertFalse(trace.resolutions().isEmpty(), "and asked what became of the write");
                Resolution r = trace.resolutions().get(0);
                if (documented == LostWrites.SETTLED) {
                    assertEquals(Fate.APPLIED, r.fate(), "a target that tracks commits settles the stored write");
                    assertEquals(30, r.result().rows(), "and says what it stored");
                    assertEquals(written + 30, l.written, "counted once, not sent again");
                } else {
                    assertEquals(Fate.UNKNOWN, r.fate(), "a target that does not track commits cannot tell");
                    if (documented == LostWrites.RESENT) {
                        assertEquals(written + 30, l.written, "sent again: written twice, stored once (the count below)");
                    } else {
                        assertEquals(30, l.unknown, "of unknown fate, not sent again");
                    }
                }
                assertCount(t, s, l);
                if (l.unknown > 0) {
                    assertEquals(l.written + 30, count(t, s), "the write in doubt was stored");
                }
                l.add(w.write(batch(s, 10)));
                assertCount(t, s, l);
            }
        });
    }

    /**
     * The secret in the options shows nowhere: TargetInfo (product, version, endpoint, settings), the adapter's,
     * its capabilities' and its writer's toString, the failures of what it is asked to do wrong.
     */
    @Test
    void theSecretShowsNowhere() throws Exception {
        clause(Clause.SECRETS);
        assertTrue(optionsCarryTheSecret(), getClass().getSimpleName() + "'s options carry no secret containing"
                + " secret() (Contract.SECRET): give one (the password, a token), or declare SECRETS not applicable, saying why");
        SeriesSchema s = schema(table("secrets"));
        run(Map.of(), t -> {
            TargetInfo info = t.describe();
            assertNoSecret("TargetInfo", info);
            for (Map.Entry<String, String> e : info.settings().entrySet()) {
                assertNoSecret("TargetInfo.settings " + e.getKey(), e.getKey() + "=" + e.getValue());
            }
            assertNoSecret("the adapter's toString()", t);
            for (Class<? extends Capability> c : List.of(TimeSeriesIngest.class, TimeSeriesQuery.class, SqlAccess.class,
                    SqlTransactions.class)) {
                t.capability(c).ifPresent(cap -> assertNoSecret(c.getSimpleName() + "'s toString()", cap));
            }
            t.capability(SqlAccess.class).ifPresent(sql -> {
                assertNoSecret("SqlAccess.dataSource()'s toString()", sql.dataSource());
                try (Connection c = sql.dataSource().getConnection(); Statement st = c.createStatement()) {
                    st.execute("SELECT no_such_column FROM no_such_table_" + SECRET.length());
                    fail("a statement on a table that does not exist fails");
                } catch (SQLException e) {
                    seen(sql.failure(e, "a statement the contract made fail"));
                }
            });
            ingest(t).createSchema(s, SchemaMode.CLEAN);
            try (BatchWriter w = ingest(t).openWriter(s)) {
                assertNoSecret("the writer's toString()", w);
                w.write(batch(s, 5));
            }
            try {
                ingest(t).countRows(schema(table("never_created")));
            } catch (TargetException e) {
                seen(e);
            }
        });
    }
}
