package io.dbharness.iot;

import io.dbharness.core.api.Generator;
import io.dbharness.core.api.RowBatch;
import io.dbharness.core.api.SeriesSchema;
import io.dbharness.core.api.SeriesTags;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.function.Supplier;

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
    /** TSBS's fleets, in its order; the queries over one fleet draw theirs from these too ({@link Catalogues#FLEETS}). */
    static final List<String> FLEETS = List.of("East", "West", "North", "South");
    private static final String[] DRIVERS = {"Derek", "Rodney", "Albert", "Andy", "Seth", "Trish"};
    private static final String[] DEVICE_VERSIONS = {"v1.0", "v1.5", "v2.0", "v2.3"};

    /** The tags a point may have zeroed: all but the series key. */
    private static final int ZEROABLE = TsbsIotSimulator.ZEROABLE_TAGS;

    private final TrucksOptions o;
    private final TruckTable table;
    private final SeriesSchema schema;

    TrucksModel(TrucksOptions options, TruckTable table) {
        this.o = options;
        this.table = table;
        long scale = options.time().scale();
        SeriesTags tags = options.defects()
                ? SeriesTags.strings(TAGS, List.of("name"), scale * (1 + ZEROABLE), this::tags).withMissingValues()
                : SeriesTags.strings(TAGS, List.of("name"), scale, this::tags);
        this.schema = new SeriesSchema(table.table(), "time", tags, table.types(), table.fields(), table.fields().size());
    }

    /**
     * A point with a zeroed tag is written as a series of its own, its truck's tags less that one (TSBS's TimescaleDB
     * loader too makes it a tag set of its own): series {@code scale + (truck - 1) * 7 + tag}, tag 1..7.
     */
    private long seriesOf(long truck, int zeroedTag) {
        return zeroedTag < 0 ? truck : o.time().scale() + (truck - 1) * ZEROABLE + zeroedTag;
    }

    /** The tags of series {@code series}: a truck's, or a truck's with one left out ({@link #seriesOf}). */
    private String[] tags(long series) {
        long scale = o.time().scale();
        if (series <= scale) {
            return truckTags(series);
        }
        long v = series - scale - 1;
        String[] t = truckTags(v / ZEROABLE + 1);
        t[(int) (v % ZEROABLE) + 1] = null;
        return t;
    }

    /** Truck {@code series}'s tags, drawn in TSBS's order: the same in both tables. */
    private String[] truckTags(long series) {
        SplittableRandom r = new SplittableRandom(TelematicsGenerator.mix(o.seed() ^ 0x6b1d_94e3L, series, -3, 0));
        String[] model = MODELS[r.nextInt(MODELS.length)];
        String fleet = FLEETS.get(r.nextInt(FLEETS.size()));
        String driver = DRIVERS[r.nextInt(DRIVERS.length)];
        String version = DEVICE_VERSIONS[r.nextInt(DEVICE_VERSIONS.length)];
        return new String[] {"truck_" + (series - 1), fleet, driver, model[0], version, model[1], model[2], model[3]};
    }

    /** A truck's stream for this table's values. */
    private SplittableRandom values(long truck) {
        return new SplittableRandom(TelematicsGenerator.mix(o.seed() ^ 0x3a5f_c217L, truck, table.ordinal(), 0));
    }

    /** A truck's points of this table in time order, with their values unless only counted. */
    private final class Steps implements TsbsIotSimulator.Points {
        private final SplittableRandom r;
        private final double[] state;
        private long epoch;

        Steps(long truck, boolean withValues) {
            this.r = withValues ? values(truck) : null;
            this.state = withValues ? table.start(r) : null;
        }

        @Override
        public boolean finished() {
            return epoch >= o.time().epochs();
        }

        @Override
        public TsbsIotSimulator.Point next() {
            TsbsIotSimulator.Point p = new TsbsIotSimulator.Point(epoch++, state == null ? null : state.clone());
            if (state != null) {
                table.tick(state, r);
            }
            return p;
        }
    }

    /** A truck's points as written: every one in time order, or TSBS's simulator over them (defects on). */
    private Supplier<TsbsIotSimulator.Point> points(long truck, boolean withValues, TsbsIotSimulator.Tally tally) {
        Steps steps = new Steps(truck, withValues);
        if (!o.defects()) {
            return () -> steps.finished() ? null : steps.next();
        }
        SplittableRandom defects = new SplittableRandom(TelematicsGenerator.mix(o.seed() ^ 0x1c0f_fee5L, truck,
                table.ordinal(), 1));
        return new TsbsIotSimulator(steps, defects, table.fields().size(), tally)::next;
    }

    /**
     * What the defects made of every truck's points: the rows each truck writes, and of all rows those written
     * after a later one of their truck, with a field or a tag zeroed; TSBS's draws (for the tests of its rates).
     */
    record Counts(long[] rows, long late, long zeroedFields, long zeroedTags, TsbsIotSimulator.Tally draws) {
        long total() {
            return Arrays.stream(rows).sum();
        }
    }

    private Counts counts;

    /** What TSBS's defects did to this table, for the result: the points they left out, wrote late or zeroed. */
    String defects() {
        Counts c = counts();
        return String.format(java.util.Locale.ROOT, "%d of %d points left out; of the %d written, %d late, %d with a field"
                + " and %d with a tag zeroed", o.time().scale() * o.time().epochs() - c.total(),
                o.time().scale() * o.time().epochs(), c.total(), c.late(), c.zeroedFields(), c.zeroedTags());
    }

    /** Counted once, when first asked for, by running the simulator without values (its draws are the same). */
    synchronized Counts counts() {
        if (counts == null) {
            long[] rows = new long[(int) o.time().scale()];
            long late = 0;
            long fields = 0;
            long tags = 0;
            TsbsIotSimulator.Tally draws = new TsbsIotSimulator.Tally();
            for (int t = 0; t < rows.length; t++) {
                Supplier<TsbsIotSimulator.Point> points = points(t + 1, false, draws);
                long newest = -1;
                for (TsbsIotSimulator.Point p = points.get(); p != null; p = points.get()) {
                    rows[t]++;
                    late += p.epoch < newest ? 1 : 0;
                    newest = Math.max(newest, p.epoch);
                    fields += p.zeroedField >= 0 ? 1 : 0;
                    tags += p.zeroedTag >= 0 ? 1 : 0;
                }
            }
            counts = new Counts(rows, late, fields, tags, draws);
        }
        return counts;
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
        return counts().total();
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
        if (o.defects()) {
            d.put(table.table() + "Defects", defects());
        }
        d.put("fields", String.join(",", table.fields()));
        return d;
    }

    /** One slot's trucks, a point of each in turn, until each has written all it writes. */
    private final class Rows implements RowSource {
        private final long[] trucks;
        private final List<Supplier<TsbsIotSimulator.Point>> points = new ArrayList<>();
        private final long planned;
        private int live;
        private int next;

        Rows(int slot, int slots) {
            long scale = o.time().scale();
            long count = scale > slot ? (scale - 1 - slot) / slots + 1 : 0;
            this.trucks = new long[(int) count];
            for (int i = 0; i < trucks.length; i++) {
                trucks[i] = slot + 1 + (long) i * slots;
                points.add(points(trucks[i], true, null));
            }
            this.live = trucks.length;
            long n = 0;
            for (long t : trucks) {
                n += counts().rows()[(int) t - 1];
            }
            this.planned = n;
        }

        @Override
        public boolean fill(RowBatch batch) {
            batch.clear();
            while (!batch.isFull() && live > 0) {
                TsbsIotSimulator.Point p = points.get(next).get();
                if (p == null) { // this truck is done: the last live one takes its place
                    live--;
                    points.set(next, points.get(live));
                    trucks[next] = trucks[live]; // the order within a slot changes, each truck's rows do not
                } else {
                    int row = batch.addRow(o.time().startMicros() + p.epoch * o.time().intervalMicros(),
                            seriesOf(trucks[next], p.zeroedTag));
                    table.write(p.values, batch, row, p.zeroedField);
                    next++;
                }
                if (next >= live) {
                    next = 0;
                }
            }
            return batch.size() > 0;
        }

        @Override
        public long plannedRows() {
            return planned;
        }
    }
}
