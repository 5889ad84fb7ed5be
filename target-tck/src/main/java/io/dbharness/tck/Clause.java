package io.dbharness.tck;

/**
 * The clauses of the contracts, one test each. A target that cannot honour a clause says so in its test class
 * ({@link Contract#notApplicable()}), with the reason, and the clause is then reported as skipped with that
 * reason; a clause it does not decline is run, and every hook it needs must be given.
 */
public enum Clause {

    // TargetContract: every target with TimeSeriesIngest

    /** Each write reports every row of its batch as written or skipped, and the batch may be reused at once. */
    WRITE,
    /** countRows says exactly how many rows the writes reported as written (skipped rows are not stored). */
    COUNT,
    /** createSchema: CREATE refuses a table that holds rows, CLEAN empties it, APPEND adds to it, across runs. */
    SCHEMA_MODES,
    /** Refused credentials are a TargetException of kind AUTHENTICATION (exit 3) that shows no secret. */
    AUTHENTICATION,
    /** After its connection is cut, the writer fails as UNREACHABLE, reconnects and writes again; no row lost. */
    RECONNECT,
    /** A stalled write ends by itself at --op-timeout (the target enforces it), as a TIMEOUT. */
    OP_TIMEOUT,
    /** cancel() ends a stalled write well within --op-timeout. */
    CANCEL,
    /** A write cut off while stalled, before the target stored it, says so: NOT_APPLIED, or UNKNOWN settled as such. */
    LOST_WRITE,
    /**
     * A write whose answer is lost after the target stored it is UNKNOWN; it is then settled as APPLIED (targets
     * that track commits), safe to send again (idempotent targets) or left in doubt, as the target documents.
     */
    LOST_ANSWER,
    /** The secret in the options appears in no message, cause, TargetInfo or toString. */
    SECRETS,

    // QueryContract: targets with TimeSeriesQuery

    /** tableState: ABSENT, then EMPTY once created, HAS_ROWS once written. */
    TABLE_STATE,
    /** prepareForQueries may be called again, and the catalogue runs after it. */
    PREPARE_FOR_QUERIES,
    /** Compiled catalogue queries return the expected rows on known data. */
    QUERY_ANSWERS,
    /** cancel() ends a stalled query well within --op-timeout, and the reader queries again after reconnect(). */
    QUERY_CANCEL,

    // SqlTransactionsContract: targets with SqlTransactions

    /** A transaction of several statements commits or rolls back as one. */
    TX_COMMIT_ROLLBACK,
    /** READ COMMITTED sees what others committed; REPEATABLE READ keeps its snapshot; a concurrent update of it is a serialization failure, RETRYABLE. */
    TX_ISOLATION,
    /** A deadlock is detected and classified RETRYABLE. */
    TX_DEADLOCK,
    /** A statement on a connection that was cut is classified UNREACHABLE. */
    TX_LOST_CONNECTION,
    /** A statement past the session's --op-timeout is cancelled by the server and classified TIMEOUT. */
    TX_STATEMENT_TIMEOUT,
    /** cancel(Connection) ends a blocked statement at once, classified TIMEOUT, and the connection stays usable. */
    TX_CANCEL,
    /** copyIn loads rows and says how many. */
    TX_COPY_IN,
    /** commitTracking() is there where the target tracks commits and settles a transaction by its id; empty elsewhere. */
    TX_COMMIT_TRACKING
}
