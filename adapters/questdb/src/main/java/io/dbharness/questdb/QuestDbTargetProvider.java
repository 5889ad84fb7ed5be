package io.dbharness.questdb;

import io.dbharness.core.api.Capability;
import io.dbharness.core.api.SqlAccess;
import io.dbharness.core.api.TargetAdapter;
import io.dbharness.core.api.TargetException;
import io.dbharness.core.api.TargetProvider;
import io.dbharness.core.api.TimeSeriesIngest;
import io.dbharness.core.api.TimeSeriesQuery;
import io.dbharness.core.config.OptionDef;
import io.dbharness.core.config.Settings;
import io.dbharness.core.encode.LineOptions;
import io.dbharness.core.encode.LinePrecision;

import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Target {@code questdb}: line protocol over HTTP for writes, PostgreSQL wire for DDL, counts and queries; an
 * embedded server when no endpoint is named.
 *
 * <p>The endpoint options have their own names ({@code questdb-http}, {@code questdb-pg}...) rather than
 * reusing {@code url}/{@code user}/{@code password}: those are declared by the postgres target with the
 * {@code PG*} variables, and a name several targets declare shows only the first declaration in
 * {@code --help}; a QuestDB run must not pick up a PostgreSQL password from {@code PGPASSWORD}.
 * {@code precision} and {@code batch-lines} are shared with the influx target on purpose: same meaning.
 */
public final class QuestDbTargetProvider implements TargetProvider {

    public static final String ID = "questdb";

    private static final List<OptionDef> OPTIONS = List.of(
            OptionDef.of("questdb-http", "URL", null,
                    "QuestDB HTTP endpoint for line-protocol writes, http://HOST:9000; default: an embedded QuestDB "
                            + "when neither --questdb-http nor --questdb-pg is set"),
            OptionDef.of("questdb-pg", "HOST:PORT", null,
                    "QuestDB PostgreSQL wire endpoint for DDL, counts and queries (default: the HTTP host, port 8812)"),
            OptionDef.of("questdb-user", "USER", "admin", "QuestDB PostgreSQL wire user").withEnv("QDB_PG_USER"),
            OptionDef.of("questdb-password", "PASSWORD", "quest",
                    "QuestDB PostgreSQL wire password; prefer the variable").withEnv("QDB_PG_PASSWORD").asSecret(),
            LineOptions.PRECISION.def(), LineOptions.BATCH_LINES.def(), IlpVersion.OPTION.def());

    @Override
    public String id() {
        return ID;
    }

    @Override
    public String description() {
        return "QuestDB: line protocol over HTTP, counts and queries over PostgreSQL wire; starts an embedded server when no endpoint is given";
    }

    @Override
    public List<OptionDef> options() {
        return OPTIONS;
    }

    @Override
    public java.util.Optional<String> serverOption() {
        return java.util.Optional.of("questdb-http");
    }

    @Override
    public Set<Class<? extends Capability>> capabilities() {
        return Set.of(TimeSeriesIngest.class, TimeSeriesQuery.class, SqlAccess.class,
                io.dbharness.core.api.ServerTelemetry.class);
    }

    @Override
    public void check(Settings settings) {
        LineOptions.from(settings);
        settings.get(IlpVersion.OPTION);
        QuestDbEndpoint.resolve(settings);
    }

    @Override
    public boolean embedded(Settings settings) {
        return QuestDbEndpoint.resolve(settings).isEmpty();
    }

    @Override
    public TargetAdapter open(Settings settings) throws TargetException {
        LineOptions line = LineOptions.from(settings);
        Optional<LinePrecision> precision = line.precision();
        int batchLines = line.batchLines();
        Optional<QuestDbEndpoint> external = QuestDbEndpoint.resolve(settings);
        if (external.isEmpty() && io.dbharness.core.config.ShardOptions.requested(settings)) {
            throw new io.dbharness.core.api.UsageException("--shard splits a run over processes that share one server: give it with"
                    + " --questdb-http; an embedded QuestDB lives inside one process");
        }
        EmbeddedQuestDb embedded = external.isPresent() ? null : EmbeddedQuestDb.start();
        QuestDbEndpoint endpoint = external.orElseGet(() -> QuestDbEndpoint.embedded(embedded));
        try {
            // the endpoint the user named first, so its failure names it, not one derived from it
            IlpHttp http = new IlpHttp(endpoint.http(), endpoint.display());
            http.probe();
            IlpVersion version = IlpVersion.choose(settings.get(IlpVersion.OPTION), http);
            QuestDbSql sql = new QuestDbSql(endpoint);
            try {
                sql.probe();
            } catch (TargetException e) {
                if (!endpoint.pgDerived()) {
                    throw e;
                }
                throw new TargetException(e.kind(), e.vendorCode(), e.getMessage() + " (taken to be port "
                        + QuestDbEndpoint.DEFAULT_PG_PORT + " of the --questdb-http host; --questdb-pg names another)", e);
            }
            return new QuestDbTarget(endpoint, embedded, sql, new QuestDbIngest(sql, http, precision, batchLines,
                    version, io.dbharness.core.config.RunOptions.opTimeout(settings), embedded),
                    precision, batchLines, version);
        } catch (TargetException | RuntimeException e) {
            if (embedded != null) {
                embedded.close();
            }
            throw e;
        }
    }

    @Override
    public java.util.Optional<io.dbharness.core.api.QueryLanguage> queryLanguage(Settings settings) {
        return java.util.Optional.of(new QuestDbQueryLanguage());
    }
}
