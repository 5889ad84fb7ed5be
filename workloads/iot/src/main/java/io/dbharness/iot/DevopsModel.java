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

/**
 * One table of TSBS's devops data ({@code --generator devops}): a {@link DevopsMeasurement} for every host, one
 * point per {@code --log-interval}, with the host's ten tags, the measurement's own and its fields as TSBS
 * draws them. Use case {@code cpu-only} is the {@code cpu} table alone: each {@code usage_*} field a random
 * walk with N(0, 1) steps clamped to [0, 100] from a uniform start, written as the integer part (TSBS since
 * 2018-06); use case {@code devops} is nine such tables ({@link DevopsUseCase}).
 *
 * <p>The shape, tags, value ranges and walks are TSBS's; the random numbers are not: TSBS draws every value
 * from one Go {@code math/rand} stream in host order, which would tie each value to every host before it.
 * Here each host has a stream of its own seeded by {@code (--seed, host, table)}, so any split of the hosts
 * over workers and shards writes the same rows. The data is therefore TSBS-like, not TSBS's bytes.
 */
final class DevopsModel implements Generator {

    static final List<String> TAGS = List.of("hostname", "region", "datacenter", "rack", "os", "arch", "team", "service",
            "service_version", "service_environment");
    static final List<String> CPU_FIELDS = List.of("usage_user", "usage_system", "usage_idle", "usage_nice",
            "usage_iowait", "usage_irq", "usage_softirq", "usage_steal", "usage_guest", "usage_guest_nice");

    /** TSBS's regions, each with its datacenters ({@code pkg/data/usecases/devops/host.go}). */
    private static final String[][] REGIONS = {
            {"us-east-1", "us-east-1a", "us-east-1b", "us-east-1c", "us-east-1e"},
            {"us-west-1", "us-west-1a", "us-west-1b"},
            {"us-west-2", "us-west-2a", "us-west-2b", "us-west-2c"},
            {"eu-west-1", "eu-west-1a", "eu-west-1b", "eu-west-1c"},
            {"eu-central-1", "eu-central-1a", "eu-central-1b"},
            {"ap-southeast-1", "ap-southeast-1a", "ap-southeast-1b"},
            {"ap-southeast-2", "ap-southeast-2a", "ap-southeast-2b"},
            {"ap-northeast-1", "ap-northeast-1a", "ap-northeast-1c"},
            {"sa-east-1", "sa-east-1a", "sa-east-1b", "sa-east-1c"}};
    private static final String[] OS = {"Ubuntu16.10", "Ubuntu16.04LTS", "Ubuntu15.10"};
    private static final String[] ARCH = {"x64", "x86"};
    private static final String[] TEAM = {"SF", "NYC", "LON", "CHI"};
    private static final String[] ENVIRONMENT = {"production", "staging", "test"};

    /** {@code table} of the {@code cpu} table: it keeps the streams cpu-only has always drawn from. */
    static final int CPU = -1;

    private final DevopsOptions o;
    private final DevopsMeasurement m;
    private final int table;
    private final SeriesSchema schema;

    /** @param table the measurement's place among the use case's others, {@link #CPU} for {@code cpu} */
    DevopsModel(DevopsOptions options, DevopsMeasurement measurement, int table) {
        this.o = options;
        this.m = measurement;
        this.table = table;
        List<String> tags = new ArrayList<>(TAGS);
        tags.addAll(m.tags());
        String name = table == CPU ? options.tableName() : m.name();
        this.schema = new SeriesSchema(name, "time", SeriesTags.strings(tags, List.of("hostname"), options.scale(),
                this::tags), m.types(), m.fields(), m.fields().size());
    }

    /** A host's stream for its walks ({@code what} 0) or its own tags (-1); cpu's are cpu-only's as they were. */
    private SplittableRandom stream(long host, long what) {
        return new SplittableRandom(table == CPU ? TelematicsGenerator.mix(o.seed() ^ 0x51ed_270bL, host, -4, 0)
                : TelematicsGenerator.mix(o.seed() ^ 0x2d4c_83e1L, host, table, what));
    }

