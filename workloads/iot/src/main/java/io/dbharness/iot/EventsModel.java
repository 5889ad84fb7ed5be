package io.dbharness.iot;

import io.dbharness.core.api.Generator;
import io.dbharness.core.api.MetricType;
import io.dbharness.core.api.RowBatch;
import io.dbharness.core.api.SeriesSchema;
import io.dbharness.core.api.SeriesTags;

import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * MaibornWolff's {@code events} ({@code --generator events}): per device, events numbered 1, 2, 3, ... 300 to
 * 600 ms apart (a uniform pick of 300, 360, ..., 600), each with a temperature uniform in [-20, 35) stored as
 * {@code real}, in hundredths of a degree (theirs has every digit a double has: rounded, averages of the same
 * rows agree exactly on every target, whatever order each adds them in); the device id is four random
 * characters, a name and four more, as theirs.
 *
 * <p>MaibornWolff's Python {@code random} is never seeded and stamps events from the wall clock, so only the
 * distributions can be theirs; here every value comes from a stream per device seeded by {@code (--seed,
 * device)}, from {@code --ts-start}, so runs repeat and any split over workers writes the same rows.
 */
final class EventsModel implements Generator {

    static final List<String> FIELDS = List.of("sequence_number", "temperature");
    private static final String CHARS = "abcdefghijklmnopqrstuvwxyz0123456789";

    private final EventsOptions o;
    private final SeriesSchema schema;

    EventsModel(EventsOptions options) {
        this.o = options;
        this.schema = new SeriesSchema(options.tableName(), "timestamp",
                SeriesTags.strings(List.of("device_id"), List.of("device_id"), options.devices(), this::deviceId),
                List.of(MetricType.INT8, MetricType.FLOAT4), FIELDS, FIELDS.size(), options.rowId());
    }

    private String[] deviceId(long device) {
        SplittableRandom r = new SplittableRandom(TelematicsGenerator.mix(o.seed() ^ 0x3e7f_0a11L, device, -5, 0));
        StringBuilder id = new StringBuilder();
        for (int i = 0; i < 4; i++) {
            id.append(CHARS.charAt(r.nextInt(CHARS.length())));
        }
        id.append("dbharness-worker-").append(device - 1);
        for (int i = 0; i < 4; i++) {
            id.append(CHARS.charAt(r.nextInt(CHARS.length())));
        }
        return new String[] {id.toString()};
    }

    @Override
    public String name() {
        return EventsProvider.NAME;
    }

    @Override
    public SeriesSchema schema() {
        return schema;
    }

    @Override
    public long seriesCount() {
        return o.devices();
    }

    @Override
    public long plannedRows() {
        return o.devices() * o.perDevice();
    }

    @Override
    public long startMicros() {
        return o.startMicros();
    }

    @Override
    public long endMicros() {
        return o.startMicros() + (o.perDevice() - 1) * 600_000L + 1; // at most 600 ms (MaibornWolff's longest gap) between two events
    }

    @Override
    public RowSource open(int slot, int slots) {
        int mine = (int) (o.devices() > slot ? (o.devices() - 1 - slot) / slots + 1 : 0);
        long[] devices = new long[mine];
        SplittableRandom[] streams = new SplittableRandom[mine];
        long[] micros = new long[mine];
        for (int i = 0; i < mine; i++) {
            devices[i] = slot + 1 + (long) i * slots;
            streams[i] = new SplittableRandom(TelematicsGenerator.mix(o.seed() ^ 0x6c8e_9cf5L, devices[i], -6, 0));
            micros[i] = o.startMicros();
        }
        return new RowSource() {
            private long sequence = 1;
            private int next;

            @Override
            public boolean fill(RowBatch batch) {
                batch.clear();
                while (!batch.isFull() && sequence <= o.perDevice() && mine > 0) {
                    SplittableRandom r = streams[next];
                    int row = batch.addRow(micros[next], devices[next]);
                    batch.setLong(row, 0, sequence);
                    batch.setDouble(row, 1, (float) (Math.floor((-20 + r.nextDouble() * 55) * 100) / 100));
                    micros[next] += (5 + r.nextInt(6)) * 60 * 1000L; // MaibornWolff's randint(5, 10) * 60 ms
                    if (++next == mine) {
                        next = 0;
                        sequence++;
                    }
                }
                return batch.size() > 0;
            }

            @Override
            public long plannedRows() {
                return mine * o.perDevice();
            }
        };
    }

    @Override
    public Map<String, String> describe() {
        Map<String, String> m = new LinkedHashMap<>();
        m.put("devices", Long.toString(o.devices()));
        m.put("eventsPerDevice", Long.toString(o.perDevice()));
        m.put("primaryKey", o.rowId().cliName());
        if (o.rowId().present()) {
            m.put("idColumn", o.rowId().sqlColumn());
        }
        m.put("tsStart", Instant.EPOCH.plusNanos(o.startMicros() * 1000).toString());
        return m;
    }
}
