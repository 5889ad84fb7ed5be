package io.dbharness.yugabyte;

import io.dbharness.core.api.UsageException;
import io.dbharness.core.config.Option;
import io.dbharness.core.config.OptionDef;
import io.dbharness.core.config.Settings;
import io.dbharness.core.config.ValueType;
import io.dbharness.postgres.PgFamilyProvider;
import io.dbharness.postgres.PgFlavor;

import java.util.List;

/**
 * Target {@code yugabyte}: YugabyteDB YSQL through its JDBC driver ({@code jdbc:yugabytedb://}, whose
 * {@code load-balance} and topology URL options pass through untouched) or the stock one
 * ({@code jdbc:postgresql://}). Connecting, the server check and the writers are the family's; this class only
 * declares the options and turns them into a {@link YugabyteFlavor}.
 */
public final class YugabyteTargetProvider extends PgFamilyProvider {

    public static final String ID = "yugabyte";
    static final int DEFAULT_ROWS_PER_TRANSACTION = 20_000;

    private static final Option<YbIngestMode> INGEST = Option.of("yb-ingest", "MODE", YbIngestMode.COPY.cliName(),
            "How rows are sent: copy (binary COPY)|copy-text|insert-multirow", ValueType.choice(YbIngestMode.class));
    private static final Option<Integer> ROWS_PER_TRANSACTION = Option.of("yb-rows-per-transaction", "N", null,
            "COPY's ROWS_PER_TRANSACTION: rows committed at a time within one COPY (default " + DEFAULT_ROWS_PER_TRANSACTION
                    + ", YugabyteDB's own and the harness's largest default batch: one COPY, one transaction)",
            ValueType.integer(1, Integer.MAX_VALUE));
    private static final Option<Boolean> UPSERT_MODE = Option.flag("yb-upsert-mode",
            "Set yb_enable_upsert_mode for each session (blind INSERT, no read before write) and COPY with REPLACE");
    private static final Option<Boolean> ON_CONFLICT_DO_NOTHING = Option.flag("yb-on-conflict-do-nothing",
            "INSERT ... ON CONFLICT DO NOTHING (with --yb-ingest insert-multirow)");
    private static final Option<YbSharding> SHARDING = Option.of("yb-sharding", "KIND", YbSharding.HASH.cliName(),
            "Primary key: hash = ((tag_id) HASH, ts ASC); range = (tag_id ASC, ts ASC)", ValueType.choice(YbSharding.class));
    private static final Option<Integer> SPLIT_TABLETS = Option.of("yb-split-tablets", "N", null,
            "CREATE TABLE ... SPLIT INTO N TABLETS (hash sharding only)", ValueType.integer(1, 10_000));

    private static final List<OptionDef> OPTIONS = Option.defs(List.of(INGEST, ROWS_PER_TRANSACTION, UPSERT_MODE,
            ON_CONFLICT_DO_NOTHING, SHARDING, SPLIT_TABLETS));

    @Override
    public String id() {
        return ID;
    }

    @Override
    public String description() {
        return "YugabyteDB YSQL (COPY with ROWS_PER_TRANSACTION or multi-row INSERT; hash or range sharding; upsert mode)";
    }

    @Override
    protected List<OptionDef> productOptions() {
        return OPTIONS;
    }

    @Override
    protected PgFlavor flavor(Settings s) {
        YbIngestMode ingest = s.get(INGEST);
        if (s.isSet("yb-rows-per-transaction") && !ingest.isCopy()) {
            throw new UsageException("--yb-rows-per-transaction applies to COPY only; it cannot be used with --yb-ingest "
                    + ingest.cliName());
        }
        int rows = s.find(ROWS_PER_TRANSACTION).orElse(DEFAULT_ROWS_PER_TRANSACTION);
        int split = s.find(SPLIT_TABLETS).orElse(0);
        return YugabyteFlavor.of(ingest, rows, s.get(UPSERT_MODE), s.get(ON_CONFLICT_DO_NOTHING), s.get(SHARDING), split);
    }
}
