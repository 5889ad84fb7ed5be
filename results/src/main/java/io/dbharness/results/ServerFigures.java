package io.dbharness.results;

import io.dbharness.core.api.MetricDescriptor;
import io.dbharness.core.api.MetricDescriptor.Kind;
import io.dbharness.core.api.MetricDescriptor.Show;
import io.dbharness.core.api.MetricDescriptor.Unit;
import io.dbharness.core.result.ServerUsage;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A server account's figures as their descriptors say to show them: the summary, the report's table and charts read
 * them from here, never by a product's names.
 */
public final class ServerFigures {

    private ServerFigures() {
    }

    /**
     * One shown figure: the counters of one label (a product's two kinds of one event) combined by the first one's
     * merge rule.
     *
     * @param label  the descriptors' label
     * @param names  the counters it combines
     * @param show   whether it is shown always or when not zero
     */
    public record Figure(String label, Unit unit, Show show, MetricDescriptor.Merge merge, List<String> names,
                         double value) {

        /** {@code 43 commits}, {@code 23.6 MB WAL}: the value in its unit, then the label. */
        public String phrase() {
            long n = Math.round(value);
            return switch (unit) {
                case BYTES -> Fmt.bytes(n) + " " + label;
                case MILLIS -> Fmt.millis(value) + " ms " + label;
                case SECONDS -> Fmt.oneDecimal(value) + " s " + label;
                case PERCENT -> Fmt.oneDecimal(value) + "% " + label;
                default -> Fmt.count(n) + " " + (n == 1 && label.endsWith("s") ? label.substring(0, label.length() - 1) : label);
            };
        }

        /** A table column's heading: the label, and the unit where the number alone does not say it. */
        public String heading() {
            return switch (unit) {
                case BYTES -> label + " bytes";
                case MILLIS -> label + " ms";
                case SECONDS -> label + " s";
                default -> label;
            };
        }

        /** Whether the summary shows it: always, or when it is not zero. */
        public boolean shown() {
            return show == Show.ALWAYS || Math.round(value) != 0;
        }
    }

    /** The counters the reporter said to show, one per label, in its declaration order. */
    public static List<Figure> counters(ServerUsage s) {
        Map<String, Figure> out = new LinkedHashMap<>();
        for (MetricDescriptor d : s.metrics()) {
            Double v = d.kind() == Kind.COUNTER && d.show() != Show.NO ? s.counters().get(d.name()) : null;
            if (v == null) {
                continue;
            }
            out.merge(d.label(), new Figure(d.label(), d.unit(), d.show(), d.merge(), List.of(d.name()), v), (a, b) -> {
                List<String> names = new ArrayList<>(a.names());
                names.addAll(b.names());
                return new Figure(a.label(), a.unit(), a.show(), a.merge(), names,
                        a.merge().combine(a.value(), a.names().size(), b.value()));
            });
        }
        return List.copyOf(out.values());
    }

    /** The label a wait is shown under in the summary (several waits may share one: a product's kinds of lock). */
    public static String waitLabel(ServerUsage s, String wait) {
        return s.metric(wait, Kind.WAIT).label();
    }

    /** Each wait's share (0-100) of the category's, largest first, for the waits of that category. */
    public static Map<String, Double> waitShares(ServerUsage s, MetricDescriptor.Category category) {
        Map<String, Double> out = new LinkedHashMap<>();
        s.waitShares().forEach((wait, share) -> {
            if (s.metric(wait, Kind.WAIT).category() == category) {
                out.put(wait, share);
            }
        });
        return out;
    }

}
