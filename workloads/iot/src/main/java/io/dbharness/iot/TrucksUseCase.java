package io.dbharness.iot;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * TSBS's {@code iot} use case ({@code --generator trucks}): per truck and {@code --log-interval}, a point in
 * {@code readings} and one in {@code diagnostics}, each its own table ({@link TrucksModel}), each with TSBS's
 * defects of its own unless {@code --iot-defects off}.
 */
final class TrucksUseCase extends SeveralTables {

    private final TrucksOptions options;
    private final List<TrucksModel> tables;

    TrucksUseCase(TrucksOptions options) {
        this(options, Arrays.stream(TruckTable.values()).map(t -> new TrucksModel(options, t)).toList());
    }

    private TrucksUseCase(TrucksOptions options, List<TrucksModel> tables) {
        super(tables);
        this.options = options;
        this.tables = tables;
    }

    @Override
    public String name() {
        return TrucksProvider.NAME;
    }

    @Override
    public Map<String, String> describe() {
        Map<String, String> m = new LinkedHashMap<>(first().describe());
        m.keySet().removeIf(k -> k.equals("fields") || k.endsWith("Defects")); // readings'; each table has its own
        m.put("measurements", String.join(",", tables.stream().map(p -> p.schema().tableName()).toList()));
        if (options.defects()) {
            tables.forEach(t -> m.put(t.schema().tableName() + "Defects", t.defects()));
        }
        return m;
    }
}
