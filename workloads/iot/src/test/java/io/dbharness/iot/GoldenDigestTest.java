package io.dbharness.iot;

import io.dbharness.core.api.Generator;
import io.dbharness.core.api.GeneratorProvider;
import io.dbharness.core.api.RowBatch;
import io.dbharness.core.api.SeriesSchema;
import io.dbharness.core.encode.ByteSink;
import io.dbharness.core.encode.EncoderFormat;
import io.dbharness.core.encode.RowEncoder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * "Same flags, same rows", across versions too: for fixed flags, a SHA-256 of each data model's rows (their values)
 * and of the bytes each shared encoder makes of them, against the digests recorded in {@code golden-digests.txt}.
 * A change of a model's values or an encoder's bytes fails here until it is re-recorded on purpose ({@link #UPDATE}).
 */
class GoldenDigestTest {

    /** Surefire runs in the module's directory. */
    private static final Path FILE = Path.of("src/test/resources/io/dbharness/iot/golden-digests.txt");
    static final String UPDATE = "mvn -B -q -pl workloads/iot -am verify -Dtest=GoldenDigestTest"
            + " -Dsurefire.failIfNoSpecifiedTests=false -DfailIfNoTests=false -Ddbharness.updateGolden=true";

    /**
     * Each model (and the devops use case of nine tables, and telematics' other knobs) at a few hundred rows; TSBS's
     * trucks at a few thousand, so that its 1% of zeroed tags is among them.
     */
    private static final List<List<String>> CASES = List.of(
            List.of("generator", "telematics", "tag-num", "6", "total-metrics-count", "5", "ts-end", "2022-04-18 09:00:20",
                    "seed", "42"),
            List.of("generator", "telematics", "tag-num", "5", "total-metrics-count", "6", "metrics-type", "int4",
                    "ts-end", "2022-04-18 09:00:12", "generator-randomness", "M", "generator-disorder-ratio", "30",
                    "generator-empty-value-ratio", "20", "generator-batch-size", "2", "seed", "42"),
            List.of("generator", "devops", "use-case", "cpu-only", "scale", "3", "ts-end", "2016-01-01 00:05:00", "seed", "42"),
            List.of("generator", "devops", "use-case", "devops", "scale", "2", "ts-end", "2016-01-01 00:02:00", "seed", "42"),
            List.of("generator", "trucks", "scale", "4", "ts-end", "2016-01-01 01:00:00", "seed", "42"),
            List.of("generator", "trucks", "scale", "2", "ts-end", "2016-01-01 00:05:00", "iot-defects", "off", "seed", "42"),
            List.of("generator", "events", "devices", "3", "num-inserts", "20", "seed", "42"),
            List.of("generator", "template", "template", "cpu,host=server,location=us-west busy=0,idle=1i", "series", "6",
                    "points", "18", "seed", "42"));

    /** Worker and shard splits: 2 shards of 2 workers are slots 0..3 of 4 ({@code Shard.slot}). */
    private static final int[] SPLITS = {1, 3, 4};

    @Test
    @Timeout(60)
    void everyModelAndEncoderGivesTheRecordedRowsAndBytes() throws IOException {
        List<String> lines = new ArrayList<>();
        for (List<String> flags : CASES) {
            Generator g = model(flags);
            String rows = rowsDigest(g, 1);
            for (int slots : SPLITS) {
                assertEquals(rows, rowsDigest(g, slots), flagText(flags) + ": the rows of " + slots + " workers (or"
                        + " shards x workers) are not one worker's; the model promises the same rows for any split");
            }
            for (EncoderFormat f : EncoderFormat.values()) {
                lines.add(String.join("\t", f.cliName(), "rows=" + rows, "bytes=" + bytesDigest(g, f), flagText(flags)));
            }
        }
        String actual = "# model x encoder: SHA-256 of the rows (sorted) and of the encoder's bytes (one worker, batches of 7);"
                + " written by GoldenDigestTest\n" + String.join("\n", lines) + "\n";
        if (Boolean.getBoolean("dbharness.updateGolden")) {
            Files.createDirectories(FILE.getParent());
            Files.writeString(FILE, actual);
        }
        String recorded = Files.exists(FILE) ? Files.readString(FILE) : "";
        if (!recorded.equals(actual)) {
            fail("The generated rows or their encoding changed: the same flags no longer give the same rows (or bytes) as"
                    + " the recorded version, which breaks \"same flags, same rows\" across versions (results and answer"
                    + " digests of older versions describe other rows). If the change is deliberate, re-record with\n  " + UPDATE
                    + "\nand say so in the commit. Lines that differ:\n" + difference(recorded, actual));
        }
    }

    /** The way to re-record, as this module's README gives it. */
    @Test
    void theReadmeGivesTheCommandThatReRecords() throws IOException {
        assertTrue(Files.readString(Path.of("README.md")).contains(UPDATE), "workloads/iot/README.md lacks: " + UPDATE);
    }

    private static Generator model(List<String> flags) {
        var settings = TestSettings.insert(flags.toArray(String[]::new));
        GeneratorProvider p = GeneratorProvider.named(settings.string("generator"));
        IotInsertProvider.refuseOthersOptions(settings, p);
        return p.create(settings);
    }

    /** Every part's (table's) rows over {@code slots} slots, one text line each, sorted, so any split digests alike. */
    private static String rowsDigest(Generator g, int slots) {
        MessageDigest d = sha256();
        for (Generator part : g.parts()) {
            SeriesSchema s = part.schema();
            d.update((s.tableName() + "\n").getBytes(StandardCharsets.UTF_8));
            for (String row : GeneratorRows.of(part, slots, 7, (batch, r) -> line(s, batch, r))) {
                d.update((row + "\n").getBytes(StandardCharsets.UTF_8));
            }
        }
        return HexFormat.of().formatHex(d.digest());
    }

    /** Series tags, time, then each field's value, empty when the value is (NULL). */
    private static String line(SeriesSchema s, RowBatch batch, int r) {
        StringBuilder line = new StringBuilder(String.join(",", s.tags().values(batch.tagIds()[r])))
                .append(' ').append(batch.tsMicros()[r]);
        for (int f = 0; f < s.metricCount(); f++) {
            int i = r * s.metricCount() + f;
            line.append(' ').append(s.fieldName(f)).append('=');
            if (batch.present()[i]) {
                line.append(s.fieldType(f).integral() ? Long.toString(batch.longs()[i]) : Double.toString(batch.doubles()[i]));
            }
        }
        return line.toString();
    }

    /** One worker's stream of each part, as a writer encodes it: begin, every batch, end. */
    private static String bytesDigest(Generator g, EncoderFormat format) {
        MessageDigest d = sha256();
        ByteSink sink = new ByteSink();
        for (Generator part : g.parts()) {
            RowEncoder e = format.create(part.schema());
            RowBatch batch = new RowBatch(part.schema(), 7);
            Generator.RowSource src = part.open(0, 1);
            e.begin(sink);
            while (src.fill(batch)) {
                e.encode(batch, sink);
                d.update(sink.array(), 0, sink.length());
                sink.reset();
            }
            e.end(sink);
            d.update(sink.array(), 0, sink.length());
            sink.reset();
        }
        return HexFormat.of().formatHex(d.digest());
    }

    private static String flagText(List<String> flags) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < flags.size(); i += 2) {
            String v = flags.get(i + 1);
            b.append(i == 0 ? "" : " ").append("--").append(flags.get(i)).append(' ')
                    .append(v.matches("[A-Za-z0-9._-]+") ? v : "'" + v + "'");
        }
        return b.toString();
    }

    private static String difference(String recorded, String actual) {
        List<String> was = recorded.lines().toList();
        List<String> now = actual.lines().toList();
        return Stream.concat(was.stream().filter(l -> !now.contains(l)).map(l -> "- " + l),
                now.stream().filter(l -> !was.contains(l)).map(l -> "+ " + l)).collect(Collectors.joining("\n"));
    }

    private static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
