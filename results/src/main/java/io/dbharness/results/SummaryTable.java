package io.dbharness.results;

import io.dbharness.core.api.TargetInfo;
import io.dbharness.core.api.Verification;
import io.dbharness.core.api.WorkloadFacts;
import io.dbharness.core.measure.HostUsage;
import io.dbharness.core.result.ErrorSummary;
import io.dbharness.core.result.GroupResult;
import io.dbharness.core.result.MetricsPush;
import io.dbharness.core.result.OperationStats;
import io.dbharness.core.result.Outcome;
import io.dbharness.core.result.Pacing;
import io.dbharness.core.result.RunResult;
import io.dbharness.core.result.StopReason;
import io.dbharness.core.result.Totals;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The end-of-run summary as a fixed-width box (after mxbench's), followed by errors by class when there were any.
 * Column widths come from the content, so nothing is cut or misaligned whatever the numbers.
 */
public final class SummaryTable {

    /** Longest value shown in the box; full error messages are listed under it. */
    private static final int MAX_VALUE = 100;
    /** A message longer than this many lines is cut: the result file has it whole. */
    private static final int MAX_LINES = 6;

    private static final DateTimeFormatter TIME =
            DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss 'UTC'", Locale.ROOT).withZone(ZoneOffset.UTC);

    private record Row(String label, String value) {
    }

    private SummaryTable() {
    }

    public static String render(RunResult r) {
        List<Row> rows = rows(r);
        String title = title(r);
        int left = rows.stream().mapToInt(x -> width(x.label())).max().orElse(0);
        int right = rows.stream().mapToInt(x -> width(x.value())).max().orElse(0);
        // the title spans both columns and the divider; widen the value column if it would not fit
        right = Math.max(right, width(title) - left - 3);

        StringBuilder b = new StringBuilder(1024);
        b.append('┌').append(rule(left + right + 5)).append("┐\n");
        b.append("│ ").append(pad(title, left + right + 3)).append(" │\n");
        b.append('├').append(rule(left + 2)).append('┬').append(rule(right + 2)).append("┤\n");
        for (Row row : rows) {
            b.append("│ ").append(pad(row.label(), left)).append(" │ ").append(pad(row.value(), right)).append(" │\n");
        }
        b.append('└').append(rule(left + 2)).append('┴').append(rule(right + 2)).append("┘\n");
        appendQueries(b, r);
        appendTypes(b, r);
        appendErrors(b, r.errors(), r.groups() != null && r.groups().size() > 1);
        return b.toString();
    }

    /**
     * The measured time; when start to stop spans much more (a warm-up, shards starting apart, the grace at the
     * end), it says the two differ, so "stop - start" is not read as the duration the rates are over.
     */
    private static String measuredWindow(RunResult r) {
        double measured = r.totals().durationSeconds();
        String d = duration(measured);
        if (r.start() == null || r.end() == null) {
            return d;
        }
        double span = java.time.Duration.between(r.start(), r.end()).toNanos() / 1e9;
        return span - measured > Math.max(1.0, 0.1 * span) ? d + " measured (of " + duration(span)
                + " from start to stop; the rates are over the measured time)" : d;
    }

    private static String title(RunResult r) {
        String t = "dbharness " + r.workload() + " → " + r.target();
        TargetInfo info = r.targetInfo();
        if (info != null) {
            String v = info.serverVersion();
            String what = info.product() + (v.isEmpty() || v.equals("n/a") ? "" : " " + v); // noop and file have none
            t += " (" + what + (info.endpoint().isEmpty() ? "" : ", " + info.endpoint()) + ")";
        }
        return Fmt.oneLine(t);
    }

    private static List<Row> rows(RunResult r) {
        var t = r.totals();
        List<Row> rows = new ArrayList<>();
        boolean named = r.groups() != null && r.groups().size() > 1;
        add(rows, "run id", r.runId());
        add(rows, "load", r.loadModel());
        add(rows, "start", time(r.start()));
        add(rows, "stop", time(r.end()));
        add(rows, "duration", measuredWindow(r));
        if (r.warmup() != null) {
            add(rows, "warm-up (not measured)", duration(r.warmup().durationSeconds()) + ", "
                    + Fmt.count(r.warmup().counts().operations()) + " operations, " + Fmt.count(r.warmup().counts().errors()) + " errors");
        }
        r.figures().forEach((name, value) -> add(rows, name, Fmt.oneDecimal(value)));
        WorkloadFacts.Loaded loaded = r.workloadFacts().loaded();
        if (loaded != null) {
            add(rows, "loaded before the run", Fmt.count(loaded.rows()) + " rows"
                    + (loaded.seconds().isEmpty() ? "" : String.format(Locale.ROOT, " in %.3f s", loaded.seconds().getAsDouble()))
                    + (r.failedPhase() == Outcome.Phase.PREPARE ? " (the preparation did not finish)" : ""));
        }
        boolean writes = t.counts().rows() > 0 || t.counts().skippedRows() > 0 || t.counts().failedRows() > 0 || t.counts().unknownRows() > 0 || t.counts().bytes() > 0;
        boolean opsOnly = r.operations().stream().anyMatch(o -> o.counts().rows() == 0 && o.counts().failedRows() == 0 && o.counts().unknownRows() == 0);
        // nothing ran (tpcc --load-only: the preparation was the job): no rates of zero to show
        boolean ranNothing = !writes && r.operations().isEmpty() && t.counts().operations() == 0;
        if (ranNothing) {
            add(rows, "operations", "0");
        } else if (writes || !opsOnly) {
            add(rows, "rows", Fmt.count(t.counts().rows()));
            add(rows, "points", Fmt.count(t.counts().points()));
            add(rows, "bytes written", Fmt.bytes(t.counts().bytes()));
            add(rows, "rows/s", Fmt.rate(t.rowsPerSecond()));
            add(rows, "points/s", Fmt.rate(t.pointsPerSecond()));
            add(rows, "MB/s", Fmt.oneDecimal(t.megabytesPerSecond()));
        }
        if (opsOnly || named) {
            add(rows, "operations", Fmt.count(t.counts().operations()));
            add(rows, "operations/s", Fmt.rate(t.operationsPerSecond()));
        }
        for (OperationStats op : r.operations()) {
            if (isQuery(op) || inTypeTable(r, op)) {
                continue; // in a table under the box
            }
            String type = named && !op.group().equals(op.type()) ? op.group() + " " + op.type() : op.type();
            WorkloadFacts.Freshness fresh = r.workloadFacts().freshness();
            boolean freshness = fresh != null && op.type().equals(WorkloadFacts.Freshness.TYPE);
            add(rows, type + (freshness ? "" : " latency") + " p50/p95/p99/max", op.counts().completed() == 0 ? "n/a: none completed"
                    : Fmt.millis(op.p50Millis()) + " / " + Fmt.millis(op.p95Millis()) + " / " + Fmt.millis(op.p99Millis())
                    + " / " + Fmt.millis(op.maxMillis()) + " ms" + (freshness ? freshnessNote(op, fresh) : ""));
            if (freshness) {
                add(rows, "full visibility", fullVisibility(fresh));
            }
        }
        double cpu = r.harnessCpuSeconds().orElse(0);
        if (cpu > 0) { // absent: unknown; 0: a result written before the harness measured it
            // the harness's own cost, so a client-bound run shows itself (an embedded server is not in it)
            // three decimals: the noop target's harness needs about 0.1 s per million rows
            // the result's own figures; computed the same way where it has none (no /proc: not Linux)
            java.util.OptionalDouble perMillionRows = r.resources() != null ? r.resources().harnessCpuSecondsPerMillionRows()
                    : HostUsage.perMillionRows(cpu, t.counts().rows());
            java.util.OptionalDouble perThousandOps = r.resources() != null ? r.resources().harnessCpuSecondsPerThousandOperations()
                    : HostUsage.perThousandOperations(cpu, t.counts().operations());
            String per = perMillionRows.isPresent() ? String.format(java.util.Locale.ROOT, "%.3f s per million rows", perMillionRows.getAsDouble())
                    : perThousandOps.isPresent() ? String.format(java.util.Locale.ROOT, "%.3f s per 1,000 operations", perThousandOps.getAsDouble())
                    : "";
            add(rows, "harness CPU", Fmt.oneDecimal(cpu) + " s" + (per.isEmpty() ? "" : " (" + per + ")"));
        }
        ResourceRows.addTo((label, value) -> add(rows, label, value), r);
        ServerHostRows.addTo((label, value) -> add(rows, label, value), r);
        ServerRows.addTo((label, value) -> add(rows, label, value), r);
        add(rows, "errors", Fmt.count(t.counts().errors()) + " (failed rows " + Fmt.count(t.counts().failedRows()) + ")");
        add(rows, "timeouts / retries / reconnects", Fmt.count(t.counts().timeouts()) + " / " + Fmt.count(t.counts().retries()) + " / "
                + Fmt.count(t.counts().reconnects()));
        if (t.counts().cutOff() > 0) {
            add(rows, "cut off at the end", Fmt.count(t.counts().cutOff()) + " operations in flight when the run ended were"
                    + " cancelled (not errors; their rows are counted below as failed or of unknown fate)");
        }
        if (t.counts().settled() > 0) {
            add(rows, "lost commits settled", Fmt.count(t.counts().settled()) + " (an answer lost with the connection; the"
                    + " target said whether it committed)");
        }
        if (t.counts().unknownRows() > 0) {
            add(rows, "rows of unknown fate", Fmt.count(t.counts().unknownRows())
                    + " (a write timed out or lost its connection after it was sent; --verify tells how many landed)");
        }
        if (t.counts().rolledBack() > 0) {
            add(rows, "rolled back (expected)", Fmt.count(t.counts().rolledBack()));
        }
        if (t.counts().skippedRows() > 0) {
            // why the rows are fewer than another target's for the same flags, and what compares them
            add(rows, "skipped rows", Fmt.count(t.counts().skippedRows()) + " (not stored, by design: e.g. line protocol has no line for"
                    + " a row whose every value is empty; compare targets by points/s, equal for the same flags)");
        }
        if (!ranNothing && (writes || !opsOnly)) {
            add(rows, "compression", compression(r));
        }
        // what the workload asks to be shown (TPC-C's skipped deliveries, the tables --destroy dropped)
        r.workloadFacts().notes().forEach((label, v) -> add(rows, label, v));
        if (r.verification() != null) {
            add(rows, "verification", verification(r.verification()));
        }
        if (r.groups() != null) {
            for (GroupResult g : r.groups()) {
                if (g.pacing() != null) {
                    add(rows, named ? g.name() + " pacing (open model)" : "pacing (open model)",
                            r.stopReason() == StopReason.ABORTED ? "n/a: the run aborted"
                                    // nothing was due in the time given: keeping up with nothing says nothing
                                    : g.totals().counts().operations() == 0 && g.totals().counts().cutOff() == 0
                                    ? "n/a: no operation fell due before the run ended" : pacing(g));
                }
            }
        }
        if (r.metricsPush() != null && r.metricsPush().hasTrouble()) { // all went well: nothing to say
            MetricsPush m = r.metricsPush();
            // points unsent with no push failed: the last push was cut short (a stop, or the end's wait ran out)
            add(rows, "metrics push", Fmt.count(m.failedPushes()) + " of " + Fmt.count(m.pushes()) + " pushes failed, "
                    + Fmt.count(m.unsentPoints()) + " points not sent (" + (m.failedPushes() == 0 && m.unsentPoints() > 0
                    ? "the last push had not ended when the harness did; " : "") + "the run itself is not affected)");
        }
        add(rows, "stopped", r.failure() == null ? r.stopReason().name() : r.stopReason() + ": " + r.failure());
        add(rows, "exit code", Integer.toString(r.exitCode()));
        return rows;
    }

    /** The samples, what they cost and their resolution: a sample overstates by up to one interval and one query. */
    private static String freshnessNote(OperationStats op, WorkloadFacts.Freshness f) {
        String timeouts = op.counts().timeouts() > 0 ? ", " + Fmt.count(op.counts().timeouts()) + " not visible within --op-timeout" : "";
        return " (" + Fmt.count(op.counts().completed()) + " samples" + timeouts + "; resolution: probe every "
                + (f.probeIntervalMillis() == Math.rint(f.probeIntervalMillis()) ? Fmt.count((long) f.probeIntervalMillis())
                : Fmt.millis(f.probeIntervalMillis())) + " ms + its query, "
                + (f.probeQueryMeanMillis().isPresent() ? Fmt.millis(f.probeQueryMeanMillis().getAsDouble()) + " ms mean, " : "")
                + Fmt.count(f.probeQueries()) + " queries)";
    }

    /** From the last acknowledged write until the target showed every acknowledged row, or why it is not known. */
    private static String fullVisibility(WorkloadFacts.Freshness f) {
        String hidden = f.rowsNotVisibleAtEnd().isPresent() ? " (" + Fmt.count(f.rowsNotVisibleAtEnd().getAsLong()) + " of "
                + Fmt.count(f.acknowledgedRows()) + " acknowledged rows not visible at the first count)" : "";
        if (f.fullVisibilitySeconds().isPresent()) {
            return String.format(Locale.ROOT, "%.3f s after the last write%s", f.fullVisibilitySeconds().getAsDouble(), hidden);
        }
        return (f.missing() == null ? "not measured" : f.missing()) + hidden;
    }

    /**
     * Operations of a group that runs several kinds of them with no rows (TPC-C's five transactions) get a
     * table of their own, like the queries.
     */
    private static boolean inTypeTable(RunResult r, OperationStats op) {
        return !isQuery(op) && op.counts().rows() == 0 && r.operations().stream()
                .filter(o -> o.group().equals(op.group()) && o.counts().rows() == 0).count() > 1;
    }

    /** One line per operation type: count, rate, latency percentiles, expected rollbacks, retries, errors. */
    private static void appendTypes(StringBuilder b, RunResult r) {
        List<OperationStats> types = r.operations().stream().filter(o -> inTypeTable(r, o)).toList();
        if (types.isEmpty()) {
            return;
        }
        double secs = r.totals().durationSeconds();
        List<String[]> lines = new ArrayList<>();
        lines.add(new String[] {"operation", "count", "per s", "p50 ms", "p90 ms", "p95 ms", "p99 ms", "max ms",
                "rolled back", "retries", "errors"});
        for (OperationStats o : types) {
            boolean any = o.counts().completed() > 0;
            lines.add(new String[] {o.type(), Fmt.count(o.counts().completed()), secs > 0.001 ? Fmt.oneDecimal(o.counts().completed() / secs) : "n/a",
                    any ? Fmt.millis(o.p50Millis()) : "-", any ? Fmt.millis(o.p90Millis()) : "-", any ? Fmt.millis(o.p95Millis()) : "-",
                    any ? Fmt.millis(o.p99Millis()) : "-", any ? Fmt.millis(o.maxMillis()) : "-", Fmt.count(o.counts().rolledBack()),
                    Fmt.count(o.counts().retries()), Fmt.count(o.counts().errors())});
        }
        appendTable(b, lines);
    }

    private static boolean isQuery(OperationStats op) {
        return "query".equals(op.group());
    }

    /**
     * One line per query type, as influxdb-comparisons prints them: count, queries per second, latency
     * percentiles, rows returned, errors, timeouts. In iot-mixed a query under ingest and the same query with
     * the ingest idle ({@code @idle}) sit next to each other, each rate over its own phase.
     */
    private static void appendQueries(StringBuilder b, RunResult r) {
        List<OperationStats> queries = r.operations().stream().filter(SummaryTable::isQuery).toList();
        if (queries.isEmpty()) {
            return;
        }
        double total = r.totals().durationSeconds();
        // iot-mixed: the queries under ingest ran while the insert group worked, the @idle ones after it
        double ingest = r.groups() == null ? total : r.groups().stream().filter(g -> g.name().equals("insert"))
                .mapToDouble(g -> g.totals().durationSeconds()).findFirst().orElse(total);
        List<OperationStats> sorted = new ArrayList<>(queries);
        sorted.sort(java.util.Comparator.comparing((OperationStats q) -> q.type().replaceFirst("@idle$", ""))
                .thenComparing(q -> q.type().endsWith("@idle")));
        List<String[]> lines = new ArrayList<>();
        lines.add(new String[] {"query", "count", "qps", "p50 ms", "p90 ms", "p95 ms", "p99 ms", "max ms", "rows", "errors", "timeouts"});
        for (OperationStats q : sorted) {
            double secs = q.type().endsWith("@idle") ? total - ingest : ingest;
            boolean any = q.counts().completed() > 0;
            lines.add(new String[] {q.type(), Fmt.count(q.counts().completed()), secs > 0.001 ? Fmt.oneDecimal(q.counts().completed() / secs) : "n/a",
                    any ? Fmt.millis(q.p50Millis()) : "-", any ? Fmt.millis(q.p90Millis()) : "-", any ? Fmt.millis(q.p95Millis()) : "-",
                    any ? Fmt.millis(q.p99Millis()) : "-", any ? Fmt.millis(q.maxMillis()) : "-", Fmt.count(q.returnedRows()),
                    Fmt.count(q.counts().errors()), Fmt.count(q.counts().timeouts())});
        }
        appendTable(b, lines);
    }

    /** Columns as wide as their widest cell; the first left-aligned, the others right-aligned. */
    private static void appendTable(StringBuilder b, List<String[]> lines) {
        int[] w = new int[lines.get(0).length];
        for (String[] l : lines) {
            for (int i = 0; i < l.length; i++) {
                w[i] = Math.max(w[i], width(l[i]));
            }
        }
        for (String[] l : lines) {
            StringBuilder line = new StringBuilder();
            for (int i = 0; i < l.length; i++) {
                String cell = i == 0 ? pad(l[i], w[i]) : " ".repeat(w[i] - width(l[i])) + l[i];
                line.append(i == 0 ? "" : "  ").append(cell);
            }
            b.append(line.toString().stripTrailing()).append('\n');
        }
    }

    /** A long value (an error message, a verification) goes on as many lines as it needs, broken between words. */
    private static void add(List<Row> rows, String label, String value) {
        List<String> lines = Fmt.wrap(Fmt.cap(Fmt.oneLine(String.valueOf(value)), MAX_VALUE * MAX_LINES), MAX_VALUE);
        for (int i = 0; i < lines.size(); i++) {
            rows.add(new Row(i == 0 ? label : "", lines.get(i)));
        }
    }

    private static String time(Instant i) {
        return i == null ? "n/a" : TIME.format(i);
    }

    private static String duration(double s) {
        String secs = Fmt.oneDecimal(s) + " s";
        return s >= 60 ? secs + " (" + Fmt.shortDuration(s) + ")" : secs;
    }

    private static String compression(RunResult r) {
        long stored = r.storedBytes().orElse(0);
        if (r.compressionRatio().isEmpty() && io.dbharness.core.api.Shard.split(r.shard()) && stored > 0) {
            return "n/a for one shard: the " + Fmt.bytes(stored) + " stored hold every shard's rows ('runner merge'"
                    + " gives the ratio)";
        }
        if (r.compressionRatio().isEmpty()) {
            return "n/a";
        }
        return String.format(Locale.ROOT, "%.1fx (%s written : %s stored)", r.compressionRatio().getAsDouble(),
                Fmt.bytes(r.totals().counts().bytes()), Fmt.bytes(stored));
    }

    private static String verification(Verification v) {
        if (v.message() != null && !v.message().isBlank()) {
            return v.status() + ": " + v.message();
        }
        if (v.expected() >= 0 || v.actual() >= 0) {
            return v.status() + ": expected " + Fmt.count(v.expected()) + ", found " + Fmt.count(v.actual());
        }
        return v.status();
    }

    /**
     * {@link #pacing(Pacing)}, and when a group that kept up sent 1% or more less than was offered, by no more than
     * a batch per worker, says why: a batch goes whole when its last row falls due, and one not started by the end
     * (due after it, or due just before it while the worker was a little behind) is not sent: in a run of 1.5 s
     * with batches of a tenth of a second, 7% of the rate.
     */
    static String pacing(GroupResult g) {
        Pacing p = g.pacing();
        String said = pacing(p);
        Totals t = g.totals();
        long ops = t.counts().operations();
        if (!p.keptUp() || ops == 0 || t.durationSeconds() <= 0) {
            return said;
        }
        boolean rows = "rows/s".equals(p.unit());
        double sent = rows ? t.rowsPerSecond() : t.operationsPerSecond();
        double perOp = rows ? (double) t.counts().rows() / ops : 1;
        double missing = (p.targetPerSecond() - sent) * t.durationSeconds();
        if (sent >= 0.99 * p.targetPerSecond() || missing > g.workers() * perOp) {
            return said;
        }
        long less = Math.round(100 * (1 - sent / p.targetPerSecond()));
        return said + "; sent " + less + "% less, in whole " + (rows ? "batches (" + Fmt.count(Math.round(perOp))
                + " rows): a batch goes when its last row is due, and one not started by the end is not sent"
                : "operations: one not started by the end is not sent");
    }

    /**
     * {@code kept up with 500 rows/s offered (max lag 0.2 s)}; {@code caught up with ... (fell behind by at most
     * 3.1 s)}; {@code fell behind by 12.3 s (at most 15.3 s) with ... offered}.
     */
    static String pacing(Pacing p) {
        String offered = Fmt.rate(p.targetPerSecond()) + " " + p.unit() + " offered";
        if (!p.keptUp()) {
            return "fell behind by " + Fmt.lag(p.finalLagSeconds()) + " (at most " + Fmt.lag(p.maxLagSeconds()) + ") with "
                    + offered;
        }
        return p.maxLagSeconds() > 1.0
                ? "caught up with " + offered + " (fell behind by at most " + Fmt.lag(p.maxLagSeconds()) + ")"
                : "kept up with " + offered + " (max lag " + Fmt.lag(p.maxLagSeconds()) + ")";
    }

    /** Errors by class as an aligned list, full messages on one line each. */
    private static void appendErrors(StringBuilder b, List<ErrorSummary> errors, boolean named) {
        if (errors == null || errors.isEmpty()) {
            return;
        }
        String[][] cells = new String[errors.size() + 1][];
        cells[0] = new String[] {"OPERATION", "KIND", "CODE", "COUNT", "FIRST MESSAGE"};
        for (int i = 0; i < errors.size(); i++) {
            ErrorSummary e = errors.get(i);
            String op = e.type() == null ? "-" : named ? e.group() + " " + e.type() : e.type();
            cells[i + 1] = new String[] {op, String.valueOf(e.kind()), e.vendorCode() == null || e.vendorCode().isEmpty()
                    ? "-" : e.vendorCode(), Fmt.count(e.count()), Fmt.oneLine(e.firstMessage())};
        }
        int[] w = new int[4];
        for (String[] row : cells) {
            for (int c = 0; c < 4; c++) {
                w[c] = Math.max(w[c], width(row[c]));
            }
        }
        b.append("errors by class:\n");
        for (String[] row : cells) {
            b.append("  ").append(pad(row[0], w[0])).append("  ").append(pad(row[1], w[1])).append("  ")
                    .append(pad(row[2], w[2])).append("  ").append(" ".repeat(w[3] - width(row[3]))).append(row[3])
                    .append("  ").append(row[4]).append('\n');
        }
    }

    /** Width in code points, so a supplementary character is not counted twice. */
    private static int width(String s) {
        return s.codePointCount(0, s.length());
    }

    private static String pad(String s, int w) {
        return s + " ".repeat(Math.max(0, w - width(s)));
    }

    private static String rule(int n) {
        return "─".repeat(n);
    }
}
