package io.dbharness.postgres;

import io.dbharness.core.config.Option;
import io.dbharness.core.config.OptionDef;
import io.dbharness.core.config.Settings;
import io.dbharness.core.config.ValueType;

import java.util.List;

/** Target {@code postgres}: any server speaking the PostgreSQL protocol, or an embedded one when none is named. */
public final class PostgresTargetProvider extends PgFamilyProvider {

    public static final String ID = "postgres";

    private static final Option<IngestMode> INGEST = Option.of("pg-ingest", "MODE", IngestMode.COPY_BINARY.cliName(),
            "How rows are sent: copy-binary|copy-text|insert-batch|insert-multirow", ValueType.choice(IngestMode.class));
    /** A switch that is on unless set false. */
    private static final Option<Boolean> TRACK_COMMITS = Option.of("pg-track-commits", "", "true",
            "Learn whether a COMMIT cut off by a lost connection went through (txid_status, PostgreSQL 10+), so the batch"
                    + " is retried or counted, not left of unknown fate (default: on); =false saves a round trip per batch",
            ValueType.bool());

    private static final List<OptionDef> OPTIONS = Option.defs(List.of(INGEST, TRACK_COMMITS));

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
        return new PostgresFlavor(settings.get(INGEST), settings.get(TRACK_COMMITS), settings.isSet(TRACK_COMMITS.name()));
    }
}
