package io.dbharness.tck;

import io.dbharness.core.api.MetricCatalogue;
import io.dbharness.core.api.MetricDescriptor;
import io.dbharness.core.api.MetricDescriptor.Kind;
import io.dbharness.core.result.ServerUsage;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * A telemetry's figures are declared: every counter and gauge a real run reported has a line in the target's
 * catalogue, and the result carries that line, so that reports render and classify it (a figure added to the
 * telemetry without its declaration would be shown by its bare name, of no category).
 */
public final class DeclaredMetrics {

    private DeclaredMetrics() {
    }

    /** Fails naming each counter or gauge of {@code s} that {@code catalogue} does not declare, or that the result describes otherwise. */
    public static void assertDeclared(ServerUsage s, MetricCatalogue catalogue) {
        List<String> wrong = new ArrayList<>();
        check(s, catalogue, s.counters().keySet(), Kind.COUNTER, wrong);
        check(s, catalogue, s.gauges().keySet(), Kind.GAUGE, wrong);
        assertEquals(List.of(), wrong, "figures not declared in the target's catalogue, or not carried as declared");
    }

    private static void check(ServerUsage s, MetricCatalogue catalogue, Iterable<String> names, Kind kind, List<String> wrong) {
        for (String name : names) {
            MetricDescriptor declared = catalogue.find(name, kind).orElse(null);
            if (declared == null) {
                wrong.add(kind + " " + name + ": not declared");
            } else if (!declared.equals(s.metric(name, kind))) {
                wrong.add(kind + " " + name + ": carried as " + s.metric(name, kind));
            }
        }
    }
}
