package io.dbharness.yugabyte;

import io.dbharness.core.api.TargetException;
import io.dbharness.core.api.UsageException;
import io.dbharness.core.config.OptionDef;
import io.dbharness.core.config.RunOptions;
import io.dbharness.core.config.Settings;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * A URL parameter outside the YugabyteDB driver's declared choices is a usage error found before connecting
 * (port 1 is closed: reaching it would be "unreachable", exit 3).
 */
class YugabyteUrlChoicesTest {

    private static void open(String url) throws TargetException {
        YugabyteTargetProvider p = new YugabyteTargetProvider();
        List<OptionDef> defs = new ArrayList<>(p.options());
        defs.addAll(RunOptions.OPTIONS);
        p.open(Settings.resolve(defs, Map.of("url", url), Map.of())).close();
    }

    @Test
    void theYugabyteDriversChoicesAreChecked() {
        assertEquals("invalid value 'bogus' for sslmode in --url: expected disable|allow|prefer|require|verify-ca|verify-full",
                assertThrows(UsageException.class, () -> open("jdbc:yugabytedb://127.0.0.1:1/yugabyte?load-balance=true&sslmode=bogus"))
                        .getMessage());
        assertEquals("invalid value 'fast' for preferQueryMode in --url: expected extended|extendedForPrepared|extendedCacheEverything|simple",
                assertThrows(UsageException.class, () -> open("jdbc:postgresql://127.0.0.1:1/yugabyte?preferQueryMode=fast"))
                        .getMessage());
    }

    @Test
    void valuesWithinTheChoicesGoOnToConnect() {
        TargetException e = assertThrows(TargetException.class,
                () -> open("jdbc:yugabytedb://127.0.0.1:1/yugabyte?sslmode=disable&load-balance=true"));
        assertEquals(TargetException.Kind.UNREACHABLE, e.kind());
    }
}
