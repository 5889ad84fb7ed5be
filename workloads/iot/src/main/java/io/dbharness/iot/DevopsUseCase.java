package io.dbharness.iot;

import io.dbharness.core.api.Generator;
import io.dbharness.core.api.RowBatch;
import io.dbharness.core.api.SeriesSchema;
import io.dbharness.core.api.SeriesTags;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * TSBS's full {@code devops} use case ({@code --use-case devops}): per host and {@code --log-interval}, one point
 * in each of nine measurements, {@code cpu} as in cpu-only and the eight of {@link DevopsMeasurement}, each
 * its own table with the host's ten tags, the measurement's own tags and its fields. As TSBS, every host has
 * one of each (one disk, one interface, one nginx and one redis server).
 */
final class DevopsUseCase implements Generator {

    private final DevopsModel cpu;
    private final List<Generator> parts;

    DevopsUseCase(DevopsModel cpu) {
        this.cpu = cpu;
        List<Generator> all = new ArrayList<>(List.of(cpu));
        List<DevopsMeasurement> measurements = DevopsMeasurement.all();
        for (int i = 0; i < measurements.size(); i++) {
            all.add(new Table(measurements.get(i), i));
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

    /** One measurement's table: the host's tags, then the measurement's, then its fields. */
    private final class Table implements Generator {
        private final DevopsMeasurement m;
        private final int index;
        private final SeriesSchema schema;
        private final DevopsOptions o = cpu.options();

        Table(DevopsMeasurement m, int index) {
            this.m = m;
            this.index = index;
            List<String> tags = new ArrayList<>(DevopsModel.TAGS);
            tags.addAll(m.tags());
            this.schema = new SeriesSchema(m.name(), "time", SeriesTags.strings(tags, List.of("hostname"), o.scale(),
                    this::tags), m.types(), m.fields(), m.fields().size());
        }

        private SplittableRandom stream(long host, long what) {
            return new SplittableRandom(TelematicsGenerator.mix(o.seed() ^ 0x2d4c_83e1L, host, index, what));
        }

        private String[] tags(long series) {
            String[] host = cpu.tags(series);
            String[] own = m.tagValues(stream(series, -1));
            String[] out = new String[host.length + own.length];
            System.arraycopy(host, 0, out, 0, host.length);
            System.arraycopy(own, 0, out, host.length, own.length);
            return out;
        }

        @Override
        public String name() {
            return DevopsProvider.NAME + "/" + m.name();
        }

        @Override
        public SeriesSchema schema() {
            return schema;
        }

        @Override
        public long seriesCount() {
            return o.scale();
        }

        @Override
        public long plannedRows() {
            return cpu.plannedRows();
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
        public Map<String, String> describe() {
            return Map.of();
        }

        /** The slot's hosts epoch by epoch, as cpu's; each host's state from a stream of its own. */
        @Override
        public RowSource open(int slot, int slots) {
            int mine = (int) (o.scale() > slot ? (o.scale() - 1 - slot) / slots + 1 : 0);
            long[] hosts = new long[mine];
            SplittableRandom[] streams = new SplittableRandom[mine];
            double[][] state = new double[mine][];
            for (int i = 0; i < mine; i++) {
                hosts[i] = slot + 1 + (long) i * slots;
                streams[i] = stream(hosts[i], 0);
                state[i] = m.start(streams[i]);
            }
            double intervalSeconds = o.intervalMicros() / 1e6;
            return new RowSource() {
                private long epoch;
                private int next;

                @Override
                public boolean fill(RowBatch batch) {
                    batch.clear();
                    while (!batch.isFull() && epoch < o.epochs() && mine > 0) {
                        int row = batch.addRow(o.startMicros() + epoch * o.intervalMicros(), hosts[next]);
                        m.write(state[next], batch, row);
                        m.tick(state[next], streams[next], intervalSeconds);
                        if (++next == mine) {
                            next = 0;
                            epoch++;
                        }
                    }
                    return batch.size() > 0;
                }

                @Override
                public long plannedRows() {
                    return mine * o.epochs();
                }
            };
        }
    }
}
