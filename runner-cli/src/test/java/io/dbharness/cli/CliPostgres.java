package io.dbharness.cli;

import io.dbharness.core.api.SqlAccess;
import io.dbharness.core.api.TargetAdapter;
import io.dbharness.core.api.TargetProvider;
import io.dbharness.core.config.OptionDef;
import io.dbharness.core.config.Settings;
import io.dbharness.core.engine.Registry;
import io.dbharness.core.engine.RunOptions;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * An embedded PostgreSQL for the CLI tests, opened through the postgres target itself (no PG variables), kept
 * for a test class; runs reach it by {@link #url()}.
 */
record CliPostgres(TargetAdapter server, String url) implements AutoCloseable {

    static CliPostgres start() throws Exception {
        TargetProvider pg = Registry.load().target("postgres");
        List<OptionDef> defs = new ArrayList<>(RunOptions.OPTIONS);
        defs.addAll(pg.options());
        TargetAdapter server = pg.open(Settings.resolve(defs, Map.of(), Map.of()));
        try (Connection c = server.capability(SqlAccess.class).orElseThrow().dataSource().getConnection()) {
            return new CliPostgres(server, c.getMetaData().getURL());
        } catch (SQLException | RuntimeException e) {
            server.close();
            throw e;
        }
    }

    /** A connection for checking or changing what the runs wrote. */
    Connection connect() throws SQLException {
        return server.capability(SqlAccess.class).orElseThrow().dataSource().getConnection();
    }

    @Override
    public void close() {
        server.close();
    }
}
