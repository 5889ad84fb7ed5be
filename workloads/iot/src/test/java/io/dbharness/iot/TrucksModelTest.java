package io.dbharness.iot;

import io.dbharness.core.api.Generator;
import io.dbharness.core.api.GeneratorProvider;
import io.dbharness.core.api.RowBatch;
import io.dbharness.core.api.SeriesSchema;
import io.dbharness.core.api.UsageException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code --generator trucks}: TSBS's iot tables, values and defects, the same rows for any split. */
@Timeout(60)
class TrucksModelTest {

    static Generator trucks(String... pairs) {
        String[] all = new String[pairs.length + 2];
        all[0] = "generator";
        all[1] = "trucks";
        System.arraycopy(pairs, 0, all, 2, pairs.length);
        var settings = TestSettings.insert(all);
        IotInsertProvider.refuseOthersOptions(settings, GeneratorProvider.named("trucks"));
        return GeneratorProvider.named("trucks").create(settings);
    }

    /** A row as "tags time field=value ...", an empty value as "field=" (as a zeroed one is written). */
    static String line(SeriesSchema s, RowBatch batch, int r) {
        StringBuilder line = new StringBuilder(String.join(",", java.util.Arrays.stream(s.tags().values(batch.tagIds()[r]))
                .map(String::valueOf).toList())).append(' ').append(batch.tsMicros()[r]);
        for (int f = 0; f < s.metricCount(); f++) {
            int i = r * s.metricCount() + f;
            line.append(' ').append(s.fieldName(f)).append('=');
            if (batch.present()[i]) {
                line.append(s.fieldType(f).integral() ? Long.toString(batch.longs()[i]) : Double.toString(batch.doubles()[i]));
            }
        }
        return line.toString();
    }

    private static List<Generator> concat(List<Generator> a, List<Generator> b) {
        List<Generator> all = new java.util.ArrayList<>(a);
        all.addAll(b);
        return all;
    }

    static List<String> rows(Generator table, int slots) {
        return GeneratorRows.of(table, slots, 7, (batch, r) -> line(table.schema(), batch, r));
    }

    @Test
    void twoTablesWithTsbsTagsAndFields() {
        Generator g = trucks("scale", "5", "ts-end", "2016-01-01 00:10:00", "iot-defects", "off");
        assertEquals(2, g.parts().size());
        SeriesSchema readings = g.parts().get(0).schema();
        SeriesSchema diagnostics = g.parts().get(1).schema();
        assertEquals("readings", readings.tableName());
        assertEquals("diagnostics", diagnostics.tableName());
        for (SeriesSchema s : List.of(readings, diagnostics)) {
            assertEquals("time", s.timeColumn());
            assertEquals(List.of("name", "fleet", "driver", "model", "device_version", "load_capacity", "fuel_capacity",
                    "nominal_fuel_consumption"), s.tags().names());
            assertEquals(List.of("name"), s.keyColumns());
        }
        assertEquals(List.of("latitude", "longitude", "elevation", "velocity", "heading", "grade", "fuel_consumption"),
                readings.fieldNames());
        assertEquals(List.of("fuel_state", "current_load", "status"), diagnostics.fieldNames());
        assertEquals(2 * 5 * 60, g.plannedRows(), "60 points a truck and table at 10 s over 10 minutes, clean");
        for (long t = 1; t <= 5; t++) {
            String[] tags = readings.tags().values(t);
            assertEquals("truck_" + (t - 1), tags[0]);
            assertEquals(List.of(tags), List.of(diagnostics.tags().values(t)), "a truck's tags are the same in both tables");
            assertTrue(Set.of("F-150 2000 200 15", "G-2000 5000 300 19", "H-2 1500 150 12")
                    .contains(String.join(" ", tags[3], tags[5], tags[6], tags[7])), "a model and its capacities");
        }
    }

    @Test
    void sameRowsForAnySplit() {
        for (Generator table : concat(trucks("scale", "9", "ts-end", "2016-01-01 02:00:00").parts(),
                trucks("scale", "5", "ts-end", "2016-01-01 00:30:00", "iot-defects", "off").parts())) {
            List<String> one = rows(table, 1);
            assertEquals(one, rows(table, 4));
            assertEquals(one, rows(table, 12), "more slots than trucks: some have none");
        }
    }

