package io.dbharness.mogdb;

import io.dbharness.core.api.TargetException;
import io.dbharness.core.api.UsageException;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * A URL parameter outside the openGauss driver's declared choices is a usage error found before connecting
 * (port 1 is closed: reaching it would be "unreachable", exit 3).
 */
class MogDbUrlChoicesTest {

    @Test
    void theOpenGaussDriversChoicesAreChecked() {
        assertEquals("invalid value 'bogus' for sslmode in --url: expected disable|allow|prefer|require|verify-ca|verify-full",
                assertThrows(UsageException.class, () -> MogDbTestSupport.open(Map.of(
                        "url", "jdbc:opengauss://127.0.0.1:1/postgres?sslmode=bogus"))).getMessage());
        // openGauss's own list, not pgjdbc's: it has no "primary"
        assertEquals("invalid value 'primary' for targetServerType in --url: expected any|master|slave|secondary|preferSlave|preferSecondary",
                assertThrows(UsageException.class, () -> MogDbTestSupport.open(Map.of(
                        "url", "jdbc:opengauss://127.0.0.1:1/postgres?targetServerType=primary"))).getMessage());
    }

    @Test
    void valuesWithinTheChoicesGoOnToConnect() {
        TargetException e = assertThrows(TargetException.class, () -> MogDbTestSupport.open(Map.of(
                "url", "jdbc:opengauss://127.0.0.1:1/postgres?sslmode=disable&autoReconnect=TRUE")));
        assertEquals(TargetException.Kind.UNREACHABLE, e.kind());
    }
}
