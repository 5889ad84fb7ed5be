package io.dbharness.core.config;

import io.dbharness.core.api.UsageException;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SettingsTest {

    private static final List<OptionDef> DEFS = List.of(
            OptionDef.of("url", "URL", null, "where"),
            OptionDef.of("password", "P", null, "secret").withEnv("PGPASSWORD").asSecret(),
            OptionDef.of("duration", "D", null, "how long"),
            OptionDef.of("ts", "TS", "2022-04-18 09:00:00", "when"),
            OptionDef.of("workers", "N", "2", "how many"));

    private static Settings of(Map<String, String> explicit, Map<String, String> env) {
        return Settings.resolve(DEFS, explicit, env);
    }

    @Test
    void commandLineOverEnvironmentOverDefault() {
        Settings s = of(Map.of("workers", "8"), Map.of("PGPASSWORD", "fromenv"));
        assertEquals(8, s.intValue("workers", 1, 100));
        assertEquals("fromenv", s.string("password"));
        assertTrue(s.isSet("password"));
        assertFalse(s.isSet("duration"));
        assertEquals("x", of(Map.of("password", "x"), Map.of("PGPASSWORD", "fromenv")).string("password"));
    }

    @Test
    void secretsAndPasswordsInsideUrlsAreMasked() {
        Settings s = of(Map.of("url", "jdbc:postgresql://bob:hunter2@db:5432/x?sslmode=require&password=hunter2"),
                Map.of("PGPASSWORD", "hunter2"));
        Map<String, String> m = s.masked();
        assertEquals("*****", m.get("password"));
        assertEquals("jdbc:postgresql://bob:*****@db:5432/x?sslmode=require&password=*****", m.get("url"));
        assertFalse(m.toString().contains("hunter2"));
        assertEquals("http://db:8086/write?db=x&TOKEN=*****", Settings.maskEmbedded("http://db:8086/write?db=x&TOKEN=abc"));
    }

    @Test
    void unknownOptionAndBadValuesNameTheOption() {
        assertEquals("unknown option 'wokers'", assertThrows(UsageException.class,
                () -> of(Map.of("wokers", "2"), Map.of())).getMessage());
        assertEquals("invalid value 'lots' for --workers: expected an integer from 1 to 100",
                assertThrows(UsageException.class, () -> of(Map.of("workers", "lots"), Map.of()).intValue("workers", 1, 100)).getMessage());
        assertEquals("invalid value '*****' for --password: expected something else",
                of(Map.of("password", "hunter2"), Map.of()).bad("password", "hunter2", "something else").getMessage());
    }

    @Test
    void durationsAndTimes() {
        assertEquals(Duration.ofSeconds(90), of(Map.of("duration", "90s"), Map.of()).duration("duration").orElseThrow());
        assertEquals(Duration.ofMinutes(5), of(Map.of("duration", "5m"), Map.of()).duration("duration").orElseThrow());
        assertEquals(Duration.ofMillis(250), of(Map.of("duration", "250ms"), Map.of()).duration("duration").orElseThrow());
        assertEquals(Duration.ofHours(1), of(Map.of("duration", "PT1H"), Map.of()).duration("duration").orElseThrow());
        assertTrue(of(Map.of(), Map.of()).duration("duration").isEmpty());
        assertThrows(UsageException.class, () -> of(Map.of("duration", "0s"), Map.of()).duration("duration"));
        assertThrows(UsageException.class, () -> of(Map.of("duration", "soon"), Map.of()).duration("duration"));
        assertEquals(Instant.parse("2022-04-18T09:00:00Z"), of(Map.of(), Map.of()).instant("ts"));
        assertEquals(Instant.parse("2022-04-18T01:00:00Z"), of(Map.of("ts", "2022-04-18T09:00:00+08:00"), Map.of()).instant("ts"));
        assertEquals(Instant.ofEpochSecond(1650272400), of(Map.of("ts", "1650272400"), Map.of()).instant("ts"));
    }
}
