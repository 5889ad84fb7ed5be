package io.dbharness.core.engine;

import io.dbharness.core.api.UsageException;
import io.dbharness.core.config.RunOptions;
import io.dbharness.core.config.Settings;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * What a --server-hosts spec says of who logs in is never repeated by the engine's refusals (a password in one is
 * refused before, by the option: HostOptionsTest).
 */
class ServerHostSecretsTest {

    @Test
    void aSpecsUserIsMaskedInTheRefusal() {
        // harness-core's tests have no source on the class path: the spec is refused, and named without its user
        Settings s = Settings.resolve(RunOptions.OPTIONS,
                Map.of("server-hosts", "http://admin@db1:9100/metrics"), Map.of());
        UsageException e = assertThrows(UsageException.class, () -> ServerHosts.open(s));
        assertEquals("--server-hosts http://*****@db1:9100/metrics: no source for http:// on the class path"
                + " (module dbharness-hosts reads http, https and ssh)", e.getMessage());
    }
}
