package io.dbharness.influx;

import io.dbharness.core.api.UsageException;
import io.dbharness.core.config.Settings;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code --influx-url} is validated before anything connects, and its errors never show a credential. */
class InfluxConfigTest {

    private static final String SECRET = "S3CRET-pw";

    private static InfluxConfig config(String url) {
        InfluxTargetProvider p = new InfluxTargetProvider();
        return InfluxConfig.from(Settings.resolve(p.options(), Map.of("influx-url", url), Map.of()));
    }

    private static String refusal(String url) {
        String msg = assertThrows(UsageException.class, () -> config(url)).getMessage();
        assertFalse(msg.contains(SECRET), msg);
        assertFalse(msg.contains("\n"), msg);
        return msg;
    }

    @Test
    void credentialsInTheQueryAreRefusedLikeUserinfo() {
        String expected = "--influx-url must not carry credentials; use --username with INFLUX_PASSWORD (v1), or INFLUX_TOKEN (v2)";
        assertEquals(expected, refusal("http://h:8086/?u=admin&p=" + SECRET));
        assertEquals(expected, refusal("http://h:8086?p=" + SECRET));
        assertEquals(expected, refusal("http://h:8086/query?U=admin&P=" + SECRET));
        assertEquals(expected, refusal("http://h:8086/?token=" + SECRET));
        assertEquals(expected, refusal("http://admin:" + SECRET + "@h:8086"));
    }

    @Test
    void aBadUrlIsShownMasked() {
        assertEquals("invalid value 'htp://h:8086/?u=admin&p=*****' for --influx-url: expected http://HOST:PORT or https://HOST:PORT",
                refusal("htp://h:8086/?u=admin&p=" + SECRET));
        assertEquals("invalid value 'http://admin:*****@h:8086/x y' for --influx-url: expected http://HOST:PORT or https://HOST:PORT",
                refusal("http://admin:" + SECRET + "@h:8086/x y"));
        String msg = refusal("http://admin:" + SECRET.substring(0, 3) + "@" + SECRET.substring(3) + "@h:8086");
        assertTrue(msg.startsWith("invalid value 'http://admin:*****@h:8086' for --influx-url"), msg);
    }

    @Test
    void anyOtherQueryIsRefusedToo() {
        // the harness builds /ping, /write?db=... itself
        assertEquals("invalid value 'http://h:8086/?db=x' for --influx-url: expected http://HOST:PORT or https://HOST:PORT without a query",
                refusal("http://h:8086/?db=x"));
    }

    @Test
    void aPlainUrlAndAPathPrefixAreFine() {
        assertEquals("http://h:8086", config("http://h:8086/").endpoint());
        assertEquals("https://h/influx", config("https://h/influx").endpoint());
    }
}
