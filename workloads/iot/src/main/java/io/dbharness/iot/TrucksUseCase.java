package io.dbharness.iot;

import io.dbharness.core.api.Generator;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * TSBS's {@code iot} use case ({@code --generator trucks}): per truck and {@code --log-interval}, a point in
 * {@code readings} and one in {@code diagnostics}, each its own table ({@link TrucksModel}).
 */
final class TrucksUseCase extends SeveralTables {

    TrucksUseCase(TrucksOptions options) {
        super(models(options));
    }

    private static List<Generator> models(TrucksOptions options) {
        return Arrays.stream(TruckTable.values()).map(t -> (Generator) new TrucksModel(options, t)).toList();
    }

    @Override
    public String name() {
        return TrucksProvider.NAME;
    }

    @Override
    public Map<String, String> describe() {
        Map<String, String> m = new LinkedHashMap<>(first().describe());
        m.remove("fields"); // readings'; each table has its own
        m.put("measurements", String.join(",", parts().stream().map(p -> p.schema().tableName()).toList()));
        return m;
    }
}
