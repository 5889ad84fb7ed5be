package io.dbharness.iot;

import io.dbharness.core.api.Generator;
import io.dbharness.core.api.RowBatch;
import io.dbharness.core.api.SeriesSchema;
import io.dbharness.core.api.SeriesTags;

import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * One table of TSBS's iot data ({@code --generator trucks}): a {@link TruckTable} for every truck, one point per
 * {@code --log-interval}, with the truck's eight tags and the table's fields as TSBS draws them.
 *
 * <p>As for devops, the shape, tags, value ranges and walks are TSBS's and the random numbers are not: each truck
 * has a stream of its own per table seeded by {@code (--seed, truck, table)}, so any split of the trucks over
 * workers and shards writes the same rows.
 */
final class TrucksModel implements Generator {

    static final List<String> TAGS = List.of("name", "fleet", "driver", "model", "device_version", "load_capacity",
            "fuel_capacity", "nominal_fuel_consumption");
    /** TSBS's models: name, load capacity, fuel capacity, nominal fuel consumption ({@code truck.go}). */
    private static final String[][] MODELS = {{"F-150", "2000", "200", "15"}, {"G-2000", "5000", "300", "19"},
            {"H-2", "1500", "150", "12"}};
    private static final String[] FLEETS = {"East", "West", "North", "South"};
    private static final String[] DRIVERS = {"Derek", "Rodney", "Albert", "Andy", "Seth", "Trish"};
    private static final String[] DEVICE_VERSIONS = {"v1.0", "v1.5", "v2.0", "v2.3"};

    private final TrucksOptions o;
    private final TruckTable table;
    private final SeriesSchema schema;

    TrucksModel(TrucksOptions options, TruckTable table) {
        this.o = options;
        this.table = table;
        this.schema = new SeriesSchema(table.table(), "time", SeriesTags.strings(TAGS, List.of("name"),
                options.time().scale(), this::tags), table.types(), table.fields(), table.fields().size());
    }

    /** Truck {@code series}'s tags, drawn in TSBS's order: the same in both tables. */
    String[] tags(long series) {
        SplittableRandom r = new SplittableRandom(TelematicsGenerator.mix(o.seed() ^ 0x6b1d_94e3L, series, -3, 0));
        String[] model = MODELS[r.nextInt(MODELS.length)];
        String fleet = FLEETS[r.nextInt(FLEETS.length)];
        String driver = DRIVERS[r.nextInt(DRIVERS.length)];
        String version = DEVICE_VERSIONS[r.nextInt(DEVICE_VERSIONS.length)];
        return new String[] {"truck_" + (series - 1), fleet, driver, model[0], version, model[1], model[2], model[3]};
    }

    /** A truck's stream for this table's values. */
    private SplittableRandom values(long truck) {
        return new SplittableRandom(TelematicsGenerator.mix(o.seed() ^ 0x3a5f_c217L, truck, table.ordinal(), 0));
    }

    @Override
    public String name() {
        return TrucksProvider.NAME;
    }

    @Override
    public SeriesSchema schema() {
        return schema;
    }

    @Override
    public long seriesCount() {
        return o.time().scale();
    }

    @Override
    public long plannedRows() {
        return o.time().scale() * o.time().epochs();
    }

    @Override
    public long startMicros() {
        return o.time().startMicros();
    }

    @Override
    public long endMicros() {
        return o.time().endMicros();
    }

    @Override
    public RowSource open(int slot, int slots) {
        return new Rows(slot, slots);
    }

    @Override
    public Map<String, String> describe() {
        Map<String, String> d = new LinkedHashMap<>();
        d.put("useCase", "iot");
        d.put("scale", Long.toString(o.time().scale()));
        d.put("logIntervalSeconds", Long.toString(o.time().intervalMicros() / 1_000_000));
        d.put("tsStart", Instant.EPOCH.plusNanos(o.time().startMicros() * 1000).toString());
        d.put("epochs", Long.toString(o.time().epochs()));
        d.put("defects", o.defects() ? "on" : "off");
        d.put("fields", String.join(",", table.fields()));
        return d;
    }

    /** One slot's trucks, a point of each in turn, epoch by epoch. */
    private final class Rows implements RowSource {
        private final long[] trucks;
        private final SplittableRandom[] streams;
        private final double[][] state;
        private long epoch;
        private int next;

        Rows(int slot, int slots) {
            long scale = o.time().scale();
            long count = scale > slot ? (scale - 1 - slot) / slots + 1 : 0;
            this.trucks = new long[(int) count];
            this.streams = new SplittableRandom[trucks.length];
            this.state = new double[trucks.length][];
            for (int i = 0; i < trucks.length; i++) {
                trucks[i] = slot + 1 + (long) i * slots;
                streams[i] = values(trucks[i]);
                state[i] = table.start(streams[i]);
            }
        }

        @Override
        public boolean fill(RowBatch batch) {
            batch.clear();
            while (!batch.isFull() && epoch < o.time().epochs() && trucks.length > 0) {
                int row = batch.addRow(o.time().startMicros() + epoch * o.time().intervalMicros(), trucks[next]);
                table.write(state[next], batch, row, -1);
                table.tick(state[next], streams[next]);
                if (++next == trucks.length) {
                    next = 0;
                    epoch++;
                }
            }
            return batch.size() > 0;
        }

        @Override
        public long plannedRows() {
            return trucks.length * o.time().epochs();
        }
    }
}
