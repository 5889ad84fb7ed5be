package io.dbharness.iot;

import io.dbharness.core.api.Generator;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * TSBS's full {@code devops} use case ({@code --use-case devops}): per host and {@code --log-interval}, one point
 * in each of nine measurements, {@code cpu} as in cpu-only and the eight others of {@link DevopsMeasurement},
 * each its own table ({@link DevopsModel}). As TSBS, every host has one of each (one disk, one interface, one
 * nginx and one redis server).
 */
final class DevopsUseCase extends SeveralTables {

    DevopsUseCase(DevopsOptions options) {
        super(models(options));
    }

    private static List<Generator> models(DevopsOptions options) {
        List<Generator> all = new ArrayList<>(List.of(new DevopsModel(options, DevopsMeasurement.cpu(), DevopsModel.CPU)));
        List<DevopsMeasurement> measurements = DevopsMeasurement.all();
        for (int i = 0; i < measurements.size(); i++) {
            all.add(new DevopsModel(options, measurements.get(i), i));
        }
        return all;
    }

    @Override
    public String name() {
        return DevopsProvider.NAME;
    }

    @Override
    public Map<String, String> describe() {
        Map<String, String> m = new LinkedHashMap<>(first().describe());
        m.remove("fields"); // cpu's; each table has its own
        m.put("measurements", String.join(",", parts().stream().map(p -> p.schema().tableName()).toList()));
        m.put("fieldsPerHost", Integer.toString(parts().stream().mapToInt(p -> p.schema().metricCount()).sum()));
        return m;
    }
}