    /** Host {@code series}'s tags, then the measurement's: a pure function of the seed and the host. */
    private String[] tags(long series) {
        String[] host = hostTags(series);
        if (m.tags().isEmpty()) {
            return host;
        }
        String[] own = m.tagValues(stream(series, -1));
        String[] out = Arrays.copyOf(host, host.length + own.length);
        System.arraycopy(own, 0, out, host.length, own.length);
        return out;
    }

    /** The host's ten tags, drawn in TSBS's order; the same in every table. */
    private String[] hostTags(long series) {
        SplittableRandom r = new SplittableRandom(TelematicsGenerator.mix(o.seed() ^ 0x7a3c_1f5dL, series, -3, 0));
        String[] region = REGIONS[r.nextInt(REGIONS.length)];
        String datacenter = region[1 + r.nextInt(region.length - 1)];
        long rack = r.nextLong(100);
        String arch = ARCH[r.nextInt(ARCH.length)];
        String os = OS[r.nextInt(OS.length)];
        long service = r.nextLong(20);
        long version = r.nextLong(2);
        String environment = ENVIRONMENT[r.nextInt(ENVIRONMENT.length)];
        String team = TEAM[r.nextInt(TEAM.length)];
        return new String[] {"host_" + (series - 1), region[0], datacenter, Long.toString(rack), os, arch, team,
                Long.toString(service), Long.toString(version), environment};
    }

    @Override
    public String name() {
        return DevopsProvider.NAME;
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
        return o.scale() * o.epochs();
    }

    @Override
    public long startMicros() {
        return o.startMicros();
    }

    @Override
    public long endMicros() {
        return o.startMicros() + o.epochs() * o.intervalMicros();
    }

    @Override
    public RowSource open(int slot, int slots) {
        return new Rows(slot, slots);
    }

    @Override
    public Map<String, String> describe() {
        Map<String, String> d = new LinkedHashMap<>();
        d.put("useCase", o.useCase());
        d.put("scale", Long.toString(o.scale()));
        d.put("logIntervalSeconds", Long.toString(o.intervalMicros() / 1_000_000));
        d.put("tsStart", Instant.EPOCH.plusNanos(o.startMicros() * 1000).toString());
        d.put("epochs", Long.toString(o.epochs()));
        d.put("fields", String.join(",", m.fields()));
        return d;
    }

    /** One slot's hosts, epoch by epoch; each host's state advances after every point, as TSBS's tick. */
    private final class Rows implements RowSource {
        private final long[] hosts;
        private final SplittableRandom[] streams;
        private final double[][] state;
        private final double intervalSeconds = o.intervalMicros() / 1e6;
        private long epoch;
        private int next;

        Rows(int slot, int slots) {
            long count = o.scale() > slot ? (o.scale() - 1 - slot) / slots + 1 : 0;
            this.hosts = new long[(int) count];
            this.streams = new SplittableRandom[hosts.length];
            this.state = new double[hosts.length][];
            for (int i = 0; i < hosts.length; i++) {
                hosts[i] = slot + 1 + (long) i * slots;
                streams[i] = stream(hosts[i], 0);
                state[i] = m.start(streams[i]);
            }
        }

        @Override
        public boolean fill(RowBatch batch) {
            batch.clear();
            while (!batch.isFull() && epoch < o.epochs() && hosts.length > 0) {
                int row = batch.addRow(o.startMicros() + epoch * o.intervalMicros(), hosts[next]);
                m.write(state[next], batch, row);
                m.tick(state[next], streams[next], intervalSeconds);
                if (++next == hosts.length) {
                    next = 0;
                    epoch++;
                }
            }
            return batch.size() > 0;
        }

        @Override
        public long plannedRows() {
            return hosts.length * o.epochs();
        }
    }
}
