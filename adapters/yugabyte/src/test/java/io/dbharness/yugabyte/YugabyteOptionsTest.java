package io.dbharness.yugabyte;

import io.dbharness.core.api.UsageException;
import io.dbharness.core.config.OptionDef;
import io.dbharness.core.config.RunOptions;
import io.dbharness.core.config.Settings;
import io.dbharness.postgres.PgFlavor;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Option parsing: defaults, every bad value refused with a message naming the option and what is allowed. */
class YugabyteOptionsTest {

    private final YugabyteTargetProvider provider = new YugabyteTargetProvider();

    private PgFlavor flavor(Map<String, String> explicit) {
        List<OptionDef> defs = new ArrayList<>(provider.options());
        defs.addAll(RunOptions.OPTIONS);
        return provider.flavor(Settings.resolve(defs, explicit, Map.of()));
    }

    private String refused(Map<String, String> explicit) {
        return assertThrows(UsageException.class, () -> flavor(explicit)).getMessage();
    }

    @Test
    void defaults() {
        assertEquals(YugabyteFlavor.of(YbIngestMode.COPY, 20_000, false, false, YbSharding.HASH, 0), flavor(Map.of()));
        assertEquals("yugabyte", provider.id());
    }

    @Test
    void everyOptionParsed() {
        assertEquals(YugabyteFlavor.of(YbIngestMode.COPY_TEXT, 250, true, false, YbSharding.HASH, 12), flavor(Map.of(
                "yb-ingest", "copy-text", "yb-rows-per-transaction", "250", "yb-upsert-mode", "true", "yb-split-tablets", "12")));
        assertEquals(YugabyteFlavor.of(YbIngestMode.INSERT_MULTIROW, 20_000, false, true, YbSharding.RANGE, 0), flavor(Map.of(
                "yb-ingest", "insert-multirow", "yb-on-conflict-do-nothing", "true", "yb-sharding", "range")));
    }

    @Test
    void badValues() {
        assertEquals("invalid value 'bulk' for --yb-ingest: expected copy|copy-text|insert-multirow",
                refused(Map.of("yb-ingest", "bulk")));
        assertEquals("invalid value 'list' for --yb-sharding: expected hash|range", refused(Map.of("yb-sharding", "list")));
        assertTrue(refused(Map.of("yb-rows-per-transaction", "0")).startsWith("invalid value '0' for --yb-rows-per-transaction: expected"));
        assertTrue(refused(Map.of("yb-rows-per-transaction", "many")).startsWith("invalid value 'many' for --yb-rows-per-transaction"));
        assertTrue(refused(Map.of("yb-split-tablets", "0")).startsWith("invalid value '0' for --yb-split-tablets: expected"));
        assertTrue(refused(Map.of("yb-split-tablets", "100000")).startsWith("invalid value '100000' for --yb-split-tablets"));
        assertEquals("invalid value 'maybe' for --yb-upsert-mode: expected true or false", refused(Map.of("yb-upsert-mode", "maybe")));
    }

    @Test
    void combinationsThatMeanNothingAreRefused() {
        assertTrue(refused(Map.of("yb-sharding", "range", "yb-split-tablets", "4"))
                .startsWith("--yb-split-tablets needs --yb-sharding hash"));
        assertTrue(refused(Map.of("yb-on-conflict-do-nothing", "true"))
                .startsWith("--yb-on-conflict-do-nothing needs --yb-ingest insert-multirow"));
        assertEquals("--yb-rows-per-transaction applies to COPY only; it cannot be used with --yb-ingest insert-multirow",
                refused(Map.of("yb-ingest", "insert-multirow", "yb-rows-per-transaction", "100")));
    }

    /** Option names are global on the command line: every one of ours carries the yb- prefix. */
    @Test
    void productOptionsArePrefixed() {
        Set<String> names = new HashSet<>();
        for (OptionDef d : provider.productOptions()) {
            assertTrue(d.name().startsWith("yb-"), d.name());
            assertTrue(names.add(d.name()), "duplicate " + d.name());
        }
    }

    @Test
    void urlSchemesAndDrivers() {
        PgFlavor f = flavor(Map.of());
        assertEquals(List.of("jdbc:yugabytedb:", "jdbc:postgresql:"), f.urlPrefixes());
        assertEquals("com.yugabyte.Driver", f.driver("jdbc:yugabytedb://h:5433/yugabyte?load-balance=true").getClass().getName());
        assertEquals("org.postgresql.Driver", f.driver("jdbc:postgresql://h:5433/yugabyte").getClass().getName());
    }
}
