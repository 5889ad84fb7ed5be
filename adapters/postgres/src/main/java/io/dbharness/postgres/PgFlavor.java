package io.dbharness.postgres;

import io.dbharness.core.api.BatchWriter;
import io.dbharness.core.api.SeriesSchema;
import io.dbharness.core.api.TargetException;
import io.dbharness.core.dialect.StatementTexts;

import java.sql.Driver;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What a PostgreSQL-family product changes on top of the generic PostgreSQL target: its name, how its
 * server is recognised, its SQL (resources over the generic ones), values for its DDL, session settings and
 * writers of its own. Connecting, checking, table preparation, COPY/INSERT and counting stay shared, so a
 * product adapter holds only its differences. Instances are immutable, built from validated options.
 */
public interface PgFlavor {

    /** The generic PostgreSQL statements every product falls back to. */
    StatementTexts GENERIC = StatementTexts.sql(PgFlavor.class.getClassLoader(), "io/dbharness/postgres/sql");

    /** A product's statements ({@code productDir}) over the generic PostgreSQL ones. */
    static StatementTexts dialectOf(String productDir, ClassLoader loader) {
        return GENERIC.over(productDir, loader);
    }

    /** As shown to users: {@code PostgreSQL}, {@code YugabyteDB}. */
    String product();

    StatementTexts dialect();

    /** Names a query file's texts may use for this product, most specific first (the target id, then the family). */
    default List<String> queryLanguages() {
        return List.of("postgres", "sql");
    }

    /** Whether {@code SELECT version()} names this product. */
    boolean recognises(String version);

    /**
     * Refuses (UsageException) options the recognised server's release cannot honour, e.g. a storage engine
     * that came later; a version it cannot read passes.
     */
    default void checkRelease(String version) {
    }

    /** JDBC URL prefixes this product's driver takes; the first is used to build URLs from host and port. */
    default List<String> urlPrefixes() {
        return List.of("jdbc:postgresql:");
    }

    /** The driver for {@code url}; the stock PostgreSQL driver unless the product needs its own. */
    default Driver driver(String url) {
        return new org.postgresql.Driver();
    }

    /** Whether no URL and no PG variables means an embedded server (only plain PostgreSQL can do that). */
    default boolean embeddedByDefault() {
        return false;
    }

    /** How rows go in when no writer of the product's own applies. */
    IngestMode ingestMode();

    /**
     * Placeholders the product's templates use beyond {@code table}, {@code target}, {@code columns} and
     * {@code rows} (distribution, storage, conflict clause); given to every statement.
     */
    default Map<String, String> sqlValues(SeriesSchema schema) {
        return Map.of();
    }

    /** Statements run on every new connection, e.g. {@code SET yb_enable_upsert_mode = on}. */
    default List<String> sessionSql() {
        return List.of();
    }

    /** Settings recorded in the result besides the server's, e.g. the storage chosen. */
    default Map<String, String> settings() {
        return Map.of();
    }

    /**
     * Sends a cancel request for the statement running on {@code connection} (from another thread): the
     * statement fails with 57014 and the connection stays usable. Each driver fork has its own interface.
     */
    default void cancelQuery(java.sql.Connection connection) throws java.sql.SQLException {
        connection.unwrap(org.postgresql.PGConnection.class).cancelQuery();
    }

    /**
     * Whether the writers can learn after a lost connection whether their last transaction committed
     * ({@code txid_current()} before, {@code txid_status()} after; PostgreSQL 10+). {@code version} is the
     * server's {@code version()}. Off by default: a product must be known to keep PostgreSQL's meaning.
     */
    default boolean tracksCommits(String version) {
        return false;
    }

    /** The COPY API of this product's driver on {@code connection}. */
    default CopyChannel copyChannel(java.sql.Connection connection) throws java.sql.SQLException {
        return CopyChannel.postgres(connection);
    }

    /**
     * A writer of the product's own (MatrixGate's HTTP API, a COPY with product options); empty for the
     * shared COPY/INSERT writers of {@link #ingestMode()}. {@code pool} is the target's connection pool.
     */
    default Optional<BatchWriter> ownWriter(SeriesSchema schema, javax.sql.DataSource pool, java.time.Duration opTimeout)
            throws TargetException {
        return Optional.empty();
    }

    /** Whether rows with the same tag and timestamp end up as one stored row (upserts, unique storage). */
    default boolean mergesRowsWithSameKey() {
        return false;
    }

    /**
     * The flavor to use on a server of another product when {@code --allow-compatible-server} is given:
     * features that server lacks switched off, one {@code warn} line each, recorded in {@link #settings()}.
     */
    default PgFlavor onCompatibleServer(String version, java.util.function.Consumer<String> warn) {
        return this;
    }

    /** Releases what the flavor opened (HTTP connections); the pool is closed by the target. */
    default void close() {
    }
}
