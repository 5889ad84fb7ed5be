package io.dbharness.iot;

import io.dbharness.core.api.MetricType;
import io.dbharness.core.api.RowBatch;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.SplittableRandom;

/**
 * The eight measurements TSBS's {@code devops} use case writes beside {@code cpu} ({@code
 * pkg/data/usecases/devops/*.go}): their names, the tags each adds to the host's ten, their fields in TSBS's
 * order and how TSBS draws them. Most fields are walks whose steps are normal draws: clamped to a range
 * ({@code CWD}), monotonic ({@code MWD}: the step's absolute value) or free ({@code WD}), written as their
 * integer part; {@code mem} and {@code disk} derive their fields from a few walks, {@code kernel} and
 * {@code redis} lead with a constant and a counter.
 *
 * <p>Each host's state is drawn from a stream of its own per measurement, so the rows are a function of the
 * seed, the host and the time step, as for {@code cpu}.
 */
abstract class DevopsMeasurement {

    /** A walk of one field: its steps' normal distribution, its bounds (clamped walks) and start. */
    record Walk(Kind kind, double mean, double stddev, double min, double max, double start) {
        enum Kind { CLAMPED, MONOTONIC, FREE }

        static Walk clamped(double mean, double stddev, double min, double max, double start) {
            return new Walk(Kind.CLAMPED, mean, stddev, min, max, start);
        }

        static Walk monotonic(double mean, double stddev) {
            return new Walk(Kind.MONOTONIC, mean, stddev, 0, 0, 0);
        }

        static Walk free(double mean, double stddev) {
            return new Walk(Kind.FREE, mean, stddev, 0, 0, 0);
        }

        double step(double value, SplittableRandom r) {
            double d = mean + stddev * r.nextGaussian();
            return switch (kind) {
                case CLAMPED -> Math.min(max, Math.max(min, value + d));
                case MONOTONIC -> value + Math.abs(d);
                case FREE -> value + d;
            };
        }
    }

    private final String name;
    private final List<String> tags;
    private final List<String> fields;
    private final List<MetricType> types;

    DevopsMeasurement(String name, List<String> tags, List<String> fields, List<MetricType> types) {
        this.name = name;
        this.tags = tags;
        this.fields = fields;
        this.types = types;
    }

    String name() {
        return name;
    }

    /** The tags this measurement adds after the host's ten. */
    List<String> tags() {
        return tags;
    }

    List<String> fields() {
        return fields;
    }

    List<MetricType> types() {
        return types;
    }

    /** The added tags' values for one host, drawn from {@code r}. */
    abstract String[] tagValues(SplittableRandom r);

    /** One host's state at the first point, drawn from {@code r}. */
    abstract double[] start(SplittableRandom r);

    /** Writes the fields of the point the state stands for into {@code row}. */
    abstract void write(double[] state, RowBatch batch, int row);

    /** Advances the state by one {@code --log-interval} of {@code intervalSeconds}. */
    abstract void tick(double[] state, SplittableRandom r, double intervalSeconds);

    /** {@code cpu}: the ten {@code usage_*} fields, each a walk of N(0, 1) steps clamped to 0-100 from a uniform start. */
    static DevopsMeasurement cpu() {
        Walk usage = Walk.clamped(0, 1, 0, 100, 0);
        return new Walks("cpu", List.of(), List.of(), DevopsModel.CPU_FIELDS, same(DevopsModel.CPU_FIELDS.size(), usage)) {
            @Override
            double[] start(SplittableRandom r) {
                double[] s = new double[DevopsModel.CPU_FIELDS.size()];
                for (int f = 0; f < s.length; f++) {
                    s[f] = r.nextDouble() * 100;
                }
                return s;
            }
        };
    }

    /** The eight, in TSBS's order after {@code cpu}. */
    static List<DevopsMeasurement> all() {
        return List.of(diskio(), disk(), kernel(), mem(), net(), nginx(), postgresql(), redis());
    }

    /** Fields that are each a walk, written as integers, after {@code leading} fields the subclass writes. */
    private static class Walks extends DevopsMeasurement {
        private final List<Walk> walks;
        private final int leading;

        Walks(String name, List<String> tags, List<String> leadingFields, List<String> fields, List<Walk> walks) {
            super(name, tags, concat(leadingFields, fields),
                    Collections.nCopies(leadingFields.size() + fields.size(), MetricType.INT8));
            this.walks = walks;
            this.leading = leadingFields.size();
        }

        @Override
        String[] tagValues(SplittableRandom r) {
            return new String[0];
        }

        /** The leading fields' state first (zeros unless overridden), then each walk's start. */
        @Override
        double[] start(SplittableRandom r) {
            double[] s = new double[leading + walks.size()];
            for (int i = 0; i < walks.size(); i++) {
                s[leading + i] = walks.get(i).start();
            }
            return s;
        }

        @Override
        void write(double[] state, RowBatch batch, int row) {
            for (int f = 0; f < state.length; f++) {
                batch.setLong(row, f, (long) state[f]);
            }
        }

