package io.dbharness.tpcc;

import io.dbharness.core.api.SqlAccess;
import io.dbharness.core.api.TargetAdapter;
import io.dbharness.core.api.TargetProvider;
import io.dbharness.core.config.OptionDef;
import io.dbharness.core.config.RunOptions;
import io.dbharness.core.config.Settings;
import io.dbharness.core.engine.Harness;
import io.dbharness.core.engine.Registry;
import io.dbharness.core.engine.RunSpec;
import io.dbharness.core.result.ProgressListener;
import io.dbharness.core.result.RunResult;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * An embedded PostgreSQL for a test class, opened through the postgres target:
 * {@code @RegisterExtension static final EmbeddedPostgres pg = new EmbeddedPostgres();} starts it before the
 * class's {@code @BeforeAll} methods and tests and closes it after them; runs reach it by {@link #url()}.
 */
final class EmbeddedPostgres implements BeforeAllCallback, AfterAllCallback {

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

    TargetAdapter server() {
        return server;
    }

    String url() {
        return url;
    }

    Connection connect() throws SQLException {
        return server.capability(SqlAccess.class).orElseThrow().dataSource().getConnection();
    }

    /** A tpcc run on this server with {@code options} (flag names without dashes, then values). */
    RunResult run(Object... options) throws Exception {
        return runOn("postgres", options);
    }

    /** The same, telling {@code progress} at every watch interval. */
    RunResult run(ProgressListener progress, Object... options) throws Exception {
        return run("postgres", progress, options);
    }

    RunResult runOn(String target, Object... options) throws Exception {
        return run(target, ProgressListener.NONE, options);
    }

    /** A tpcc run on this server that tells {@code progress} its phases and intervals. */
    RunResult run(String target, ProgressListener progress, Object... options) throws Exception {
        RunSpec.Builder b = RunSpec.builder().target(target).workload("tpcc").environment(Map.of())
                .option("url", url).option("user", "postgres").option("no-watch", true).progress(progress);
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
}
