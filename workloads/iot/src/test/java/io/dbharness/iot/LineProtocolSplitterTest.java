package io.dbharness.iot;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** A line-protocol stream split into a file per measurement, lines as they came, in first-seen order. */
class LineProtocolSplitterTest {

    @TempDir
    Path dir;

    @Test
    void aFilePerMeasurementInTheOrderTheyCame() throws Exception {
        List<Path> files;
        try (LineProtocolSplitter s = new LineProtocolSplitter(dir)) {
            s.add("cpu,host=a usage=1i 1");
            s.add("my\\,disk,host=a free=2i 1"); // an escaped comma is part of the name
            s.add("cpu,host=b usage=3i 1");
            s.add("mem used=4i 1");
            assertEquals(4, s.lines());
            assertEquals(Map.of("cpu", 2L, "my,disk", 1L, "mem", 1L), s.linesPerMeasurement());
            assertEquals(List.of("cpu", "my,disk", "mem"), List.copyOf(s.linesPerMeasurement().keySet()));
            assertEquals("cpu,host=a usage=1i 1\nmy\\,disk,host=a free=2i 1\ncpu,host=b usage=3i 1\nmem used=4i 1\n"
                    .length(), s.bytes());
            files = s.files();
        }
        assertEquals(3, files.size());
        assertEquals("cpu,host=a usage=1i 1\ncpu,host=b usage=3i 1\n", Files.readString(files.get(0)));
        assertEquals("my\\,disk,host=a free=2i 1\n", Files.readString(files.get(1)));
        assertEquals("mem used=4i 1\n", Files.readString(files.get(2)));
    }

    @Test
    void aLineThatIsNoPointIsRefusedSayingWhy() throws Exception {
        try (LineProtocolSplitter s = new LineProtocolSplitter(dir)) {
            assertEquals("no measurement", assertThrows(IllegalArgumentException.class,
                    () -> s.add(",host=a v=1i 1")).getMessage());
            assertEquals("no timestamp: every line needs one (nanoseconds)", assertThrows(IllegalArgumentException.class,
                    () -> s.add("cpu,host=a v=1i")).getMessage());
            assertEquals("field v is a string: only numbers are taken", assertThrows(IllegalArgumentException.class,
                    () -> s.add("cpu,host=a v=\"x\" 1")).getMessage());
            assertEquals(0, s.lines());
            assertEquals(List.of(), s.files());
        }
    }
}
