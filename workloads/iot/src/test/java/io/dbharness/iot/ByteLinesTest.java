package io.dbharness.iot;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.BufferedReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The CSV reader's lines are {@link BufferedReader#readLine}'s, wherever the ends fall against its buffer. */
@Timeout(60)
class ByteLinesTest {

    @TempDir
    Path dir;

    private static List<String> byteLines(Path p) throws Exception {
        List<String> out = new ArrayList<>();
        try (ByteLines l = new ByteLines(p)) {
            while (l.next()) {
                out.add(new String(l.buffer(), l.start(), l.end() - l.start(), StandardCharsets.ISO_8859_1));
            }
        }
        return out;
    }

    private static List<String> readLines(Path p) throws Exception {
        List<String> out = new ArrayList<>();
        try (BufferedReader r = Files.newBufferedReader(p, StandardCharsets.ISO_8859_1)) {
            for (String s = r.readLine(); s != null; s = r.readLine()) {
                out.add(s);
            }
        }
        return out;
    }

    @Test
    void endsAsReadLineEndsThem() throws Exception {
        String[] texts = {"", "a", "a\n", "a\r", "a\r\n", "\n\n", "\r\r\n\n", "a\nb", "a\r\nb\r\n", "a\n\rb", "x,1,2\r\n\r\n"};
        for (String t : texts) {
            Path p = Files.writeString(dir.resolve("t.csv"), t, StandardCharsets.ISO_8859_1);
            assertEquals(readLines(p), byteLines(p), "for " + t.replace("\r", "\\r").replace("\n", "\\n"));
        }
    }

    /** Lines of every length up to twice the buffer, every kind of end, so ends (and a CR's LF) fall on its edges. */
    @Test
    void endsAcrossTheBufferAndLinesLongerThanIt() throws Exception {
        Random random = new Random(7);
        StringBuilder text = new StringBuilder();
        String[] ends = {"\n", "\r", "\r\n"};
        while (text.length() < 600_000) {
            int length = random.nextInt(10) == 0 ? random.nextInt(140_000) : random.nextInt(200);
            for (int i = 0; i < length; i++) {
                text.append((char) ('a' + random.nextInt(26)));
            }
            text.append(ends[random.nextInt(ends.length)]);
        }
        text.append("last line without an end");
        Path p = Files.writeString(dir.resolve("long.csv"), text, StandardCharsets.ISO_8859_1);
        List<String> expected = readLines(p);
        assertEquals(expected, byteLines(p));
        // a CR as the 65,536th byte, its LF the first of the next read
        String cr = "x".repeat(64 * 1024 - 1) + "\r\n" + "y\r\n";
        Path q = Files.writeString(dir.resolve("cr.csv"), cr, StandardCharsets.ISO_8859_1);
        assertEquals(readLines(q), byteLines(q));
    }

    @Test
    void aPlainSeriesIsReadFromTheBytesAndAnyOtherLeftToTheFullRead() {
        String[][] cases = {{"2022-04-18 09:00:00,17,1.5", "17"}, {"t,2147483646,1", "2147483646"},
                {"t,2147483647,1", "-1"}, {"t,0,1", "-1"}, {"t, 17,1", "-1"}, {"t,+17,1", "-1"}, {"t,,1", "-1"},
                {"t,17", "-1"}, {"t,12345678901,1", "-1"}, {"ts,tag_id,c0", "-1"}, {"", "-1"}, {"t", "-1"}};
        for (String[] c : cases) {
            byte[] b = ("##" + c[0] + "##").getBytes(StandardCharsets.ISO_8859_1);
            assertEquals(Long.parseLong(c[1]), FileModel.plainSeries(b, 2, b.length - 2), c[0]);
        }
    }
}
