package io.dbharness.postgres;

import io.dbharness.core.config.OptionDef;
import io.dbharness.core.config.Settings;

import java.util.List;

/** Target {@code postgres}: any server speaking the PostgreSQL protocol, or an embedded one when none is named. */
public final class PostgresTargetProvider extends PgFamilyProvider {

    public static final String ID = "postgres";

    private static final List<OptionDef> OPTIONS = List.of(
            OptionDef.of("pg-ingest", "MODE", IngestMode.COPY_BINARY.cliName(),
                    "How rows are sent: copy-binary|copy-text|insert-batch|insert-multirow"),
            new OptionDef("pg-track-commits", "", "true", "Learn whether a COMMIT cut off by a lost connection went"
                    + " through (txid_status, PostgreSQL 10+), so the batch is retried or counted, not left of unknown"
                    + " fate (default: on); =false saves a round trip per batch", false, List.of()));

    /** No host: the sample runs on the embedded server. */
    @Override
    public java.util.Map<String, String> sampleValues() {
        return java.util.Map.of();
    }

    @Override
    public String id() {
        return ID;
    }

    @Override
    public String description() {
        return "PostgreSQL over JDBC (COPY or INSERT); starts an embedded server when no host is given";
    }

    @Override
    protected List<OptionDef> productOptions() {
        return OPTIONS;
    }

    @Override
    protected PgFlavor flavor(Settings settings) {
        return new PostgresFlavor(settings.enumValue("pg-ingest", IngestMode.class), settings.bool("pg-track-commits"),
                settings.isSet("pg-track-commits"));
    }
}