        @Override
        void tick(double[] state, SplittableRandom r, double intervalSeconds) {
            for (int i = 0; i < walks.size(); i++) {
                state[leading + i] = walks.get(i).step(state[leading + i], r);
            }
        }
    }

    private static List<String> concat(List<String> a, List<String> b) {
        List<String> out = new ArrayList<>(a);
        out.addAll(b);
        return List.copyOf(out);
    }

    private static List<Walk> same(int n, Walk w) {
        return Collections.nCopies(n, w);
    }

    /** {@code diskio}: seven monotonic counters, tag {@code serial} "NNN-NNN-NNN". */
    static DevopsMeasurement diskio() {
        Walk ops = Walk.monotonic(50, 1);
        Walk bytes = Walk.monotonic(100, 1);
        Walk time = Walk.monotonic(5, 1);
        return new Walks("diskio", List.of("serial"), List.of(), List.of("reads", "writes", "read_bytes", "write_bytes",
                "read_time", "write_time", "io_time"), List.of(ops, ops, bytes, bytes, time, time, time)) {
            @Override
            String[] tagValues(SplittableRandom r) {
                return new String[] {String.format("%03d-%03d-%03d", r.nextInt(1000), r.nextInt(1000), r.nextInt(1000))};
            }
        };
    }

    /** {@code kernel}: a constant {@code boot_time} (0-239), then five monotonic counters. */
    static DevopsMeasurement kernel() {
        return new Walks("kernel", List.of(), List.of("boot_time"), List.of("interrupts", "context_switches",
                "processes_forked", "disk_pages_in", "disk_pages_out"), same(5, Walk.monotonic(5, 1))) {
            @Override
            double[] start(SplittableRandom r) {
                double[] s = super.start(r);
                s[0] = r.nextInt(240);
                return s;
            }
        };
    }

    /** {@code net}: eight monotonic counters, tag {@code interface} eth0-eth3. */
    static DevopsMeasurement net() {
        Walk high = Walk.monotonic(50, 1);
        Walk low = Walk.monotonic(5, 1);
        return new Walks("net", List.of("interface"), List.of(), List.of("bytes_sent", "bytes_recv", "packets_sent",
                "packets_recv", "err_in", "err_out", "drop_in", "drop_out"),
                List.of(high, high, high, high, low, low, low, low)) {
            @Override
            String[] tagValues(SplittableRandom r) {
                return new String[] {"eth" + r.nextInt(4)};
            }
        };
    }

    /** {@code nginx}: counters and gauges (0-100), tags {@code port} 1024-21023 and {@code server} nginx_N. */
    static DevopsMeasurement nginx() {
        Walk counter = Walk.monotonic(5, 1);
        Walk gauge = Walk.clamped(5, 1, 0, 100, 0);
        return new Walks("nginx", List.of("port", "server"), List.of(), List.of("accepts", "active", "handled", "reading",
                "requests", "waiting", "writing"), List.of(counter, gauge, counter, gauge, counter, gauge, gauge)) {
            @Override
            String[] tagValues(SplittableRandom r) {
                String server = "nginx_" + r.nextInt(100000);
                return new String[] {Long.toString(r.nextLong(20000) + 1024), server};
            }
        };
    }

    /** {@code postgresl} (TSBS's spelling): sixteen gauges clamped to 0-1000, {@code temp_bytes} to 0-1 GiB. */
    static DevopsMeasurement postgresql() {
        Walk low = Walk.clamped(5, 1, 0, 1000, 0);
        List<Walk> walks = new ArrayList<>(same(16, low));
        walks.set(12, Walk.clamped(1024, 1, 0, 1024 * 1024 * 1024, 0));
        return new Walks("postgresl", List.of(), List.of(), List.of("numbackends", "xact_commit", "xact_rollback",
                "blks_read", "blks_hit", "tup_returned", "tup_fetched", "tup_inserted", "tup_updated", "tup_deleted",
                "conflicts", "temp_files", "temp_bytes", "deadlocks", "blk_read_time", "blk_write_time"), walks);
    }

