package io.dbharness.mogdb;

import io.dbharness.core.config.Option;
import io.dbharness.core.config.OptionDef;
import io.dbharness.core.config.Settings;
import io.dbharness.core.config.ValueType;
import io.dbharness.mogdb.MogDbDdl.Compression;
import io.dbharness.mogdb.MogDbDdl.PartitionInterval;
import io.dbharness.mogdb.MogDbDdl.Storage;
import io.dbharness.postgres.PgFamilyProvider;
import io.dbharness.postgres.PgFlavor;

import java.util.List;

/** Target {@code mogdb}: MogDB or openGauss, over the openGauss driver or the stock PostgreSQL one. */
public final class MogDbTargetProvider extends PgFamilyProvider {

    public static final String ID = "mogdb";

    private static final Option<MogDbIngestMode> INGEST = Option.of("mogdb-ingest", "MODE", "copy",
            "How rows are sent: copy (text COPY through the driver's copy API)|insert-batch",
            ValueType.choice(MogDbIngestMode.class));
    private static final Option<Storage> STORAGE = Option.of("mogdb-storage", "STORAGE", "row",
            "Table storage: row|column (WITH (ORIENTATION=COLUMN, COMPRESSION=...))", ValueType.choice(Storage.class));
    private static final Option<Compression> COMPRESSION = Option.of("mogdb-compression", "LEVEL", null,
            "Column-store COMPRESSION: no|yes|low|middle|high (default low; column storage only)",
            ValueType.choice(Compression.class));
    private static final Option<PartitionInterval> PARTITION_INTERVAL = Option.of("mogdb-partition-interval", "INTERVAL",
            "none", "Interval partitioning on ts: none|hour|day|week|month (row storage only)",
            ValueType.choice(PartitionInterval.class));

    private static final List<OptionDef> OPTIONS = Option.defs(List.of(INGEST, STORAGE, COMPRESSION, PARTITION_INTERVAL));

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
        MogDbIngestMode ingest = settings.get(INGEST);
        Storage storage = settings.get(STORAGE);
        Compression compression = settings.find(COMPRESSION).orElse(null);
        PartitionInterval interval = settings.get(PARTITION_INTERVAL);
        return new MogDbFlavor(ingest, MogDbDdl.of(storage, compression, interval));
    }
}
