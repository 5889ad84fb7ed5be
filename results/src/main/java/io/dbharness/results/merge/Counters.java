package io.dbharness.results.merge;

import io.dbharness.core.api.Counts;
import io.dbharness.core.result.ErrorSummary;
import io.dbharness.core.result.GroupResult;
import io.dbharness.core.result.Pacing;
import io.dbharness.core.result.Totals;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/** Counters of several parts summed; rates are the sums over the merged window, never sums of rates. */
final class Counters {

    private Counters() {
    }

    /** Totals summed, over {@code seconds} of the union. */
    static Totals totals(List<Totals> parts, double seconds) {
        return Totals.of(parts.stream().map(Totals::counts).reduce(Counts.ZERO, Counts::plus), seconds);
    }

    /**
     * Groups by name: workers and counters summed, each group over the union of its parts' windows (a group
     * that stopped early in every part keeps its shorter window).
     */
    static List<GroupResult> groups(List<List<GroupResult>> parts, List<Window> windows) {
        Map<String, List<GroupResult>> byName = new LinkedHashMap<>();
        Map<String, List<Window>> spans = new LinkedHashMap<>();
        for (int i = 0; i < parts.size(); i++) {
            for (GroupResult g : parts.get(i)) {
                byName.computeIfAbsent(g.name(), k -> new ArrayList<>()).add(g);
                spans.computeIfAbsent(g.name(), k -> new ArrayList<>())
                        .add(new Window(windows.get(i).startSeconds(), g.totals().durationSeconds()));
            }
        }
        List<GroupResult> out = new ArrayList<>();
        byName.forEach((name, gs) -> out.add(new GroupResult(name, distinct(gs.stream().map(GroupResult::loadModel).toList()),
                gs.stream().mapToInt(GroupResult::workers).sum(),
                totals(gs.stream().map(GroupResult::totals).toList(), Window.union(spans.get(name)).seconds()),
                pacing(gs.stream().map(GroupResult::pacing).filter(Objects::nonNull).toList()))));
        return out;
    }

    /** Each process offered its own rate: the rates add up; the group kept up only if every part did. */
    private static Pacing pacing(List<Pacing> parts) {
        if (parts.isEmpty()) {
            return null;
        }
        return new Pacing(parts.stream().mapToDouble(Pacing::targetPerSecond).sum(), parts.get(0).unit(),
                parts.stream().allMatch(Pacing::keptUp),
                parts.stream().mapToDouble(Pacing::finalLagSeconds).max().orElseThrow(),
                parts.stream().mapToDouble(Pacing::maxLagSeconds).max().orElseThrow());
    }

    /** Errors by group, type, kind and vendor code, counts summed; the first part's message stands. */
    static List<ErrorSummary> errors(List<List<ErrorSummary>> parts) {
        Map<List<String>, ErrorSummary> byKey = new LinkedHashMap<>();
        for (List<ErrorSummary> part : parts) {
            for (ErrorSummary e : part) {
                byKey.merge(java.util.Arrays.asList(e.group(), e.type(), e.kind(), e.vendorCode()), e,
                        (a, b) -> new ErrorSummary(a.group(), a.type(), a.kind(), a.vendorCode(), a.count() + b.count(),
                                a.firstMessage()));
            }
        }
        List<ErrorSummary> out = new ArrayList<>(byKey.values());
        out.sort((a, b) -> Long.compare(b.count(), a.count()));
        return out;
    }

    /** One value when the parts agree, else each distinct value in part order, joined: nothing is silently picked. */
    static String distinct(List<String> values) {
        List<String> seen = values.stream().filter(Objects::nonNull).distinct().toList();
        return seen.isEmpty() ? null : String.join(" | ", seen);
    }
}
