package io.dbharness.matrixdb;

import io.dbharness.core.api.UsageException;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** {@code --mxgate-url} errors and the URL kept for messages and results never show a credential. */
class MxGateUrlTest {

    private static final String SECRET = "S3CRET-pw";

    private static String refusal(String raw) {
        String msg = assertThrows(UsageException.class, () -> MxGateUrl.parse(raw)).getMessage();
        assertFalse(msg.contains(SECRET), msg);
        return msg;
    }

    @Test
    void credentialsInTheUrlAreRefusedWithoutEchoingThem() {
        String expected = "--mxgate-url must not carry credentials: MatrixGate's HTTP source takes none; give http://HOST:PORT";
        assertEquals(expected, refusal("http://u:" + SECRET + "@h:1"));
        assertEquals(expected, refusal("https://u:" + SECRET + "@h:8086/"));
    }

    @Test
    void aBadUrlIsShownMasked() {
        assertEquals("invalid value 'ftp://h:1/?p=*****' for --mxgate-url: expected http://HOST:PORT (MatrixGate's HTTP port, 8086 by default)",
                refusal("ftp://h:1/?p=" + SECRET));
        // a password with '@' makes the authority unparsable: still masked whole
        assertEquals("invalid value 'http://u:*****@h:1' for --mxgate-url: expected http://HOST:PORT (MatrixGate's HTTP port, 8086 by default)",
                refusal("http://u:S3C@RET-pw@h:1"));
        assertEquals("invalid value 'http://u:*****@h 1' for --mxgate-url: expected http://HOST:PORT (MatrixGate's HTTP port, 8086 by default)",
                refusal("http://u:" + SECRET + "@h 1"));
    }

    @Test
    void theTextKeptForMessagesIsMasked() {
        MxGateUrl url = MxGateUrl.parse("http://h:8086/?password=" + SECRET);
        assertEquals("http://h:8086/?password=*****", url.text());
        assertEquals("h", url.host());
        assertEquals(8086, url.port());
        assertEquals("http://127.0.0.1:8086", MxGateUrl.parse(" http://127.0.0.1:8086 ").text());
    }
}
