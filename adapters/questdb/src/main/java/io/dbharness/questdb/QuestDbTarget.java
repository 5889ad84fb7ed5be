package io.dbharness.questdb;

import io.dbharness.core.api.Capability;
import io.dbharness.core.api.SqlAccess;
import io.dbharness.core.api.TargetAdapter;
import io.dbharness.core.api.TargetInfo;
import io.dbharness.core.api.TimeSeriesIngest;
import io.dbharness.core.api.TimeSeriesQuery;
import io.dbharness.core.encode.LinePrecision;

import javax.sql.DataSource;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** An open QuestDB target: owns the embedded server when there is one; closing stops it and removes its files. */
final class QuestDbTarget implements TargetAdapter {

    /** Server settings that move ingest numbers: durability, WAL, workers, commit batching. */
    private static final Set<String> SETTINGS = Set.of("cairo.commit.mode", "cairo.wal.enabled.default",
            "shared.worker.count", "cairo.max.uncommitted.rows", "line.http.enabled", "cairo.commit.lag",
            "line.auto.create.new.columns", "http.worker.count", "wal.apply.worker.count");
    private static final Pattern VERSION = Pattern.compile("QuestDB ([0-9][^,\\s]*)");

    private final QuestDbEndpoint endpoint;
    private final EmbeddedQuestDb embedded;
    private final QuestDbSql sql;
    private final QuestDbIngest ingest;
    private final Optional<LinePrecision> precision;
    private final int batchLines;
    private final IlpVersion version;
    private final SqlAccess sqlAccess;
    private final QuestDbQuery query;

    QuestDbTarget(QuestDbEndpoint endpoint, EmbeddedQuestDb embedded, QuestDbSql sql, QuestDbIngest ingest,
                  Optional<LinePrecision> precision, int batchLines, IlpVersion version) {
        this.version = version;
        this.endpoint = endpoint;
        this.embedded = embedded;
        this.sql = sql;
        this.ingest = ingest;
        this.precision = precision;
        this.batchLines = batchLines;
        this.query = new QuestDbQuery(sql);
        this.sqlAccess = new SqlAccess() {
            @Override
            public DataSource dataSource() {
                return sql.dataSource();
            }
        };
    }

    /** A failure to read the settings leaves the version unknown rather than failing a finished run. */
    @Override
    public TargetInfo describe() {
        Map<String, String> settings = new TreeMap<>();
        String version = null;
        try (Connection c = sql.connect(); Statement st = c.createStatement()) {
            try (ResultSet rs = st.executeQuery("SELECT build()")) {
                if (rs.next()) {
                    Matcher m = VERSION.matcher(rs.getString(1));
                    version = m.find() ? m.group(1) : null;
                }
            }
            try (ResultSet rs = st.executeQuery("SHOW PARAMETERS")) {
                while (rs.next()) {
                    String key = rs.getString(1);
                    if (SETTINGS.contains(key.toLowerCase(Locale.ROOT))) {
                        settings.put(key, String.valueOf(rs.getString(3)));
                    }
                }
            }
        } catch (SQLException e) {
            settings.put("describe_error", QuestDbSql.classify(e, "reading server settings").getMessage());
        }
        if (version == null && embedded != null) {
            version = EmbeddedQuestDb.version();
        }
        settings.put("write", "line protocol over HTTP /write");
        settings.put("line-protocol-version", this.version.binaryDoubles() ? "2 (doubles in binary)" : "1 (text)");
        settings.put("precision", precision.map(p -> p.v2Name()).orElse("auto"));
        settings.put("batch-lines", Integer.toString(batchLines));
        return new TargetInfo("QuestDB", version, endpoint.display(), settings);
    }

    @Override
    public <C extends Capability> Optional<C> capability(Class<C> type) {
        if (type == TimeSeriesIngest.class) {
            return Optional.of(type.cast(ingest));
        }
        if (type == TimeSeriesQuery.class) {
            return Optional.of(type.cast(query));
        }
        if (type == SqlAccess.class) {
            return Optional.of(type.cast(sqlAccess));
        }
        if (type == io.dbharness.core.api.ServerTelemetry.class) {
            return Optional.of(type.cast(new QuestDbTelemetry(sql, embedded)));
        }
        return Optional.empty();
    }

    @Override
    public void close() {
        if (embedded != null) {
            embedded.close();
        }
    }

    @Override
    public String toString() {
        return "QuestDbTarget[" + endpoint.display() + "]";
    }
}
