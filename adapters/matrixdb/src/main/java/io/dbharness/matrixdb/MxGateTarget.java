package io.dbharness.matrixdb;

import io.dbharness.core.api.SeriesSchema;
import io.dbharness.core.api.TargetException;
import io.dbharness.core.api.UsageException;
import io.dbharness.core.dialect.StatementTexts;
import io.dbharness.postgres.Tables;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import javax.sql.DataSource;

/**
 * The {@code schema.table} first line of a MatrixGate body. The schema is read from the catalog for the
 * table the harness just prepared, so MatrixGate writes where COPY would (the session's search_path), not
 * into whatever {@code public} holds.
 */
final class MxGateTarget {

    private MxGateTarget() {
    }

    static String resolve(SeriesSchema schema, DataSource pool, StatementTexts sql) throws TargetException {
        String name = schema.tableName();
        if (name.indexOf('.') >= 0 || name.indexOf('|') >= 0 || name.indexOf('\n') >= 0 || name.indexOf('\r') >= 0) {
            throw new UsageException("table name '" + name + "' cannot be sent to MatrixGate (its body names the table as "
                    + "schema.table on one line); use --matrixdb-ingest copy or another --table-name");
        }
        try (Connection c = pool.getConnection(); PreparedStatement ps = c.prepareStatement(sql.get("table_schema"))) {
            ps.setString(1, Tables.quote(name));
            try (ResultSet rs = ps.executeQuery()) {
                String nsp = rs.next() ? rs.getString(1) : "public";
                return nsp + "." + name;
            }
        } catch (SQLException e) {
            throw new TargetException(TargetException.Kind.FATAL, e.getSQLState(),
                    "reading the schema of table " + Tables.quote(name) + ": " + e.getMessage(), e);
        }
    }
}
