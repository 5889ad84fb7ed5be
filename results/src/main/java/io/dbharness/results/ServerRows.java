package io.dbharness.results;

import io.dbharness.core.api.TopStatement;
import io.dbharness.core.result.RunResult;
import io.dbharness.core.result.ServerUsage;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.BiConsumer;

/**
 * The summary's rows on the target server's own account of the run (server telemetry): where its time went, what
 * its counters grew by, the bytes stored per row and point, the top statement and what could not be had.
 */
public final class ServerRows {

    /** Waits below this share (percent) go into "other". */
    static final double SHOWN_SHARE = 5;
    /** At most this many waits by name; the rest are "other". */
    static final int SHOWN_WAITS = 3;
    /** The summary box's widest value. */
    static final int MAX_LINE = 100;

    private ServerRows() {
    }

    /** Adds nothing for a result without server telemetry. */
    static void addTo(BiConsumer<String, String> add, RunResult r) {
        ServerUsage s = r.serverUsage();
        if (s == null) {
            return;
        }
        String time = serverTime(s);
        if (time != null) {
            add.accept("server time", time);
        }
        String counters = counters(s);
        if (!counters.isEmpty()) {
            add.accept("server counters", counters);
        }
        String gaps = gaps(s);
        if (gaps != null) {
            add.accept("server telemetry", gaps);
        }
        String stored = stored(s);
        if (stored != null) {
            add.accept("stored", stored);
        }
        if (!s.statements().isEmpty()) {
            TopStatement top = s.statements().get(0);
            add.accept("top statement", Fmt.cap(Fmt.oneLine(top.text()), 60) + " (" + Fmt.millis(top.totalMillis())
                    + " ms in " + Fmt.count(top.calls()) + " calls)");
        }
        if (!s.unavailable().isEmpty()) {
            add.accept("server figures missing", Fmt.cap(String.join("; ", s.unavailable().entrySet().stream()
                    .map(e -> e.getKey() + ": " + Fmt.oneLine(e.getValue())).toList()), 300));
        }
    }

    /**
     * {@code 58% <wait>, 31% CPU, 8% <a label of several waits>, 3% other (<the telemetry's wait source>)}; null
     * when the server has no wait events.
     */
    public static String serverTime(ServerUsage s) {
        if (s.waitSource() == null) {
            return null;
        }
        // waits of one label as one (a product's kinds of lock; which one, is in the report): the line stays short
        Map<String, Double> shares = new java.util.LinkedHashMap<>();
        s.waitShares().forEach((k, v) -> shares.merge(ServerFigures.waitLabel(s, k), v, Double::sum));
        List<Map.Entry<String, Double>> order = new ArrayList<>(shares.entrySet());
        order.sort(Map.Entry.<String, Double>comparingByValue().reversed());
        if (shares.isEmpty()) {
            return "none of our sessions seen busy in " + Fmt.count(s.waitSamples()) + " looks (" + s.waitSource() + ")";
        }
        for (int named = SHOWN_WAITS; ; named--) { // fewer names until the line fits the summary's width
            String line = shares(order, named) + " (" + s.waitSource() + ")";
            if (line.length() <= MAX_LINE || named == 1) {
                return line;
            }
        }
    }

    /** The first {@code named} waits of at least {@link #SHOWN_SHARE}%, then the rest as "other". */
    private static String shares(List<Map.Entry<String, Double>> order, int named) {
        List<String> parts = new ArrayList<>();
        long shown = 0;
        for (Map.Entry<String, Double> e : order) {
            long pct = Math.round(e.getValue());
            if (parts.size() >= named || e.getValue() < SHOWN_SHARE) {
                break;
            }
            parts.add(pct + "% " + e.getKey());
            shown += pct;
        }
        if (parts.size() < order.size() && 100 - shown > 0) {
            parts.add((100 - shown) + "% other");
        }
        return String.join(", ", parts);
    }

    /** The counters the telemetry declared to show (commits, WAL...), those it has, then the points the server took in. */
    static String counters(ServerUsage s) {
        List<String> parts = new ArrayList<>();
        for (ServerFigures.Figure f : ServerFigures.counters(s)) {
            if (f.shown()) {
                parts.add(f.phrase());
            }
        }
        if (s.pointsWritten() >= 0) {
            parts.add(Fmt.count(Math.round(s.pointsWritten())) + " points taken in");
        }
        boolean partial = s.counters().keySet().stream().anyMatch(s.partial()::containsKey);
        return parts.isEmpty() ? "" : String.join(", ", parts) + (partial ? " (partial: see server telemetry)" : "");
    }

    /**
     * {@code lost at 1.2 s, back at 1.5 s; partial: <counters>, waits}: when the telemetry's session was
     * lost and what its figures miss; null when it never was.
     */
    static String gaps(ServerUsage s) {
        if (s.gaps().isEmpty()) {
            return null;
        }
        List<String> parts = new ArrayList<>();
        for (var g : s.gaps()) {
            parts.add(String.format(Locale.ROOT, "lost at %.1f s, %s", g.lostAtSeconds(),
                    g.closed() ? String.format(Locale.ROOT, "back at %.1f s", g.backAtSeconds()) : "not back by the end"));
        }
        String line = String.join("; ", parts);
        if (!s.partial().isEmpty()) {
            line += "; partial: " + String.join(", ", s.partial().keySet());
        }
        return Fmt.cap(line, 300);
    }

    /** {@code 61.9 bytes per row, 6.2 per point (7.4 MB of tables and indexes at the end)}; null when unknown. */
    static String stored(ServerUsage s) {
        if (s.bytesPerRow() < 0 && s.storedBytesEnd() < 0) {
            return null;
        }
        String end = Fmt.bytes(s.storedBytesEnd()) + " of tables and indexes at the end";
        if (s.bytesPerRow() < 0) {
            return end;
        }
        return String.format(Locale.ROOT, "%s bytes per row, %s per point (%s)", Fmt.oneDecimal(s.bytesPerRow()),
                s.bytesPerPoint() < 0 ? "n/a" : Fmt.oneDecimal(s.bytesPerPoint()), end);
    }
}
