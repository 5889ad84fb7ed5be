package io.dbharness.live;

import io.dbharness.core.api.UsageException;
import io.dbharness.core.encode.LinePrecision;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** --metrics-push: the two InfluxDB write APIs, their parameters, and credentials kept out of the URL. */
@Timeout(10)
class PushOptionsTest {

    @Test
    void aV1UrlKeepsItsParametersAndWritesInMillisecondsUnlessToldOtherwise() {
        PushOptions p = PushOptions.parse("http://127.0.0.1:8086/write?db=live&rp=week", "");
        assertEquals("http://127.0.0.1:8086/write?db=live&rp=week&precision=ms", p.writeUri().toString());
        assertEquals(LinePrecision.MS, p.precision());
        assertEquals(Optional.empty(), p.authorization());

        PushOptions s = PushOptions.parse("https://influx.example:8086/write?db=live&precision=s", "admin:pw");
        assertEquals("https://influx.example:8086/write?db=live&precision=s", s.writeUri().toString());
        assertEquals(LinePrecision.S, s.precision());
        assertEquals("Basic YWRtaW46cHc=", s.authorization().orElseThrow());
    }

    @Test
    void aV2UrlNeedsOrgBucketAndAToken() {
        PushOptions p = PushOptions.parse("http://h:8086/api/v2/write?org=acme&bucket=runs&precision=us", "t0k");
        assertEquals("http://h:8086/api/v2/write?org=acme&bucket=runs&precision=us", p.writeUri().toString());
        assertEquals("Token t0k", p.authorization().orElseThrow());
        UsageException noToken = assertThrows(UsageException.class,
                () -> PushOptions.parse("http://h:8086/api/v2/write?org=acme&bucket=runs", ""));
        assertTrue(noToken.getMessage().contains(PushOptions.TOKEN_ENV), noToken.getMessage());
        UsageException noBucket = assertThrows(UsageException.class,
                () -> PushOptions.parse("http://h:8086/api/v2/write?org=acme", "t0k"));
        assertEquals("--metrics-push http://h:8086/api/v2/write?org=acme: it names no bucket= (expected"
                + " http[s]://HOST:PORT/write?db=DB or http[s]://HOST:PORT/api/v2/write?org=O&bucket=B)", noBucket.getMessage());
    }

    @Test
    void badUrlsAreRefusedInOneLineAndCredentialsInTheUrlAreNeverRepeated() {
        for (String bad : new String[] {"h:8086", "http://h:8086/", "http://h:8086/query?db=x", "ftp://h/write?db=x",
                "http://h:8086/write", "http://h:8086/write?db=x&precision=h"}) {
            UsageException e = assertThrows(UsageException.class, () -> PushOptions.parse(bad, ""), bad);
            assertTrue(e.getMessage().startsWith("--metrics-push " + bad + ": "), e.getMessage());
            assertFalse(e.getMessage().contains("\n"), e.getMessage());
        }
        UsageException user = assertThrows(UsageException.class,
                () -> PushOptions.parse("http://admin:hunter2@h:8086/write?db=x", ""));
        assertFalse(user.getMessage().contains("hunter2"), user.getMessage());
        UsageException param = assertThrows(UsageException.class,
                () -> PushOptions.parse("http://h:8086/write?db=x&u=admin&p=hunter2", ""));
        assertFalse(param.getMessage().contains("hunter2"), param.getMessage());
        assertTrue(param.getMessage().endsWith("no credentials in the URL; give them in " + PushOptions.TOKEN_ENV),
                param.getMessage());
        // every name the masking knows is refused too, not only masked and accepted (found by a new user's trial)
        for (String named : new String[] {"password", "PASSWORD", "pwd", "secret", "token"}) {
            UsageException e = assertThrows(UsageException.class,
                    () -> PushOptions.parse("http://h:8086/write?db=x&" + named + "=hunter2", ""), named);
            assertFalse(e.getMessage().contains("hunter2"), e.getMessage());
            assertTrue(e.getMessage().endsWith("no credentials in the URL; give them in " + PushOptions.TOKEN_ENV),
                    e.getMessage());
        }
        // a fragment is refused, and not shown (it was echoed whole)
        UsageException fragment = assertThrows(UsageException.class,
                () -> PushOptions.parse("http://h:8086/write?db=x#p=hunter2", ""));
        assertFalse(fragment.getMessage().contains("hunter2"), fragment.getMessage());
        assertEquals("--metrics-push http://h:8086/write?db=x#*****: no #fragment: expected " + "http[s]://HOST:PORT/write"
                + "?db=DB or http[s]://HOST:PORT/api/v2/write?org=O&bucket=B", fragment.getMessage());
    }

    @Test
    void theCredentialsComeFromTheEnvironmentOnly() {
        assertEquals("Token t0k", PushOptions.of("http://h:8086/api/v2/write?org=o&bucket=b",
                java.util.Map.of(PushOptions.TOKEN_ENV, "t0k")).authorization().orElseThrow());
        assertEquals(Optional.empty(), PushOptions.of("http://h:8086/write?db=x", java.util.Map.of()).authorization());
        UsageException v1 = assertThrows(UsageException.class, () -> PushOptions.of("http://h:8086/write?db=x",
                java.util.Map.of(PushOptions.TOKEN_ENV, "no-colon")));
        assertEquals(PushOptions.TOKEN_ENV + ": a 1.x server takes USER:PASSWORD", v1.getMessage());
        assertTrue(LiveOptions.OPTIONS.stream().noneMatch(d -> d.name().contains("token")), "no option holds a secret");
    }
}
