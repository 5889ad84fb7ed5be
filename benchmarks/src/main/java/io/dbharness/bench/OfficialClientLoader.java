package io.dbharness.bench;

import com.influxdb.LogLevel;
import com.influxdb.client.InfluxDBClient;
import com.influxdb.client.InfluxDBClientFactory;
import com.influxdb.client.InfluxDBClientOptions;
import com.influxdb.client.WriteApiBlocking;
import com.influxdb.client.domain.WritePrecision;
import io.questdb.client.Sender;
import okhttp3.HttpUrl;
import okhttp3.OkHttpClient;
import okhttp3.Request;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The official clients writing the harness's rows flat out, for {@code scripts/ingest-vs-official-clients.sh}:
 * QuestDB's Java ILP client ({@code io.questdb.client.Sender}, artifact {@code org.questdb:questdb-client}) over
 * HTTP, and influxdb-client-java's {@code WriteApiBlocking} with line-protocol records.
 *
 * <pre>
 * java -cp benchmarks/target/benchmarks.jar io.dbharness.bench.OfficialClientLoader \
 *     questdb|influx FILE.lp URL TABLE_OR_DATABASE THREADS BATCH_LINES
 * </pre>
 *
 * <p>The rows are the line-protocol file {@code runner --target file --format line-protocol} writes for the same
 * flags; they are parsed into memory before the clock starts, so the figure is the client's alone (the harness's
 * figure includes generating and encoding its rows). Threads split the rows by device as the harness's workers
 * do ({@code (tag - 1) % threads}), each with its own client (one connection), each flushing every
 * {@code BATCH_LINES} rows (the harness's {@code --batch-lines}). Prints one line: rows, seconds, rows/s.
 */
public final class OfficialClientLoader {

    /** One thread's rows in the file's order, values parsed: what the QuestDB client is handed. */
    static final class Rows {
        final List<String> tags = new ArrayList<>();
        long[] ts = new long[1024];
        int[] start = new int[1025]; // fields of row i: [start[i], start[i + 1])
        byte[] field = new byte[8192];
        double[] value = new double[8192];
        int rows;
        int fields;

        void add(String tag, long t, byte[] f, double[] v, int n) {
            if (rows + 1 >= ts.length) {
                ts = java.util.Arrays.copyOf(ts, ts.length * 2);
                start = java.util.Arrays.copyOf(start, start.length * 2);
            }
            while (fields + n > field.length) {
                field = java.util.Arrays.copyOf(field, field.length * 2);
                value = java.util.Arrays.copyOf(value, value.length * 2);
            }
            tags.add(tag);
            ts[rows] = t;
            start[rows] = fields;
            System.arraycopy(f, 0, field, fields, n);
            System.arraycopy(v, 0, value, fields, n);
            fields += n;
            rows++;
            start[rows] = fields;
        }
    }

    public static void main(String[] args) throws Exception {
        if (args.length != 6) {
            System.err.println("usage: OfficialClientLoader questdb|influx FILE.lp URL TABLE_OR_DATABASE THREADS BATCH_LINES");
            System.exit(2);
        }
        String client = args[0];
        Path file = Path.of(args[1]);
        String url = args[2];
        String name = args[3];
        int threads = Integer.parseInt(args[4]);
        int batch = Integer.parseInt(args[5]);
        List<Runnable> work = switch (client) {
            case "questdb" -> questdb(file, url, name, threads, batch);
            case "influx" -> influx(file, url, name, threads, batch);
            default -> throw new IllegalArgumentException("client: questdb or influx, not " + client);
        };
        run(work);
    }

    /** Rows parsed, all threads: set before the clock starts. */
    private static long totalRows;

    private static void run(List<Runnable> work) throws InterruptedException {
        CountDownLatch go = new CountDownLatch(1);
        CountDownLatch done = new CountDownLatch(work.size());
        AtomicReference<Throwable> failure = new AtomicReference<>();
        for (Runnable w : work) {
            Thread t = new Thread(() -> {
                try {
                    go.await();
                    w.run();
                } catch (Throwable e) {
                    failure.compareAndSet(null, e);
                } finally {
                    done.countDown();
                }
            });
            t.start();
        }
        long t0 = System.nanoTime();
        go.countDown();
        done.await();
        double seconds = (System.nanoTime() - t0) / 1e9;
        if (failure.get() != null) {
            failure.get().printStackTrace();
            System.exit(1);
        }
        System.out.printf(Locale.ROOT, "rows=%d seconds=%.3f rowsPerSecond=%.0f%n", totalRows, seconds, totalRows / seconds);
    }

    /** The device of a line {@code measurement,tag_id=N fields ts}, for the split over threads. */
    private static int tagOf(String line, int comma, int space) {
        int eq = line.indexOf('=', comma);
        return Integer.parseInt(line, eq + 1, space, 10);
    }

    private static List<Runnable> questdb(Path file, String url, String table, int threads, int batch) throws IOException {
        Rows[] parts = new Rows[threads];
        for (int i = 0; i < threads; i++) {
            parts[i] = new Rows();
        }
        Map<String, String> tags = new HashMap<>();
        Map<String, Byte> fieldIds = new HashMap<>();
        List<String> fieldNames = new ArrayList<>();
        byte[] f = new byte[256];
        double[] v = new double[256];
        try (BufferedReader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            for (String line; (line = in.readLine()) != null; ) {
                int comma = line.indexOf(',');
                int space = line.indexOf(' ');
                int last = line.lastIndexOf(' ');
                String tag = tags.computeIfAbsent(line.substring(line.indexOf('=', comma) + 1, space), k -> k);
                int n = 0;
                for (String kv : line.substring(space + 1, last).split(",")) {
                    int eq = kv.indexOf('=');
                    String k = kv.substring(0, eq);
                    Byte id = fieldIds.get(k);
                    if (id == null) {
                        id = (byte) fieldNames.size();
                        fieldIds.put(k, id);
                        fieldNames.add(k);
                    }
                    f[n] = id;
                    v[n++] = Double.parseDouble(kv.substring(eq + 1));
                }
                long ts = Long.parseLong(line, last + 1, line.length(), 10);
                parts[(tagOf(line, comma, space) - 1) % threads].add(tag, ts, f, v, n);
            }
        }
        String[] names = fieldNames.toArray(String[]::new);
        List<Runnable> work = new ArrayList<>();
        for (Rows r : parts) {
            totalRows += r.rows;
            // auto flush off: the loader flushes every `batch` rows, one HTTP request each, as the harness posts
            Sender sender = Sender.fromConfig("http::addr=" + url.replaceFirst("^https?://", "") + ";auto_flush=off;");
            work.add(() -> {
                try (sender) {
                    for (int i = 0; i < r.rows; i++) {
                        sender.table(table).symbol("tag_id", r.tags.get(i));
                        for (int j = r.start[i]; j < r.start[i + 1]; j++) {
                            sender.doubleColumn(names[r.field[j]], r.value[j]);
                        }
                        sender.at(r.ts[i], ChronoUnit.NANOS);
                        if ((i + 1) % batch == 0) {
                            sender.flush();
                        }
                    }
                    sender.flush();
                }
            });
        }
        return work;
    }

    private static List<Runnable> influx(Path file, String url, String database, int threads, int batch) throws IOException {
        // the records as the harness sends them with --precision auto on whole seconds: timestamps in seconds
        List<List<List<String>>> parts = new ArrayList<>();
        List<List<String>> current = new ArrayList<>();
        for (int i = 0; i < threads; i++) {
            parts.add(new ArrayList<>());
            current.add(new ArrayList<>(batch));
        }
        try (BufferedReader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            for (String line; (line = in.readLine()) != null; ) {
                int last = line.lastIndexOf(' ');
                if (!line.endsWith("000000000")) {
                    throw new IllegalStateException("a timestamp that is not a whole second: " + line);
                }
                int slot = (tagOf(line, line.indexOf(','), line.indexOf(' ')) - 1) % threads;
                List<String> b = current.get(slot);
                b.add(line.substring(0, line.length() - 9));
                totalRows++;
                if (b.size() == batch) {
                    parts.get(slot).add(b);
                    current.set(slot, new ArrayList<>(batch));
                }
            }
        }
        List<Runnable> work = new ArrayList<>();
        for (int i = 0; i < threads; i++) {
            if (!current.get(i).isEmpty()) {
                parts.get(i).add(current.get(i));
            }
            List<List<String>> batches = parts.get(i);
            InfluxDBClient c = InfluxDBClientFactory.create(InfluxDBClientOptions.builder()
                    .url(url).org("-").bucket(database).authenticateToken("unused".toCharArray())
                    .logLevel(LogLevel.NONE).okHttpClient(v1Write(new OkHttpClient.Builder())).build());
            WriteApiBlocking write = c.getWriteApiBlocking();
            work.add(() -> {
                try (c) {
                    for (List<String> b : batches) {
                        write.writeRecords(database, "-", WritePrecision.S, b);
                    }
                }
            });
        }
        return work;
    }

    /**
     * InfluxDB 1.6 (Debian's) has no {@code /api/v2/write}, which influxdb-client-java posts to; InfluxDB 1.8+
     * serves it by handing the body to the v1 write path with {@code bucket} as the database. This interceptor does
     * that mapping on the request line only (same body, same headers), so everything the client does is measured.
     */
    static OkHttpClient.Builder v1Write(OkHttpClient.Builder b) {
        return b.readTimeout(60, TimeUnit.SECONDS).writeTimeout(60, TimeUnit.SECONDS).addInterceptor(chain -> {
            Request r = chain.request();
            HttpUrl u = r.url();
            if (u.encodedPath().equals("/api/v2/write")) {
                String precision = u.queryParameter("precision");
                HttpUrl v1 = u.newBuilder().encodedPath("/write").query(null)
                        .addQueryParameter("db", u.queryParameter("bucket"))
                        .addQueryParameter("precision", precision == null ? "ns" : precision).build();
                r = r.newBuilder().url(v1).build();
            }
            return chain.proceed(r);
        });
    }
}
