package io.dbharness.matrixdb;

import io.dbharness.core.api.BatchWriter;
import io.dbharness.core.api.SeriesSchema;
import io.dbharness.core.api.TargetException;
import io.dbharness.core.api.UsageException;
import io.dbharness.core.dialect.StatementTexts;
import io.dbharness.postgres.IngestMode;
import io.dbharness.postgres.PgFlavor;
import io.dbharness.postgres.Tables;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.stream.Collectors;
import javax.sql.DataSource;

/**
 * MatrixDB / YMatrix on top of the shared PostgreSQL-family flow: Greenplum DDL (distribution, MARS or
 * append-optimized storage), COPY text through the master or MatrixGate's HTTP API.
 *
 * @param greenplum false when running on a plain PostgreSQL server with {@code --allow-compatible-server}:
 *                  distribution and storage clauses are then left out of the DDL
 * @param notes     what was switched off on a compatible server, recorded in the result
 */
record MatrixDbFlavor(Storage storage, boolean uniqueMode, MatrixDbIngestMode ingest, MxGateUrl mxgate, boolean gzip,
                      TimeFormat timeFormat, boolean greenplum, Map<String, String> notes) implements PgFlavor {

    static final String DIR = "io/dbharness/matrixdb/sql";
    private static final StatementTexts DIALECT = PgFlavor.dialectOf(DIR, MatrixDbFlavor.class.getClassLoader());
    /**
     * Statements that differ by storage (the query index) live in {@code sql/<storage>/}, searched first; a
     * storage without such a directory uses the MatrixDB and generic texts.
     */
    private static final Map<Storage, StatementTexts> BY_STORAGE = Arrays.stream(Storage.values())
            .collect(Collectors.toUnmodifiableMap(s -> s, s -> DIALECT.over(DIR + "/" + s.cliName(),
                    MatrixDbFlavor.class.getClassLoader())));

    MatrixDbFlavor {
        notes = Map.copyOf(notes);
    }

    @Override
    public String product() {
        return "MatrixDB";
    }

    @Override
    public List<String> queryLanguages() {
        return List.of("matrixdb", "postgres", "sql");
    }

    /** On a compatible server the table is a plain heap table: no storage's own statements then. */
    @Override
    public StatementTexts dialect() {
        return greenplum ? BY_STORAGE.get(storage) : DIALECT;
    }

    /**
     * {@code version()} of MatrixDB 4 reads {@code PostgreSQL 12 (MatrixDB 4.x.y-enterprise) (Greenplum
     * Database 7...)}; releases under the YMatrix name may say YMatrix instead. Either word is enough.
     */
    @Override
    public boolean recognises(String version) {
        String v = version.toLowerCase(Locale.ROOT);
        return v.contains("matrixdb") || v.contains("ymatrix");
    }

    /**
     * MARS3 arrived in YMatrix 5.1: the 5.0 storage overview lists HEAP, AO and MARS2
     * (https://ymatrix.ai/doc/5.0/reference/storage/overview), the 5.1 pages add MARS3
     * (https://ymatrix.ai/doc/5.1/reference/storage/intro).
     */
    @Override
    public void checkRelease(String version) {
        java.util.regex.Matcher m = RELEASE.matcher(version);
        if (storage == Storage.MARS3 && m.find()) {
            int major = Integer.parseInt(m.group(2));
            int minor = m.group(3) == null ? 0 : Integer.parseInt(m.group(3));
            if (major < 5 || (major == 5 && minor < 1)) {
                throw new io.dbharness.core.api.UsageException("--matrixdb-storage mars3 needs YMatrix 5.1 or later; the server is "
                        + m.group(1) + " " + m.group(2) + (m.group(3) == null ? "" : "." + m.group(3))
                        + ": choose --matrixdb-storage mars2, ao_column or heap");
            }
        }
    }

    private static final java.util.regex.Pattern RELEASE =
            java.util.regex.Pattern.compile("(?i)\\b(MatrixDB|YMatrix)\\s+(\\d+)(?:\\.(\\d+))?");

    /** Text COPY: the format MatrixDB's own loaders use; Greenplum's binary COPY is not relied on. */
    @Override
    public IngestMode ingestMode() {
        return IngestMode.COPY_TEXT;
    }

    @Override
    public Map<String, String> sqlValues(SeriesSchema schema) {
        if (!greenplum) {
            return Map.of("prelude", "", "storage", "", "distribution", "", "order", "", "index", "");
        }
        if (schema.rowId().present()) {
            throw new UsageException("MatrixDB cannot key the table on a database-filled id (--primary-key "
                    + schema.rowId().cliName() + "): a Greenplum primary key must"
                    + " hold the distribution key (" + Tables.keyColumns(schema) + "); use --primary-key none");
        }
        return Map.of(
                "prelude", storage.prelude(),
                "storage", storage.storageClause(uniqueMode),
                "distribution", "\nDISTRIBUTED BY (" + Tables.keyColumns(schema) + ")",
                "order", storage.orderClause(Tables.keyAndTime(schema)),
                "index", storage.indexStatement(Tables.quote(schema.tableName()), Tables.keyAndTime(schema), uniqueMode));
    }

    @Override
    public Map<String, String> settings() {
        Map<String, String> s = new LinkedHashMap<>();
        s.put("storage", storage.cliName());
        s.put("unique_mode", Boolean.toString(uniqueMode));
        s.put("ingest", ingest == MatrixDbIngestMode.COPY ? "copy-text" : "mxgate-http");
        if (ingest == MatrixDbIngestMode.MXGATE_HTTP) {
            s.put("mxgate_url", mxgate.text());
            s.put("mxgate_gzip", Boolean.toString(gzip));
            s.put("mxgate_time_format", timeFormat.cliName());
        }
        s.putAll(notes);
        return s;
    }

    /** Unique mode keeps one row per sort key (tag_id, ts): later rows of a key replace or merge into it. */
    @Override
    public boolean mergesRowsWithSameKey() {
        return greenplum && uniqueMode;
    }

    @Override
    public Optional<BatchWriter> ownWriter(SeriesSchema schema, DataSource pool, java.time.Duration opTimeout)
            throws TargetException {
        if (ingest != MatrixDbIngestMode.MXGATE_HTTP) {
            return Optional.empty();
        }
        String target = MxGateTarget.resolve(schema, pool, DIALECT);
        return Optional.of(new MxGateWriter(mxgate, gzip, new MxGateEncoder(schema, target, timeFormat), target,
                opTimeout, mergesRowsWithSameKey()));
    }

    /**
     * On a server that is not Greenplum-based there is no {@code DISTRIBUTED BY} and no MARS or
     * append-optimized storage: both are left out, one warning each, and the result says so.
     */
    @Override
    public PgFlavor onCompatibleServer(String version, Consumer<String> warn) {
        String server = shortVersion(version);
        Map<String, String> n = new LinkedHashMap<>(notes);
        warn.accept("DISTRIBUTED BY (tag_id) switched off: " + server + " has no distribution clause");
        n.put("distribution", "off: " + server + " has no DISTRIBUTED BY");
        if (storage != Storage.HEAP) {
            warn.accept("storage " + storage.cliName() + (uniqueMode ? " (unique mode)" : "")
                    + " switched off: " + server + " lacks it, the table is a plain heap table");
            n.put("storage_effective", "heap: " + server + " has no " + storage.cliName());
        }
        return new MatrixDbFlavor(storage, uniqueMode, ingest, mxgate, gzip, timeFormat, false, n);
    }

    /** {@code PostgreSQL 17.11 on x86_64...} → {@code PostgreSQL 17.11}. */
    static String shortVersion(String version) {
        String[] words = version.trim().split("\\s+");
        return words.length >= 2 ? words[0] + " " + words[1].replaceAll(",$", "") : version;
    }
}
