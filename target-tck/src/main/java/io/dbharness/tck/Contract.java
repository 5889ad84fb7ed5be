package io.dbharness.tck;

import io.dbharness.core.api.TargetAdapter;
import io.dbharness.core.api.TargetException;
import io.dbharness.core.api.TargetProvider;
import io.dbharness.core.config.OptionDef;
import io.dbharness.core.config.RunOptions;
import io.dbharness.core.config.Settings;
import org.junit.jupiter.api.Assumptions;

import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Deque;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * What the contracts share: the hooks a target's test class gives (its provider, its options, its faults, the
 * clauses it cannot honour and why), how the kit opens the target (as the runner does: the target's options and
 * the engine's, resolved over an environment the test names), and the checks every clause makes (no secret in
 * anything it sees, waits for states, bounds relative to what they separate).
 */
public abstract class Contract {

    /**
     * The secret a target's options carry (in its password, token...): it must appear in no message, cause,
     * {@code TargetInfo} or {@code toString}.
     */
    public static final String SECRET = "Tck-s3cret-m4rker";

    /** The default {@code --op-timeout}: what a cancel is told from. */
    public static final Duration LONG_OP_TIMEOUT = Duration.parse("PT" + RunOptions.DEFAULT_OP_TIMEOUT.toUpperCase(Locale.ROOT));
    /** The {@code --op-timeout} a stalled operation is left to end by itself at. */
    public static final Duration SHORT_OP_TIMEOUT = Duration.ofSeconds(1);
    /** How often the engine repeats a cancel that has not ended the operation yet (each may escalate). */
    public static final Duration CANCEL_REPEAT = Duration.ofSeconds(1);
    /**
     * A stalled operation that the target does not end is held this long before the test gives up on it: the
     * alternative a bound tells the target's own timeout or cancel from, by a quarter of it.
     */
    public static final Duration STALL_LIMIT = Await.AT_MOST;

    // ---- hooks ----

    /** The target under test. */
    protected abstract TargetProvider provider();

    /**
     * The options that open the target under test (a server, credentials carrying {@link #SECRET}, the product's
     * own choices); called for each opening, so a test may point each at a fresh file. The engine's options
     * ({@code --op-timeout}...) may be among them.
     */
    protected abstract Map<String, String> options() throws Exception;

    /** The environment the options are resolved over (PG* variables...); empty by default, so the machine's never leak in. */
    protected Map<String, String> environment() {
        return Map.of();
    }

    /**
     * The secret the options carry, which must show nowhere: {@link #SECRET} by default (put it into the password or
     * token the server is given); a test against a server it cannot choose the password of returns that password.
     * The refused one of {@link Clause#AUTHENTICATION} is {@link #SECRET} with a suffix, whatever this says.
     */
    protected String secret() {
        return SECRET;
    }

    /** The clauses this target cannot honour, each with the reason; they are reported as skipped with it. */
    protected NotApplicable notApplicable() {
        return NotApplicable.none();
    }

    /** What the clauses that hurt the server use; a target that declares all of them not applicable need not give it. */
    protected Faults faults() throws Exception {
        throw new AssertionError(getClass().getSimpleName() + " gives no faults(): give them (cut, stall...) or declare"
                + " the clauses that need them not applicable, saying why");
    }

