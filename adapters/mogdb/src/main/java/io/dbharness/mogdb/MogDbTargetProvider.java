package io.dbharness.mogdb;

import io.dbharness.core.config.OptionDef;
import io.dbharness.core.config.Settings;
import io.dbharness.mogdb.MogDbDdl.Compression;
import io.dbharness.mogdb.MogDbDdl.PartitionInterval;
import io.dbharness.mogdb.MogDbDdl.Storage;
import io.dbharness.postgres.PgFamilyProvider;
import io.dbharness.postgres.PgFlavor;

import java.util.List;

/** Target {@code mogdb}: MogDB or openGauss, over the openGauss driver or the stock PostgreSQL one. */
public final class MogDbTargetProvider extends PgFamilyProvider {

    public static final String ID = "mogdb";

    private static final List<OptionDef> OPTIONS = List.of(
            OptionDef.of("mogdb-ingest", "MODE", "copy",
                    "How rows are sent: copy (text COPY through the driver's copy API)|insert-batch"),
            OptionDef.of("mogdb-storage", "STORAGE", "row",
                    "Table storage: row|column (WITH (ORIENTATION=COLUMN, COMPRESSION=...))"),
            OptionDef.of("mogdb-compression", "LEVEL", null,
                    "Column-store COMPRESSION: no|yes|low|middle|high (default low; column storage only)"),
            OptionDef.of("mogdb-partition-interval", "INTERVAL", "none",
                    "Interval partitioning on ts: none|hour|day|week|month (row storage only)"));

    @Override
    public String id() {
        return ID;
    }

    @Override
    public String description() {
        return "MogDB / openGauss over JDBC (text COPY or batched INSERT; row or column store, interval partitions)";
    }

    @Override
    protected List<OptionDef> productOptions() {
        return OPTIONS;
    }

    @Override
    protected PgFlavor flavor(Settings settings) {
        MogDbIngestMode ingest = settings.enumValue("mogdb-ingest", MogDbIngestMode.class);
        Storage storage = settings.enumValue("mogdb-storage", Storage.class);
        Compression compression = settings.optional("mogdb-compression").isPresent()
                ? settings.enumValue("mogdb-compression", Compression.class) : null;
        PartitionInterval interval = settings.enumValue("mogdb-partition-interval", PartitionInterval.class);
        return new MogDbFlavor(ingest, MogDbDdl.of(storage, compression, interval));
    }
}
