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
        StringBuilder line = new StringBuilder(String.join(",", List.of(s.tags().values(batch.tagIds()[r])).stream()
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
        Generator g = trucks("scale", "9", "ts-end", "2016-01-01 00:30:00");
        for (Generator table : g.parts()) {
            List<String> one = rows(table, 1);
            assertEquals(one, rows(table, 4));
            assertEquals(one, rows(table, 12), "more slots than trucks: some have none");
        }
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