    /** Table names of this test class start with {@code tck_} and this; distinct per class, so classes may share a server. */
    protected String tablePrefix() {
        String name = getClass().getSimpleName().replaceAll("(Contract)?Test$", "");
        return name.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "_");
    }

    // ---- what the clauses use ----

    /** Skips the test, saying why, when the target declared {@code clause} not applicable. */
    protected final void clause(Clause clause) {
        String why = notApplicable().reason(clause);
        Assumptions.assumeTrue(why == null, () -> clause + " is not applicable to " + provider().id() + ": " + why);
    }

    protected final String table(String what) {
        return "tck_" + tablePrefix() + "_" + what;
    }

    /** Opens the target with {@link #options()}; a failure to open is checked for the secret. */
    protected final TargetAdapter open() throws Exception {
        return open(Map.of());
    }

    /** Opens the target with {@link #options()} and {@code extra} over them. */
    protected final TargetAdapter open(Map<String, String> extra) throws Exception {
        Map<String, String> all = new HashMap<>(options());
        all.putAll(extra);
        TargetProvider p = provider();
        List<OptionDef> defs = new ArrayList<>(p.options());
        defs.addAll(RunOptions.OPTIONS);
        try {
            return p.open(Settings.resolve(defs, all, environment()));
        } catch (TargetException | RuntimeException e) {
            assertNoSecret(e);
            throw e;
        }
    }

    /** Whether the options (or the environment) carry {@link #secret()}. */
    protected final boolean optionsCarryTheSecret() throws Exception {
        String secret = secret();
        return options().values().stream().anyMatch(v -> v != null && v.contains(secret))
                || environment().values().stream().anyMatch(v -> v != null && v.contains(secret));
    }

    /** Fails when {@code text}, what {@code where} shows, contains the secret (or the kit's marker). */
    protected final void assertNoSecret(String where, Object text) {
        String s = String.valueOf(text);
        for (String secret : new String[] {SECRET, secret()}) {
            if (secret == null || secret.isEmpty()) {
                continue;
            }
            assertFalse(s.contains(secret), () -> (where + " shows the secret: " + s).replace(secret, "<SECRET>"));
        }
    }

    /** Fails when the secret is in the message or {@code toString} of {@code e}, of its causes or of what they suppressed. */
    protected final void assertNoSecret(Throwable e) {
        Set<Throwable> seen = Collections.newSetFromMap(new IdentityHashMap<>());
        Deque<Throwable> todo = new ArrayDeque<>();
        todo.add(e);
        while (!todo.isEmpty()) {
            Throwable t = todo.pop();
            if (!seen.add(t)) {
                continue;
            }
            assertNoSecret("the message of " + t.getClass().getName() + " (under " + e.getClass().getSimpleName() + ": "
                    + e.getMessage() + ")", t.getMessage());
            assertNoSecret(t.getClass().getName() + ".toString()", t.toString());
            if (t.getCause() != null) {
                todo.add(t.getCause());
            }
            Collections.addAll(todo, t.getSuppressed());
        }
    }

    /** A target failure the contract met: its message is one line, shows no secret; returned for more checks. */
    protected final TargetException seen(TargetException e) {
        assertNoSecret(e);
        assertFalse(String.valueOf(e.getMessage()).contains("\n"), "a TargetException's message is one line: " + e.getMessage());
        return e;
    }

    /** Something that reconnects: a writer, a reader. */
    @FunctionalInterface
    protected interface Reconnect {
        boolean reconnect() throws TargetException;
    }

    /**
     * Calls {@code r.reconnect()} as the engine does after a lost connection: again, with backoff, while the target
     * cannot be reached yet, for up to {@link Await#AT_MOST}. Returns what the successful call returned (whether it
     * opened a new connection).
     */
    protected final boolean reconnectUntilBack(Reconnect r) throws Exception {
        long until = System.nanoTime() + Await.AT_MOST.toNanos();
        long backoff = 50;
        while (true) {
            try {
                return r.reconnect();
            } catch (TargetException e) {
                seen(e);
                if (!e.connectionLost()) {
                    throw e;
                }
                if (System.nanoTime() - until > 0) {
                    throw new AssertionError("not back within " + Await.AT_MOST.toSeconds() + " s: " + e.getMessage(), e);
                }
                Thread.sleep(backoff); // the engine's backoff between attempts, not a wait for a state
                backoff = Math.min(2_000, backoff * 2);
            }
        }
    }

    /** An operation on a thread of its own, so the test can stall, cut or cancel it and bound how long it takes. */
    protected static <T> FutureTask<T> background(String name, Callable<T> operation) {
        FutureTask<T> task = new FutureTask<>(operation);
        Thread t = new Thread(task, "tck-" + name);
        t.setDaemon(true);
        t.start();
        return task;
    }

    /** How an operation on its own thread ended: what it returned or threw, and how long it took. */
    protected record Ended<T>(T result, Throwable failure, Duration took) {
    }

    /** The TargetException {@code end} failed with, checked as {@link #seen}; fails the test when it returned or failed otherwise. */
    protected final TargetException targetFailure(Ended<?> end, String what) {
        if (end.failure() instanceof TargetException te) {
            return seen(te);
        }
        if (end.failure() == null) {
            fail(what + " returned " + end.result() + " instead of failing");
        }
        throw new AssertionError(what + " failed with " + end.failure(), end.failure());
    }

    /**
     * Waits for {@code op} to end, for at most {@code bound} from {@code since} (System.nanoTime()); with a
     * {@code cancel}, cancels it at once and again every {@link #CANCEL_REPEAT} while it runs, as the engine does.
     * Fails when it is still running past the bound.
     */
    protected static <T> Ended<T> endsWithin(String what, FutureTask<T> op, long since, Duration bound, Runnable cancel)
            throws InterruptedException {
        long deadline = since + bound.toNanos();
        while (true) {
            if (cancel != null) {
                cancel.run();
            }
            long left = deadline - System.nanoTime();
            try {
                T r = op.get(Math.max(1, Math.min(left, cancel == null ? left : CANCEL_REPEAT.toNanos())), TimeUnit.NANOSECONDS);
                return new Ended<>(r, null, Duration.ofNanos(System.nanoTime() - since));
            } catch (ExecutionException e) {
                return new Ended<>(null, e.getCause(), Duration.ofNanos(System.nanoTime() - since));
            } catch (TimeoutException e) {
                if (System.nanoTime() - deadline >= 0) {
                    throw new AssertionError(what + " still running " + bound.toMillis() + " ms later");
                }
            }
        }
    }

    /** Fails unless {@code took} is under {@code bound}, saying what the bound tells apart. */
    protected static void assertWithin(Duration took, Duration bound, String what) {
        assertTrue(took.compareTo(bound) < 0, what + ": took " + took.toMillis() + " ms, bound " + bound.toMillis() + " ms");
    }
}
