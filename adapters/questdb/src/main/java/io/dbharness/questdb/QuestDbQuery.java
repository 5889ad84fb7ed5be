package io.dbharness.questdb;

import io.dbharness.core.api.QueryLanguage;
import io.dbharness.core.api.QueryReader;
import io.dbharness.core.api.SeriesSchema;
import io.dbharness.core.api.TargetException;
import io.dbharness.core.api.TimeSeriesQuery;
import io.dbharness.core.query.JdbcQueryReader;

import io.dbharness.core.encode.SchemaColumns;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Optional;

/** Queries on QuestDB over its PostgreSQL wire, in the texts {@link QuestDbQueryLanguage} writes. */
final class QuestDbQuery implements TimeSeriesQuery {

    private final QuestDbQueryLanguage language = new QuestDbQueryLanguage();
    private final QuestDbSql sql;

    QuestDbQuery(QuestDbSql sql) {
        this.sql = sql;
    }

    @Override
    public QueryLanguage language() {
        return language;
    }

    /** Counted once the WAL is applied, so rows acknowledged but not yet applied count as rows. */
    @Override
    public TableState tableState(SeriesSchema schema) throws TargetException {
        try (Connection c = sql.connect(); Statement st = c.createStatement()) {
            if (!QuestDbIngest.exists(st, schema.tableName())) {
                return TableState.ABSENT;
            }
            return QuestDbIngest.count(c, schema.tableName()) > 0 ? TableState.HAS_ROWS : TableState.EMPTY;
        } catch (SQLException e) {
            throw QuestDbSql.classify(e, "checking table " + QuestDbTables.quote(schema.tableName()));
        }
    }

    /**
     * Indexes the SYMBOL {@code tag_id} (the catalogue filters by device, as the PostgreSQL family's
     * {@code (tag_id, ts)} index serves it; rows are already in time order), then waits until the WAL is
     * applied: line-protocol writes are acknowledged before QuestDB applies them, and queries started earlier
     * would see part of the data.
     */
    @Override
    public Optional<String> prepareForQueries(SeriesSchema schema) throws TargetException {
        String table = QuestDbTables.quote(schema.tableName());
        String ddl = null;
        try (Connection c = sql.connect(); Statement st = c.createStatement()) {
            boolean indexed;
            try (ResultSet rs = st.executeQuery("SELECT indexed FROM table_columns(" + QuestDbTables.literal(schema.tableName())
                    + ") WHERE \"column\" = '" + SchemaColumns.TAG_ID + "'")) {
                indexed = !rs.next() || rs.getBoolean(1); // no such column: nothing to index
            }
            if (!indexed) {
                ddl = "ALTER TABLE " + table + " ALTER COLUMN " + SchemaColumns.TAG_ID + " ADD INDEX";
                st.execute(ddl);
            }
            WalApply.await(c, schema.tableName());
            return Optional.ofNullable(ddl);
        } catch (SQLException e) {
            throw QuestDbSql.classify(e, "preparing " + table + " for queries");
        }
    }

    @Override
    public void awaitVisible(SeriesSchema schema) throws TargetException {
        try (Connection c = sql.connect()) {
            WalApply.await(c, schema.tableName());
        } catch (SQLException e) {
            throw QuestDbSql.classify(e, "waiting for the WAL of " + QuestDbTables.quote(schema.tableName()));
        }
    }

    @Override
    public QueryReader openReader() throws TargetException {
        return new JdbcQueryReader(sql::connect, QuestDbSql::classify);
    }
}
