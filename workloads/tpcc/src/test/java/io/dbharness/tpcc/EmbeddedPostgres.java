package io.dbharness.tpcc;

import io.dbharness.core.api.SqlAccess;
import io.dbharness.core.api.TargetAdapter;
import io.dbharness.core.api.TargetProvider;
import io.dbharness.core.config.OptionDef;
import io.dbharness.core.config.Settings;
import io.dbharness.core.engine.Harness;
import io.dbharness.core.engine.Registry;
import io.dbharness.core.engine.RunOptions;
import io.dbharness.core.engine.RunSpec;
import io.dbharness.core.result.RunResult;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** An embedded PostgreSQL kept for a test class, opened through the postgres target; runs reach it by {@link #url()}. */
record EmbeddedPostgres(TargetAdapter server, String url) implements AutoCloseable {

    static EmbeddedPostgres start() throws Exception {
        TargetProvider pg = Registry.load().target("postgres");
        List<OptionDef> defs = new ArrayList<>(RunOptions.OPTIONS);
        defs.addAll(pg.options());
        TargetAdapter server = pg.open(Settings.resolve(defs, Map.of(), Map.of()));
        try (Connection c = server.capability(SqlAccess.class).orElseThrow().dataSource().getConnection()) {
            return new EmbeddedPostgres(server, c.getMetaData().getURL());
        } catch (SQLException | RuntimeException e) {
            server.close();
            throw e;
        }
    }

    Connection connect() throws SQLException {
        return server.capability(SqlAccess.class).orElseThrow().dataSource().getConnection();
    }

    /** A tpcc run on this server with {@code options} (flag names without dashes, then values). */
    RunResult run(Object... options) throws Exception {
        return runOn("postgres", options);
    }

    RunResult runOn(String target, Object... options) throws Exception {
        RunSpec.Builder b = RunSpec.builder().target(target).workload("tpcc").environment(Map.of())
                .option("url", url).option("user", "postgres").option("no-watch", true);
        for (int i = 0; i < options.length; i += 2) {
            b.option((String) options[i], options[i + 1]);
        }
        return Harness.run(b.build());
    }

    long count(String sql) throws SQLException {
        try (Connection c = connect(); var st = c.createStatement(); var rs = st.executeQuery(sql)) {
            rs.next();
            return rs.getLong(1);
        }
    }

    void execute(String sql) throws SQLException {
        try (Connection c = connect(); var st = c.createStatement()) {
            st.execute(sql);
        }
    }

    @Override
    public void close() {
        server.close();
    }
}
