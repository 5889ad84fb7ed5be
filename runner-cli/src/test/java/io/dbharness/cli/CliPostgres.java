package io.dbharness.cli;

import io.dbharness.core.api.SqlAccess;
import io.dbharness.core.api.TargetAdapter;
import io.dbharness.core.api.TargetProvider;
import io.dbharness.core.config.OptionDef;
import io.dbharness.core.config.RunOptions;
import io.dbharness.core.config.Settings;
import io.dbharness.core.engine.Registry;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * An embedded PostgreSQL for the CLI tests, opened through the postgres target itself (no PG variables), one per
 * test class: {@code @RegisterExtension static final CliPostgres pg = new CliPostgres();} starts it before the
 * class's tests and closes it after them; runs reach it by {@link #url()}.
 */
final class CliPostgres implements BeforeAllCallback, AfterAllCallback {

    private TargetAdapter server;
    private String url;

    @Override
    public void beforeAll(ExtensionContext context) throws Exception {
        TargetProvider pg = Registry.load().target("postgres");
        List<OptionDef> defs = new ArrayList<>(RunOptions.OPTIONS);
        defs.addAll(pg.options());
        server = pg.open(Settings.resolve(defs, Map.of(), Map.of()));
        try (Connection c = connect()) {
            url = c.getMetaData().getURL();
        }
    }

    @Override
    public void afterAll(ExtensionContext context) {
        if (server != null) {
            server.close();
        }
    }

    String url() {
        return url;
    }

    /** A connection for checking or changing what the runs wrote. */
    Connection connect() throws SQLException {
        return server.capability(SqlAccess.class).orElseThrow().dataSource().getConnection();
    }
}
