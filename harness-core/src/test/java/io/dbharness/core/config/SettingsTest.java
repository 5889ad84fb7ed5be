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
            OptionDef.of("workers", "N", "2", "how many"),
            OptionDef.of("tags", "N", "10", "int up to Integer.MAX_VALUE"),
            OptionDef.of("errors", "N", "0", "long up to Long.MAX_VALUE"),
            OptionDef.of("token", "T", null, "api token").withEnv("TOKEN_VAR").asSecret());

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
        assertEquals("http://db:8086/write?db=x&TOKEN=*****", Secrets.maskEmbedded("http://db:8086/write?db=x&TOKEN=abc"));
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

    private static Duration duration(String raw) {
        return of(Map.of("duration", raw), Map.of()).duration("duration").orElseThrow();
    }

    private static String durationError(String raw) {
        return assertThrows(UsageException.class, () -> duration(raw)).getMessage();
    }

    @Test
    void durationSyntaxDaysAndOverflow() {
        assertEquals(Duration.ofMillis(1500), duration("1.5s"));
        assertEquals(Duration.ofSeconds(2), duration("2"));
        assertEquals(Duration.ofMillis(2500), duration("2.5"));
        assertEquals(Duration.ofMinutes(1), duration("PT1M"));
        assertEquals(Duration.ofMinutes(90), duration("1.5h"));
        assertEquals(Duration.ofDays(2), duration("2d"));
        assertEquals(Duration.ofDays(1), duration("P1D"));
        assertEquals(Duration.ofDays(365), duration("365d"));
        assertEquals(Duration.ofDays(365), duration("8760h"));
        assertEquals(Duration.ofMillis(1), duration("1ms"));
        // the range check, not an ArithmeticException, answers a huge value
        assertEquals("invalid value '99999999999h' for --duration: expected a duration from 1ms to 365d", durationError("99999999999h"));
        assertEquals("invalid value '366d' for --duration: expected a duration from 1ms to 365d", durationError("366d"));
        assertEquals("invalid value '8761h' for --duration: expected a duration from 1ms to 365d", durationError("8761h"));
        assertEquals("invalid value '99999999999999999999999999ms' for --duration: expected a duration from 1ms to 365d",
                durationError("99999999999999999999999999ms"));
        assertEquals("invalid value 'PT9000H' for --duration: expected a duration from 1ms to 365d", durationError("PT9000H"));
        assertEquals("invalid value '0s' for --duration: expected a duration from 1ms to 365d", durationError("0s"));
        assertEquals("invalid value '0.0001s' for --duration: expected a duration from 1ms to 365d", durationError("0.0001s"));
        for (String bad : new String[] {"-5s", "1e3s", "5 minutes", "PT99999999999999999999H", "P", "s", "1w"}) {
            assertTrue(durationError(bad).endsWith("expected a duration such as 250ms, 30s, 5m, 1h or 2d"), bad + ": " + durationError(bad));
        }
    }

    @Test
    void rangeTextNamesTheRealUpperBound() {
        assertEquals("invalid value '99999999999' for --tags: expected an integer from 1 to 2147483647",
                assertThrows(UsageException.class, () -> of(Map.of("tags", "99999999999"), Map.of())
                        .intValue("tags", 1, Integer.MAX_VALUE)).getMessage());
        assertEquals("invalid value '0' for --tags: expected an integer from 1 to 2147483647",
                assertThrows(UsageException.class, () -> of(Map.of("tags", "0"), Map.of())
                        .intValue("tags", 1, Integer.MAX_VALUE)).getMessage());
        assertEquals(Integer.MAX_VALUE, of(Map.of("tags", "2147483647"), Map.of()).intValue("tags", 1, Integer.MAX_VALUE));
        assertEquals("invalid value '-1' for --errors: expected an integer >= 0",
                assertThrows(UsageException.class, () -> of(Map.of("errors", "-1"), Map.of())
                        .longValue("errors", 0, Long.MAX_VALUE)).getMessage());
        assertEquals("invalid value '99999999999999999999' for --errors: expected an integer >= 0",
                assertThrows(UsageException.class, () -> of(Map.of("errors", "99999999999999999999"), Map.of())
                        .longValue("errors", 0, Long.MAX_VALUE)).getMessage());
    }

    @Test
    void passwordsHoldingAtSlashOrEqualsAreMaskedWhole() {
        assertEquals("jdbc:postgresql://bob:*****@db:5432/x", Secrets.maskEmbedded("jdbc:postgresql://bob:p@ss@db:5432/x"));
        assertEquals("jdbc:postgresql://bob:*****@db:5432/x", Secrets.maskEmbedded("jdbc:postgresql://bob:pa/ss@db:5432/x"));
        assertEquals("http://bob:*****@db:1/x?a=1", Secrets.maskEmbedded("http://bob:p=w@d@db:1/x?a=1"));
        assertEquals("http://bob:*****@db:1/?email=a@b.c", Secrets.maskEmbedded("http://bob:s3cr@t@db:1/?email=a@b.c"));
        assertEquals("https://*****@db:1/x", Secrets.maskEmbedded("https://t0ken@db:1/x"));
        assertEquals("http://db:1/?email=a@b.c", Secrets.maskEmbedded("http://db:1/?email=a@b.c"));
        // a lone userinfo may be a token: masked (a user name masked is harmless); a URL without userinfo stays
        assertEquals("jdbc:yugabytedb://*****@db:5433/x", Secrets.maskEmbedded("jdbc:yugabytedb://yugabyte@db:5433/x"));
        assertEquals("http://localhost:8086", Secrets.maskEmbedded("http://localhost:8086"));
        assertEquals("jdbc:postgresql://db:5432/x?ApplicationName=app", Secrets.maskEmbedded("jdbc:postgresql://db:5432/x?ApplicationName=app"));
    }

    @Test
    void aListOfUrlsIsMaskedUrlByUrl() {
        // --server-hosts: the first spec's host:port is no user:password running to the second's '@'
        assertEquals("http://127.0.0.1:19391/metrics,ssh://*****@127.0.0.1:22391",
                Secrets.maskEmbedded("http://127.0.0.1:19391/metrics,ssh://root@127.0.0.1:22391"));
        assertEquals("http://u:*****@db1:9100/metrics, ssh://bob:*****@db2",
                Secrets.maskEmbedded("http://u:pw@db1:9100/metrics, ssh://bob:pw@db2"));
    }

    @Test
    void secretParametersAreMaskedOnlyAtAParameterBoundary() {
        assertEquals("http://h:8086/?u=admin&p=*****", Secrets.maskEmbedded("http://h:8086/?u=admin&p=SECRET"));
        assertEquals("http://h:8086/query?P=*****&u=admin", Secrets.maskEmbedded("http://h:8086/query?P=SECRET&u=admin"));
        assertEquals("jdbc:postgresql://h/x?sslpassword=*****&sslmode=require",
                Secrets.maskEmbedded("jdbc:postgresql://h/x?sslpassword=k3y&sslmode=require"));
        assertEquals("jdbc:sqlserver://h;user=a;Password=*****;db=x", Secrets.maskEmbedded("jdbc:sqlserver://h;user=a;Password=pw;db=x"));
        for (String name : new String[] {"password", "passwd", "pwd", "token", "secret", "PassWord"}) {
            assertEquals("http://h/x?a=1&" + name + "=*****", Secrets.maskEmbedded("http://h/x?a=1&" + name + "=v4lue"), name);
        }
        // names that merely end like a secret one are left alone
        assertEquals("http://h/x?app=1&mypassword=2&ttoken=3", Secrets.maskEmbedded("http://h/x?app=1&mypassword=2&ttoken=3"));
    }

    @Test
    void badNeverEchoesASecretWhateverTheOption() {
        Settings s = of(Map.of(), Map.of());
        String msg = s.bad("url", "jdbc:postgresql://bob:p@ss@db:5432/x?password=hunter2", "something").getMessage();
        assertEquals("invalid value 'jdbc:postgresql://bob:*****@db:5432/x?password=*****' for --url: expected something", msg);
        assertEquals("invalid value '*****' for --token: expected a token", s.bad("token", "abc", "a token").getMessage());
        Map<String, String> m = of(Map.of("url", "http://h:8086/?u=admin&p=SECRET"), Map.of()).masked();
        assertEquals("http://h:8086/?u=admin&p=*****", m.get("url"));
    }

    @Test
    void sourceSaysWhereTheValueCameFrom() {
        Settings s = of(Map.of("workers", "4"), Map.of("TOKEN_VAR", "t0ken", "PGPASSWORD", ""));
        assertEquals(Settings.Source.EXPLICIT, s.source("workers"));
        assertEquals(Settings.Source.ENVIRONMENT, s.source("token"));
        assertEquals(Settings.Source.DEFAULT, s.source("password")); // an empty variable counts as unset
        assertEquals(Settings.Source.DEFAULT, s.source("duration"));
        assertEquals(Settings.Source.EXPLICIT, of(Map.of("token", "x"), Map.of("TOKEN_VAR", "t0ken")).source("token"));
        assertThrows(IllegalArgumentException.class, () -> s.source("nope"));
    }
}
