package io.dbharness.iot;

import io.dbharness.core.api.Generator;
import io.dbharness.core.api.SeriesSchema;

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
final class DevopsUseCase implements Generator {

    private final DevopsModel cpu;
    private final List<Generator> parts;

    DevopsUseCase(DevopsOptions options) {
        this.cpu = new DevopsModel(options, DevopsMeasurement.cpu(), DevopsModel.CPU);
        List<Generator> all = new ArrayList<>(List.of(cpu));
        List<DevopsMeasurement> measurements = DevopsMeasurement.all();
        for (int i = 0; i < measurements.size(); i++) {
            all.add(new DevopsModel(options, measurements.get(i), i));
        }
        this.parts = List.copyOf(all);
    }

    @Override
    public String name() {
        return DevopsProvider.NAME;
    }

    @Override
    public SeriesSchema schema() {
        return cpu.schema();
    }

    @Override
    public long seriesCount() {
        return cpu.seriesCount();
    }

    @Override
    public long plannedRows() {
        return parts.size() * cpu.plannedRows();
    }

    @Override
    public long startMicros() {
        return cpu.startMicros();
    }

    @Override
    public long endMicros() {
        return cpu.endMicros();
    }

    @Override
    public List<Generator> parts() {
        return parts;
    }

    @Override
    public RowSource open(int slot, int slots) {
        return cpu.open(slot, slots);
    }

    @Override
    public Map<String, String> describe() {
        Map<String, String> m = new LinkedHashMap<>(cpu.describe());
        m.remove("fields"); // cpu's; each table has its own
        m.put("measurements", String.join(",", parts.stream().map(p -> p.schema().tableName()).toList()));
        m.put("fieldsPerHost", Integer.toString(parts.stream().mapToInt(p -> p.schema().metricCount()).sum()));
        return m;
    }
}
