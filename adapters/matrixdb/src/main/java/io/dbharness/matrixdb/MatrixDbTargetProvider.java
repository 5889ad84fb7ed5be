package io.dbharness.matrixdb;

import io.dbharness.core.api.TargetAdapter;
import io.dbharness.core.api.TargetException;
import io.dbharness.core.api.UsageException;
import io.dbharness.core.config.OptionDef;
import io.dbharness.core.config.Settings;
import io.dbharness.postgres.PgFamilyProvider;
import io.dbharness.postgres.PgFlavor;

import java.io.IOException;
import java.util.List;
import java.util.Map;

/**
 * Target {@code matrixdb}: MatrixDB / YMatrix, the Greenplum-based time-series database. Connects through
 * the master like PostgreSQL; DDL and the MatrixGate path are its own.
 */
public final class MatrixDbTargetProvider extends PgFamilyProvider {

    public static final String ID = "matrixdb";

    private static final List<OptionDef> OPTIONS = List.of(
            OptionDef.of("matrixdb-storage", "STORAGE", "mars3",
                    "Table storage: mars3|mars2|ao_column|heap (all DISTRIBUTED BY (tag_id))"),
            OptionDef.flag("matrixdb-unique-mode",
                    "MARS unique mode: one row per (tag_id, ts), later rows merge into it (mars3|mars2)"),
            OptionDef.of("matrixdb-ingest", "MODE", "copy",
                    "How rows are sent: copy (COPY text through the master) | mxgate-http (POST to MatrixGate)"),
            OptionDef.of("mxgate-url", "URL", "http://localhost:8086", "MatrixGate's HTTP source, for --matrixdb-ingest mxgate-http"),
            OptionDef.flag("mxgate-gzip", "Compress MatrixGate bodies (Content-Encoding: gzip)"),
            OptionDef.of("mxgate-time-format", "FORMAT", "unix-second",
                    "Timestamps in MatrixGate bodies, as mxgate's --time-format: unix-second|raw"));

    @Override
    public String id() {
        return ID;
    }

    @Override
    public String description() {
        return "MatrixDB / YMatrix (Greenplum dialect): COPY through the master or MatrixGate's HTTP API";
    }

    @Override
    protected List<OptionDef> productOptions() {
        return OPTIONS;
    }

    @Override
    protected PgFlavor flavor(Settings settings) {
        Storage storage = Storage.parse(settings.string("matrixdb-storage"));
        boolean unique = settings.bool("matrixdb-unique-mode");
        if (unique && !storage.mars()) {
            throw new UsageException("--matrixdb-unique-mode needs --matrixdb-storage mars3 or mars2, not " + storage.cliName());
        }
        MatrixDbIngestMode ingest = MatrixDbIngestMode.parse(settings.string("matrixdb-ingest"));
        MxGateUrl url = MxGateUrl.parse(settings.string("mxgate-url"));
        TimeFormat time = TimeFormat.parse(settings.string("mxgate-time-format"));
        return new MatrixDbFlavor(storage, unique, ingest, url, settings.bool("mxgate-gzip"), time, true, Map.of());
    }

    /**
     * With MatrixGate as the ingest path, a MatrixGate that is not listening stops the run before it starts. The
     * engine opens with the worker count: overriding only {@code open(Settings)} left this unchecked.
     */
    @Override
    public TargetAdapter open(Settings settings, int workers) throws TargetException {
        MatrixDbFlavor flavor = (MatrixDbFlavor) flavor(settings);
        TargetAdapter target = super.open(settings, workers);
        if (flavor.ingest() == MatrixDbIngestMode.MXGATE_HTTP) {
            try {
                flavor.mxgate().probe();
            } catch (IOException e) {
                try {
                    target.close();
                } catch (Exception suppressed) {
                    e.addSuppressed(suppressed);
                }
                throw MxGateErrors.unreachable(flavor.mxgate(), e);
            }
        }
        return target;
    }
}
