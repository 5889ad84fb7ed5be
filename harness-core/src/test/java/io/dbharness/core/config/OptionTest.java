package io.dbharness.core.config;

import io.dbharness.core.api.UsageException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** An option's type, range and choices are declared once, on its definition, and checked when settings are resolved. */
@Timeout(30)
class OptionTest {

    private static String refusal(Map<String, String> explicit, Map<String, String> env) {
        return assertThrows(UsageException.class, () -> Settings.resolve(RunOptions.OPTIONS, explicit, env)).getMessage();
    }

    private static String refusal(String name, String value) {
        return refusal(Map.of(name, value), Map.of());
    }

    @Test
    void aValueOutOfItsDeclaredRangeIsRefusedWhenResolvedNotWhenRead() {
        // nothing reads the value: the definition alone refuses it, in one line naming the option, value and range
        assertEquals("invalid value '0' for --workers: expected an integer from 1 to 1024", refusal("workers", "0"));
        assertEquals("invalid value '1025' for --workers: expected an integer from 1 to 1024", refusal("workers", "1025"));
        assertEquals("invalid value '101' for --max-retries: expected an integer from 0 to 100", refusal("max-retries", "101"));
        assertEquals("invalid value '-1' for --max-errors: expected an integer >= 0", refusal("max-errors", "-1"));
        assertEquals("invalid value '50ms' for --watch-interval: expected a duration of at least 100ms",
                refusal("watch-interval", "50ms"));
        assertEquals("invalid value 'maybe' for --server-telemetry: expected on or off", refusal("server-telemetry", "maybe"));
        assertEquals("invalid value 'loud' for --verify: expected true or false", refusal("verify", "loud"));
        assertEquals("invalid value '0' for --rate: expected a number from 0.001 to 1000000000000", refusal("rate", "0"));
        assertEquals("invalid value '0' for --shards: expected an integer from 1 to 100000", refusal("shards", "0"));
        assertEquals("invalid value 'soon' for --start-at: expected a time such as '2022-04-18 09:00:00' (UTC) or "
                + "'2022-04-18T09:00:00+08:00'", refusal("start-at", "soon"));
        assertEquals("invalid value '" + "x".repeat(81) + "' for --label: expected a name of 1 to 80 printable characters",
                refusal("label", "x".repeat(81)));
    }

    @Test
    void theFirstBadValueGivenIsTheOneReported() {
        Map<String, String> two = new LinkedHashMap<>();
        two.put("seed", "x");
        two.put("workers", "0");
        assertEquals("invalid value 'x' for --seed: expected an integer from " + Long.MIN_VALUE + " to " + Long.MAX_VALUE,
                refusal(two, Map.of()));
    }

    @Test
    void anEnvironmentVariableIsCheckedByTheSameDefinition() {
        Option<Integer> port = Option.of(OptionDef.of("port", "PORT", null, "Server port").withEnv("PORT_VAR"),
                ValueType.integer(1, 65535));
        assertEquals("invalid value '99999' for --port: expected an integer from 1 to 65535", assertThrows(UsageException.class,
                () -> Settings.resolve(List.of(port.def()), Map.of(), Map.of("PORT_VAR", "99999"))).getMessage());
        assertEquals(5433, Settings.resolve(List.of(port.def()), Map.of(), Map.of("PORT_VAR", "5433")).get(port));
    }

    @Test
    void valuesAreReadTypedWithTheDefaultsTheDefinitionsDeclare() {
        Settings s = Settings.resolve(RunOptions.OPTIONS, Map.of("workers", "8", "duration", "90s", "no-watch", "true"), Map.of());
        assertEquals(8, s.get(RunOptions.WORKERS));
        assertEquals(Optional.of(Duration.ofSeconds(90)), s.find(RunOptions.DURATION));
        assertEquals(true, s.get(RunOptions.NO_WATCH));
        // not given: the definition's default, read by the same type
        assertEquals(Duration.ofSeconds(5), s.get(RunOptions.WATCH_INTERVAL));
        assertEquals(20220418L, s.get(RunOptions.SEED));
        assertEquals(false, s.get(RunOptions.VERIFY));
        assertEquals(Optional.empty(), s.find(RunOptions.RATE));
        assertEquals("option '--rate' is required", assertThrows(UsageException.class, () -> s.get(RunOptions.RATE)).getMessage());
        RunOptions o = RunOptions.from(s);
        assertEquals(8, o.workers());
        assertEquals(0, o.rate());
        assertEquals(Duration.ofSeconds(60), o.opTimeout());
    }

    @Test
    void everyEngineDefaultIsAValueOfItsOwnType() {
        // a default its own type refused would fail every run that leaves the option out
        Settings defaults = Settings.resolve(RunOptions.OPTIONS, Map.of(), Map.of());
        for (OptionDef d : RunOptions.OPTIONS) {
            if (d.type() != null && d.defaultValue() != null) {
                d.type().read(defaults, d.name());
            }
        }
        assertEquals(Duration.ofMinutes(5), defaults.get(ShardOptions.SCHEMA_WAIT));
    }

    @Test
    void aTypedHandleCarriesTheTypeItsDefinitionChecks() {
        OptionDef untyped = OptionDef.of("n", "N", "1", "a number");
        assertThrows(IllegalArgumentException.class, () -> new Option<>(untyped, ValueType.integer(0, 9)));
        Option<Integer> n = Option.of(untyped, ValueType.integer(0, 9));
        assertEquals(n.type(), n.def().type());
        assertEquals(List.of("db-n"), n.def().withAliases("db-n").aliases());
    }
}