    /** {@code redis}: {@code uptime_in_seconds}, then thirty walks; tags {@code port} and {@code server} redis_N. */
    static DevopsMeasurement redis() {
        Walk low = Walk.clamped(5, 1, 0, 1000, 0);
        Walk lowCounter = Walk.monotonic(5, 1);
        Walk highCounter = Walk.monotonic(50, 1);
        Walk rate = Walk.free(1, 1);
        double sixteenGiB = 16.0 * 1024 * 1024 * 1024;
        Walk memory = Walk.clamped(50, 1, 0, sixteenGiB, sixteenGiB / 2);
        Walk highGauge = Walk.clamped(50, 1, 0, 10000, 0);
        List<Walk> walks = new ArrayList<>(List.of(lowCounter, highCounter, highCounter, highCounter, highCounter,
                rate, rate, rate, highGauge, memory, memory, memory, memory, highGauge));
        walks.addAll(same(11, low));
        walks.add(Walk.clamped(5, 1, 0, 100, 0)); // mem_fragmentation_ratio
        walks.addAll(same(4, low));
        return new Walks("redis", List.of("port", "server"), List.of("uptime_in_seconds"), List.of(
                "total_connections_received", "expired_keys", "evicted_keys", "keyspace_hits", "keyspace_misses",
                "instantaneous_ops_per_sec", "instantaneous_input_kbps", "instantaneous_output_kbps", "connected_clients",
                "used_memory", "used_memory_rss", "used_memory_peak", "used_memory_lua", "rdb_changes_since_last_save",
                "sync_full", "sync_partial_ok", "sync_partial_err", "pubsub_channels", "pubsub_patterns",
                "latest_fork_usec", "connected_slaves", "master_repl_offset", "repl_backlog_active", "repl_backlog_size",
                "repl_backlog_histlen", "mem_fragmentation_ratio", "used_cpu_sys", "used_cpu_user",
                "used_cpu_sys_children", "used_cpu_user_children"), walks) {
            @Override
            String[] tagValues(SplittableRandom r) {
                String server = "redis_" + r.nextInt(100000);
                return new String[] {Long.toString(r.nextLong(20000) + 1024), server};
            }

            @Override
            void tick(double[] state, SplittableRandom r, double intervalSeconds) {
                super.tick(state, r, intervalSeconds);
                state[0] += intervalSeconds;
            }
        };
    }

    private static final double TERABYTE = 1L << 40;
    private static final long INODE = 4096;

    /**
     * {@code disk}: one walk, the free bytes of a 1 TiB disk (clamped, N(50, 1) steps, from half), and what
     * follows from it; tags {@code path} /dev/sda0-9 and {@code fstype}.
     */
    static DevopsMeasurement disk() {
        Walk free = Walk.clamped(50, 1, 0, TERABYTE, TERABYTE / 2);
        String[] fsTypes = {"ext3", "ext4", "btrfs"};
        return new DevopsMeasurement("disk", List.of("path", "fstype"), List.of("total", "free", "used", "used_percent",
                "inodes_total", "inodes_free", "inodes_used"), Collections.nCopies(7, MetricType.INT8)) {
            @Override
            String[] tagValues(SplittableRandom r) {
                String path = "/dev/sda" + r.nextInt(10);
                return new String[] {path, fsTypes[r.nextInt(fsTypes.length)]};
            }

            @Override
            double[] start(SplittableRandom r) {
                return new double[] {free.start()};
            }

            @Override
            void write(double[] state, RowBatch batch, int row) {
                long total = 1L << 40;
                long freeBytes = (long) state[0];
                long used = total - freeBytes;
                batch.setLong(row, 0, total);
                batch.setLong(row, 1, freeBytes);
                batch.setLong(row, 2, used);
                batch.setLong(row, 3, (long) (100.0 * ((double) used / total)));
                batch.setLong(row, 4, total / INODE);
                batch.setLong(row, 5, freeBytes / INODE);
                batch.setLong(row, 6, total / INODE - freeBytes / INODE);
            }

            @Override
            void tick(double[] state, SplittableRandom r, double intervalSeconds) {
                state[0] = free.step(state[0], r);
            }
        };
    }

    /**
     * {@code mem}: a total of 8, 12 or 16 GiB and three walks (used, cached, buffered bytes; N(0, total/64)
     * steps clamped to the total from a uniform start); six integer fields, then three percentages as floats.
     */
    static DevopsMeasurement mem() {
        List<MetricType> types = new ArrayList<>(Collections.nCopies(6, MetricType.INT8));
        types.addAll(Collections.nCopies(3, MetricType.FLOAT8));
        long[] totals = {8L << 30, 12L << 30, 16L << 30};
        return new DevopsMeasurement("mem", List.of(), List.of("total", "available", "used", "free", "cached", "buffered",
                "used_percent", "available_percent", "buffered_percent"), List.copyOf(types)) {
            @Override
            String[] tagValues(SplittableRandom r) {
                return new String[0];
            }

            /** total, used, cached, buffered */
            @Override
            double[] start(SplittableRandom r) {
                double total = totals[r.nextInt(totals.length)];
                return new double[] {total, r.nextDouble() * total, r.nextDouble() * total, r.nextDouble() * total};
            }

            @Override
            void write(double[] state, RowBatch batch, int row) {
                long total = (long) state[0];
                long used = (long) state[1];
                long cached = (long) state[2];
                long buffered = (long) state[3];
                long available = total - used;
                batch.setLong(row, 0, total);
                batch.setLong(row, 1, available);
                batch.setLong(row, 2, used);
                batch.setLong(row, 3, available); // TSBS writes available as free too (its comment says the model is off)
                batch.setLong(row, 4, cached);
                batch.setLong(row, 5, buffered);
                batch.setDouble(row, 6, 100.0 * ((double) used / total));
                batch.setDouble(row, 7, 100.0 * ((double) available / total));
                batch.setDouble(row, 8, 100.0 * ((double) buffered / total));
            }

            @Override
            void tick(double[] state, SplittableRandom r, double intervalSeconds) {
                double total = state[0];
                for (int i = 1; i < 4; i++) {
                    state[i] = Math.min(total, Math.max(0, state[i] + total / 64 * r.nextGaussian()));
                }
            }
        };
    }
}
