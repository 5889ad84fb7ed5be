package io.dbharness.iot;

import io.dbharness.core.api.RowBatch;
import org.junit.jupiter.api.Test;

import java.util.HashMap;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class TelematicsGeneratorTest {

    /** Row identity (tag, ts, first metric of the sub-row) to a digest of its values. */
    private static Map<String, Long> generateAll(IotOptions o, int workers) {
        Map<String, Long> rows = new HashMap<>();
        for (int w = 0; w < workers; w++) {
            TelematicsGenerator g = new TelematicsGenerator(o, w, workers);
            RowBatch b = new RowBatch(o.metricType(), o.metricCount(), 7);
            while (g.fill(b)) {
                for (int r = 0; r < b.size(); r++) {
                    long digest = 17;
                    int firstPresent = -1;
                    for (int m = 0; m < o.metricCount(); m++) {
                        int i = r * o.metricCount() + m;
                        if (b.present()[i]) {
                            firstPresent = firstPresent < 0 ? m : firstPresent;
                            long v = o.metricType().integral() ? b.longs()[i] : Double.doubleToLongBits(b.doubles()[i]);
                            digest = digest * 31 + m * 1_000_003L + v;
                        }
                    }
                    String key = b.tagIds()[r] + "@" + b.tsMicros()[r] + "#" + digest + "/" + firstPresent;
                    assertEquals(null, rows.put(key + "|" + rows.size(), digest));
                }
            }
        }
        return rows;
    }

    @Test
    void rowCountFollowsMxbenchArithmeticWithExclusiveEnd() {
        IotOptions o = TestSettings.options("tag-num", "100000", "ts-start", "2022-04-18 00:00:00",
                "ts-end", "2022-04-18 00:01:00", "total-metrics-count", "10");
        assertEquals(6_000_000L, o.totalRows());
        IotOptions small = TestSettings.options("tag-num", "13", "ts-start", "2022-04-18 00:00:00",
                "ts-end", "2022-04-18 00:00:10", "ts-step-in-second", "3", "total-metrics-count", "4");
        assertEquals(13L * 4, small.totalRows()); // 0, 3, 6, 9
        assertEquals(small.totalRows(), generateAll(small, 1).size());
    }

    @Test
    void sameRowsWhateverTheWorkerCount() {
        IotOptions o = TestSettings.options("tag-num", "17", "ts-end", "2022-04-18 09:00:20", "total-metrics-count", "9",
                "generator-randomness", "M", "generator-disorder-ratio", "30", "generator-batch-size", "2");
        Map<String, Long> one = stripIndex(generateAll(o, 1));
        Map<String, Long> three = stripIndex(generateAll(o, 3));
        assertEquals(o.totalRows(), one.values().stream().mapToLong(Long::longValue).sum());
        assertEquals(one, three);
    }

    /** Counts rows by identity so two runs compare as multisets. */
    private static Map<String, Long> stripIndex(Map<String, Long> rows) {
        Map<String, Long> counts = new HashMap<>();
        rows.keySet().forEach(k -> counts.merge(k.substring(0, k.lastIndexOf('|')), 1L, Long::sum));
        return counts;
    }

    @Test
    void lateRowsArriveAfterTheirTimeAndExactlyOnce() {
        IotOptions o = TestSettings.options("tag-num", "50", "ts-end", "2022-04-18 09:00:30", "total-metrics-count", "3",
                "generator-disorder-ratio", "20", "generator-empty-value-ratio", "0");
        TelematicsGenerator g = new TelematicsGenerator(o, 0, 1);
        RowBatch b = new RowBatch(o.metricType(), 3, 64);
        long maxTs = Long.MIN_VALUE;
        long late = 0;
        long total = 0;
        Map<String, Integer> seen = new HashMap<>();
        while (g.fill(b)) {
            for (int r = 0; r < b.size(); r++) {
                long ts = b.tsMicros()[r];
                if (ts < maxTs) {
                    late++;
                }
                maxTs = Math.max(maxTs, ts);
                total++;
                seen.merge(b.tagIds()[r] + "@" + ts, 1, Integer::sum);
            }
        }
        assertEquals(o.totalRows(), total);
        assertEquals(o.totalRows(), seen.size());
        double share = (double) late / total;
        assertTrue(share > 0.10 && share < 0.25, "late share " + share);
    }

    @Test
    void emptyValueRatioAndSplitRows() {
        IotOptions o = TestSettings.options("tag-num", "200", "ts-end", "2022-04-18 09:00:10", "total-metrics-count", "40",
                "generator-empty-value-ratio", "90", "generator-batch-size", "4");
        TelematicsGenerator g = new TelematicsGenerator(o, 0, 1);
        RowBatch b = new RowBatch(o.metricType(), 40, 1000);
        long cells = 0;
        long points = 0;
        while (g.fill(b)) {
            points += b.points();
            for (int r = 0; r < b.size(); r++) {
                int sub = r % 4; // sub-rows of a report are consecutive
                for (int m = 0; m < 40; m++) {
                    if (b.present()[r * 40 + m]) {
                        assertEquals(sub, m / 10, "metric " + m + " outside sub-row " + sub);
                    }
                }
                cells += 10;
            }
        }
        double presentShare = (double) points / cells;
        assertTrue(presentShare > 0.08 && presentShare < 0.12, "present share " + presentShare);
    }

    @Test
    void randomnessLevelsMoveValuesAsDocumented() {
        for (String level : new String[] {"OFF", "S", "M", "L"}) {
            IotOptions o = TestSettings.options("tag-num", "1", "ts-end", "2022-04-18 09:10:00", "total-metrics-count", "1",
                    "generator-empty-value-ratio", "0", "generator-randomness", level);
            TelematicsGenerator g = new TelematicsGenerator(o, 0, 1);
            RowBatch b = new RowBatch(o.metricType(), 1, 1000);
            assertTrue(g.fill(b));
            double min = Double.MAX_VALUE;
            double max = -Double.MAX_VALUE;
            for (int r = 0; r < b.size(); r++) {
                double v = b.doubles()[r];
                assertTrue(v >= 0 && v < 1000, level + " value " + v);
                assertEquals(v, Math.round(v * 100) / 100.0, "two decimals");
                min = Math.min(min, v);
                max = Math.max(max, v);
            }
            double spread = max - min;
            switch (level) {
                case "OFF" -> assertEquals(0.0, spread);
                case "S" -> assertTrue(spread > 0 && spread <= 20.0, "S spread " + spread);
                case "M" -> assertTrue(spread > 20 && spread <= 200.0, "M spread " + spread);
                default -> assertTrue(spread > 500, "L spread " + spread);
            }
        }
    }

    @Test
    void integralTypesStayInRange() {
        IotOptions o = TestSettings.options("tag-num", "20", "ts-end", "2022-04-18 09:00:05", "total-metrics-count", "5",
                "metrics-type", "int4", "generator-randomness", "L", "generator-empty-value-ratio", "0");
        RowBatch b = new RowBatch(o.metricType(), 5, 1000);
        assertTrue(new TelematicsGenerator(o, 0, 1).fill(b));
        for (int i = 0; i < b.size() * 5; i++) {
            assertTrue(b.longs()[i] >= 0 && b.longs()[i] < 100_000);
        }
    }

    @Test
    void seedChangesValuesButNotShape() {
        IotOptions a = TestSettings.options("tag-num", "5", "ts-end", "2022-04-18 09:00:03", "total-metrics-count", "4",
                "generator-empty-value-ratio", "0");
        IotOptions c = TestSettings.options("tag-num", "5", "ts-end", "2022-04-18 09:00:03", "total-metrics-count", "4",
                "generator-empty-value-ratio", "0", "seed", "7");
        RowBatch x = new RowBatch(a.metricType(), 4, 100);
        RowBatch y = new RowBatch(a.metricType(), 4, 100);
        new TelematicsGenerator(a, 0, 1).fill(x);
        new TelematicsGenerator(c, 0, 1).fill(y);
        assertEquals(x.size(), y.size());
        assertNotEquals(x.doubles()[0], y.doubles()[0]);
        assertFalse(x.size() == 0);
    }
}
