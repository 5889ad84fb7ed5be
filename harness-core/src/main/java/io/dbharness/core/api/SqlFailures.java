package io.dbharness.core.api;

import java.io.IOException;
import java.sql.SQLException;
import java.util.List;
import java.util.Set;

/**
 * How a JDBC driver's errors become {@link TargetException}s: one set of rules by SQLSTATE, with a variant per
 * family of targets ({@link #STANDARD} for any SQL target, the PostgreSQL family's and QuestDB's beside their
 * adapters). A state in a set is either a class (two characters, {@code 08}) or one code ({@code 57P01}).
 * Messages are one line, the server's primary message without its {@code ERROR:} prefix, which never carries a
 * password.
 *
 * @param retryable    worth trying again as it is (serialization failure, deadlock, too many connections)
 * @param sessionEnded the connection is gone (besides any IO failure underneath)
 * @param timedOut     the statement passed its deadline or was cancelled
 * @param refused      the credentials were refused
 * @param refusedWords phrases in a message that mean refused credentials, for drivers that give no SQLSTATE
 */
public record SqlFailures(Set<String> retryable, Set<String> sessionEnded, Set<String> timedOut, Set<String> refused,
                          List<String> refusedWords) {

    /** The SQL standard's classes: 40 transaction rollback, 08 connection exception, 28 invalid authorization. */
    public static final SqlFailures STANDARD = new SqlFailures(Set.of("40"), Set.of("08"), Set.of(), Set.of("28"), List.of());

    public SqlFailures {
        retryable = Set.copyOf(retryable);
        sessionEnded = Set.copyOf(sessionEnded);
        timedOut = Set.copyOf(timedOut);
        refused = Set.copyOf(refused);
        refusedWords = List.copyOf(refusedWords);
    }

    public SqlFailures withRetryable(String... states) {
        return new SqlFailures(Set.of(states), sessionEnded, timedOut, refused, refusedWords);
    }

    public SqlFailures withSessionEnded(String... states) {
        return new SqlFailures(retryable, Set.of(states), timedOut, refused, refusedWords);
    }

    public SqlFailures withTimedOut(String... states) {
        return new SqlFailures(retryable, sessionEnded, Set.of(states), refused, refusedWords);
    }

    public SqlFailures withRefusedWords(String... words) {
        return new SqlFailures(retryable, sessionEnded, timedOut, refused, List.of(words));
    }

    public TargetException.Kind kind(SQLException e) {
        String state = sqlState(e);
        if (matches(retryable, state)) {
            return TargetException.Kind.RETRYABLE;
        }
        if (connectionLost(e)) {
            return TargetException.Kind.UNREACHABLE;
        }
        if (matches(timedOut, state)) {
            return TargetException.Kind.TIMEOUT;
        }
        String message = message(e);
        if (matches(refused, state) || refusedWords.stream().anyMatch(message::contains)) {
            return TargetException.Kind.AUTHENTICATION;
        }
        return TargetException.Kind.FATAL;
    }

    /** Whether the connection the error came on is gone (rather than the statement refused). */
    public boolean connectionLost(SQLException e) {
        return matches(sessionEnded, sqlState(e)) || ioCause(e) != null;
    }

    /** An error before or outside a write: nothing was applied. */
    public TargetException classify(SQLException e, String context) {
        return classify(e, context, Fate.NOT_APPLIED);
    }

    /**
     * An error during work: {@code context} says what was being done, e.g. {@code COPY into "t"}; {@code fate}
     * what the failed statement can have left in the target.
     */
    public TargetException classify(SQLException e, String context, Fate fate) {
        String state = sqlState(e);
        // 00000 is "successful completion": what a driver sends when the server gave no code says nothing
        boolean telling = !state.isEmpty() && !state.equals("00000");
        return new TargetException(kind(e), fate, state, context + " failed: " + message(e)
                + (telling ? " (SQLSTATE " + state + ")" : ""), e);
    }

    private static boolean matches(Set<String> states, String state) {
        return !state.isEmpty() && (states.contains(state) || state.length() >= 2 && states.contains(state.substring(0, 2)));
    }

    /** SQLSTATE of the first exception in the cause chain that has one (a pool wraps the driver's); "" when none. */
    public static String sqlState(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof SQLException s && s.getSQLState() != null) {
                return s.getSQLState();
            }
        }
        return "";
    }

    /**
     * The first line of the driver's message for the first exception in the chain with a SQLSTATE (else the
     * given one's), without the server's {@code ERROR:}/{@code FATAL:} prefix.
     */
    public static String message(Throwable e) {
        Throwable m = e;
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof SQLException s && s.getSQLState() != null) {
                m = t;
                break;
            }
        }
        String msg = m.getMessage() == null ? m.getClass().getSimpleName() : m.getMessage();
        int nl = msg.indexOf('\n');
        msg = nl < 0 ? msg : msg.substring(0, nl);
        return msg.replaceFirst("^(ERROR|FATAL|PANIC): ", "");
    }

    /** The IO failure under a driver error (a reset, a refused connection, a timeout), or null. */
    public static IOException ioCause(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof IOException io) {
                return io;
            }
        }
        return null;
    }
}
