package io.dbharness.iot;

import io.dbharness.core.api.Generator;
import io.dbharness.core.api.RowBatch;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** Every row a generator's slots write, one text line each, sorted; the slots' plans checked against the rows. */
final class GeneratorRows {

    /** One row of a batch as a line of text. */
    interface Format {
        String line(RowBatch batch, int row);
    }

    private GeneratorRows() {
    }

    /** @param batchRows a small batch puts rows on its boundaries */
    static List<String> of(Generator g, int slots, int batchRows, Format format) {
        List<String> out = new ArrayList<>();
        RowBatch batch = new RowBatch(g.schema(), batchRows);
        long planned = 0;
        for (int slot = 0; slot < slots; slot++) {
            Generator.RowSource src = g.open(slot, slots);
            planned += src.plannedRows();
            while (src.fill(batch)) {
                for (int r = 0; r < batch.size(); r++) {
                    out.add(format.line(batch, r));
                }
            }
        }
        assertEquals(g.plannedRows(), planned, "the slots' plans add up to the model's");
        assertEquals(planned, out.size(), "each slot writes what it planned");
        out.sort(null);
        return out;
    }
}
