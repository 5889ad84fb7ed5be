package io.dbharness.results;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.IOException;
import java.io.ByteArrayInputStream;
import java.io.DataInputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Results render and classify a server's figures by the descriptors the target's telemetry declared, never by a
 * product's names: no compiled class of this module holds a product's name, a wait event's or a telemetry counter's
 * (the compatibility table for older files is a resource of harness-core, not code here).
 */
class ProductVocabularyTest {

    /** Products' names and parts of their wait events' and counters' names: no constant may contain one. */
    static final List<String> PRODUCT_WORDS = List.of("PostgreSQL", "InfluxDB", "QuestDB", "pg_stat", "Lock:", "LWLock",
            "IO:", "Client:", "DataFileRead", "wal_", "checkpoints_", "points_written", "heap_", "cache_bytes");
    /** The targets' counters' names: no constant may be one. */
    static final Set<String> COUNTER_NAMES = Set.of("commits", "rollbacks", "deadlocks", "write_requests");

    @Test
    @Timeout(60)
    void noClassOfResultsNamesAProductOrItsMetrics() throws IOException {
        Path classes = Path.of(ServerRows.class.getProtectionDomain().getCodeSource().getLocation().getPath());
        List<String> found = new ArrayList<>();
        int scanned = 0;
        try (Stream<Path> files = Files.walk(classes)) {
            for (Path f : files.filter(p -> p.toString().endsWith(".class")).toList()) {
                scanned++;
                for (String c : constants(f)) {
                    for (String w : PRODUCT_WORDS) {
                        if (c.contains(w)) {
                            found.add(classes.relativize(f) + ": " + c);
                        }
                    }
                    if (COUNTER_NAMES.contains(c)) {
                        found.add(classes.relativize(f) + ": " + c);
                    }
                }
            }
        }
        assertTrue(scanned > 50, "results' classes found in " + classes + ": " + scanned);
        assertEquals(List.of(), found);
    }

    /** The texts of a class file's constant pool: its string constants, and the names it uses. */
    static List<String> constants(Path classFile) throws IOException {
        List<String> out = new ArrayList<>();
        try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(Files.readAllBytes(classFile)))) {
            in.skipBytes(8); // magic, minor and major version
            int count = in.readUnsignedShort();
            for (int i = 1; i < count; i++) {
                int tag = in.readUnsignedByte();
                switch (tag) {
                    case 1 -> out.add(in.readUTF());
                    case 7, 8, 16, 19, 20 -> in.skipBytes(2);
                    case 15 -> in.skipBytes(3);
                    case 3, 4, 9, 10, 11, 12, 17, 18 -> in.skipBytes(4);
                    case 5, 6 -> {
                        in.skipBytes(8);
                        i++; // a long or a double takes two entries
                    }
                    default -> throw new IOException(classFile + ": constant pool tag " + tag + " at entry " + i);
                }
            }
        }
        return out;
    }
}