    @Test
    void cleanDataHasEveryPointInTimeOrderWithEveryValue() {
        Generator g = trucks("scale", "4", "ts-end", "2016-01-01 01:00:00", "iot-defects", "off");
        for (Generator table : g.parts()) {
            List<String> rows = rows(table, 1);
            assertEquals(4 * 360, rows.size());
            for (String row : rows) {
                assertFalse(row.contains("null") || row.contains("= ") || row.endsWith("="), row);
            }
            long last = -1;
            RowBatch batch = new RowBatch(table.schema(), 1000);
            Generator.RowSource src = table.open(0, 1);
            while (src.fill(batch)) {
                for (int r = 0; r < batch.size(); r++) {
                    assertTrue(batch.tsMicros()[r] >= last, "time order");
                    last = batch.tsMicros()[r];
                }
            }
        }
        assertEquals(g.describe().get("epochs"), "360");
        assertFalse(g.describe().containsKey("readingsDefects"));
    }

    @Test
    void valuesInTsbsRangesAndPrecisions() {
        Generator g = trucks("scale", "6", "iot-defects", "off");
        double[][] bounds = {{-90, 90, 1e5}, {-180, 180, 1e5}, {0, 5000, 1}, {0, 100, 1}, {0, 360, 1}, {0, 100, 1},
                {0, 50, 10}, {0, 1, 10}, {0, 5000, 1}};
        Set<Long> statuses = new java.util.TreeSet<>();
        int field0 = 0;
        for (Generator table : g.parts()) {
            RowBatch batch = new RowBatch(table.schema(), 5000);
            Generator.RowSource src = table.open(0, 1);
            int fields = table.schema().metricCount();
            while (src.fill(batch)) {
                for (int r = 0; r < batch.size(); r++) {
                    for (int f = 0; f < fields; f++) {
                        if (table.schema().fieldType(f).integral()) {
                            statuses.add(batch.longs()[r * fields + f]);
                            continue;
                        }
                        double v = batch.doubles()[r * fields + f];
                        double[] b = bounds[field0 + f];
                        assertTrue(v >= b[0] && v <= b[1], table.schema().fieldName(f) + " " + v);
                        assertEquals(Math.rint(v * b[2]), v * b[2], 1e-6, table.schema().fieldName(f) + " " + v + " to its precision");
                    }
                }
            }
            field0 += fields;
        }
        assertEquals(Set.of(0L, 1L, 2L, 3L, 4L, 5L), statuses, "status: a walk over 0..5, written as an integer");
    }

    /** A count of {@code n} draws of probability {@code p} is within 5 standard deviations of its mean. */
    private static void binomial(String what, long hits, long n, double p) {
        double mean = n * p;
        double bound = 5 * Math.sqrt(n * p * (1 - p));
        assertTrue(Math.abs(hits - mean) <= bound, what + ": " + hits + " of " + n + ", expected " + mean + " +- " + bound);
    }

    /**
     * TSBS's rates ({@code batch_config.go}), each count against what it is a rate of, within 5 standard deviations
     * of its binomial mean (any seed fails one of these nine checks with a probability under 6e-6; this seed is fixed).
     */
    @Test
    void defectsAtTsbsRates() {
        Generator g = trucks("scale", "40", "seed", "7");
        for (Generator table : g.parts()) {
            TrucksModel.Counts c = ((TrucksModel) table).counts();
            TsbsIotSimulator.Tally t = c.draws();
            String name = table.schema().tableName() + " ";
            assertTrue(t.batches > 30_000, name + t.batches);
            binomial(name + "batches missing", t.missingBatches, t.batches, 0.01);
            binomial(name + "batches out of order", t.lateBatches, t.keptBatches, 0.05);
            binomial(name + "late batches inserted", t.previousBatches, t.previousBatchDraws, 0.5);
            binomial(name + "entries missing", t.missingEntries, t.entries, 0.1);
            binomial(name + "entries out of order", t.lateEntries, t.keptEntries, 0.3);
            binomial(name + "late entries inserted", t.previousEntries, t.previousEntryDraws, 0.5);
            binomial(name + "fields zeroed", t.zeroedFields, t.keptEntries, 0.1);
            binomial(name + "tags zeroed", t.zeroedTags, t.keptEntries, 0.01);
            long points = 40 * 8640;
            long written = c.total();
            assertTrue(written < points && written > points * 0.8, name + written + " of " + points + " written");
            assertTrue(c.late() > 0, "some points are written after later ones");
            assertEquals(written, table.plannedRows());
        }
    }

