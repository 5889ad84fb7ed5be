package io.dbharness.results.report;

import java.util.List;
import java.util.Locale;

/**
 * One chart as data: the page's script turns it into an ECharts option (report.js), so the page holds figures,
 * not drawing code. Serialised with Jackson into the page's data blob.
 *
 * @param id         unique in the page; the chart's element is {@code chart-<id>}
 * @param kind       what the chart shows ({@code throughput}, {@code latency}, {@code headline}, {@code scaling},
 *                   {@code rate}, {@code types}, {@code host}, {@code search}, {@code search-latency}); the element's
 *                   {@code data-chart}
 * @param y2         a second value axis on the right, null without one
 * @param categories the x axis's categories when {@code x.type} is {@code category}, else empty
 * @param note       a sentence under the chart saying what it shows, or null
 */
record ChartSpec(String id, String kind, String title, Axis x, Axis y, Axis y2, List<String> categories,
                 List<Series> series, String note) {

    ChartSpec {
        categories = categories == null ? List.of() : List.copyOf(categories);
        series = List.copyOf(series);
    }

    /**
     * @param type {@code value}, {@code category}, or {@code nines}: a log axis of 1/(1 - percentile) labelled as
     *             percentiles (50%, 90%, 99%, 99.9%...), as HdrHistogram's plots draw latency
     */
    record Axis(String name, String type) {
        static Axis value(String name) {
            return new Axis(name, "value");
        }

        static Axis category(String name) {
            return new Axis(name, "category");
        }
    }

    /**
     * One named series.
     *
     * @param type   {@code line}, {@code bar}, {@code points} (unjoined: a search's runs), {@code reference} (a
     *               dashed line for comparison, e.g. the offered rate), or {@code stacked} (a band of a stacked area:
     *               the server's wait profile)
     * @param yAxis  0 for the left axis, 1 for the right
     * @param points {@code [x, y]} each; on a category axis x is the category's index. Null where not known.
     * @param ci     {@code [low, high]} of the 95% confidence interval per point (drawn as whiskers), or null
     */
    record Series(String name, String type, int yAxis, List<Double[]> points, List<Double[]> ci) {
        Series {
            points = List.copyOf(points);
            ci = ci == null ? null : List.copyOf(ci);
        }

        static Series line(String name, List<Double[]> points) {
            return new Series(name, "line", 0, points, null);
        }
    }

    /** A point for the page: JSON has no NaN or infinity, so an unknown value is null (a gap). */
    static Double[] point(double... values) {
        Double[] out = new Double[values.length];
        for (int i = 0; i < values.length; i++) {
            out[i] = Double.isFinite(values[i]) ? values[i] : null;
        }
        return out;
    }

    /** A chart id from any text: lower case letters, digits and dashes. */
    static String slug(String s) {
        String t = s.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "-").replaceAll("^-|-$", "");
        return t.isEmpty() ? "x" : t;
    }
}
