package io.dbharness.postgres;

import io.dbharness.core.dialect.StatementTexts;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

/**
 * The server telemetry's statements a product runs on a server of a given version, all in one text, for its golden
 * file (in this module's test-jar, for the family's products): each statement under {@code -- NAME}, or
 * {@code -- unavailable: why} where the product has none.
 */
public final class TelemetryGolden {

    /** Every statement the telemetry reads, in the order of the golden files. */
    public static final List<String> NAMES = java.util.stream.Stream.of(List.of("version", "waits"), PgTelemetry.COUNTERS,
            List.of("stored_bytes", "statements_installed", "statements", "idle_backends", "backends_left"))
            .flatMap(List::stream).toList();

    private TelemetryGolden() {
    }

    public static String render(StatementTexts dialect, int version) {
        StringBuilder b = new StringBuilder();
        for (String name : NAMES) {
            b.append("-- ").append(name).append('\n').append(PgTelemetry.statementFor(dialect, name, version)).append("\n\n");
        }
        return b.toString();
    }

    /** {@code golden} is a resource path; its text must equal what the dialect gives at {@code version}. */
    public static void assertGolden(String golden, StatementTexts dialect, int version) throws IOException {
        try (InputStream in = TelemetryGolden.class.getClassLoader().getResourceAsStream(golden)) {
            assertNotNull(in, golden);
            assertEquals(new String(in.readAllBytes(), StandardCharsets.UTF_8), render(dialect, version), golden);
        }
    }
}