    /**
     * What the rows hold is what the counts say: no point twice, the points left out missing, a zeroed field empty
     * and a zeroed tag null (never the series key), late points after later ones; diagnostics' zeroed field is
     * TSBS's draw over seven modulo three (fuel_state 3 in 7, the others 2 in 7).
     */
    @Test
    void rowsShowTheDefects() {
        Generator g = trucks("scale", "12", "seed", "3");
        for (Generator table : g.parts()) {
            TrucksModel.Counts c = ((TrucksModel) table).counts();
            SeriesSchema s = table.schema();
            int fields = s.metricCount();
            long[] newest = new long[13];
            java.util.Arrays.fill(newest, -1);
            Set<String> seen = new java.util.HashSet<>();
            long rows = 0;
            long late = 0;
            long zeroedFields = 0;
            long zeroedTags = 0;
            long[] byField = new long[fields];
            RowBatch batch = new RowBatch(s, 333);
            Generator.RowSource src = table.open(0, 1);
            while (src.fill(batch)) {
                for (int r = 0; r < batch.size(); r++) {
                    rows++;
                    String[] tags = s.tags().values(batch.tagIds()[r]);
                    int truck = Integer.parseInt(tags[0].substring("truck_".length())) + 1;
                    long ts = batch.tsMicros()[r];
                    assertTrue(seen.add(truck + "@" + ts), "no point twice: " + truck + "@" + ts);
                    late += ts < newest[truck] ? 1 : 0;
                    newest[truck] = Math.max(newest[truck], ts);
                    int nulls = (int) java.util.Arrays.stream(tags).filter(java.util.Objects::isNull).count();
                    assertTrue(nulls <= 1, java.util.Arrays.toString(tags));
                    zeroedTags += nulls;
                    for (int f = 0; f < fields; f++) {
                        if (!batch.present()[r * fields + f]) {
                            zeroedFields++;
                            byField[f]++;
                        }
                    }
                }
            }
            assertEquals(c.total(), rows);
            assertEquals(c.late(), late);
            assertEquals(c.zeroedFields(), zeroedFields, "one field at most per row");
            assertEquals(c.zeroedTags(), zeroedTags);
            assertTrue(zeroedTags > 0 && zeroedFields > 0);
            if (fields == 3) {
                binomial("fuel_state zeroed", byField[0], zeroedFields, 3.0 / 7);
            }
            String d = g.describe().get(s.tableName() + "Defects");
            assertEquals(String.format("%d of %d points left out; of the %d written, %d late, %d with a field and %d with a"
                    + " tag zeroed", 12 * 8640 - rows, 12 * 8640, rows, late, zeroedFields, zeroedTags), d);
        }
    }

    @Test
    void theSeedChoosesTheData() {
        Generator a = trucks("scale", "3", "ts-end", "2016-01-01 01:00:00", "seed", "1");
        Generator b = trucks("scale", "3", "ts-end", "2016-01-01 01:00:00", "seed", "2");
        assertEquals(rows(a.parts().get(0), 1), rows(trucks("scale", "3", "ts-end", "2016-01-01 01:00:00", "seed", "1")
                .parts().get(0), 2));
        assertNotEquals(rows(a.parts().get(0), 1), rows(b.parts().get(0), 1));
    }

    @Test
    void refusals() {
        UsageException e = assertThrows(UsageException.class, () -> trucks("table-name", "t"));
        assertTrue(e.getMessage().startsWith("--table-name names one table"), e.getMessage());
        e = assertThrows(UsageException.class, () -> trucks("iot-defects", "some"));
        assertTrue(e.getMessage().contains("on or off"), e.getMessage());
        e = assertThrows(UsageException.class, () -> trucks("use-case", "devops"));
        assertTrue(e.getMessage().startsWith("--use-case is an option of --generator devops"), e.getMessage());
    }
}
