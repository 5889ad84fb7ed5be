package io.dbharness.core.api;

import io.dbharness.core.api.MetricDescriptor.Category;
import io.dbharness.core.api.MetricDescriptor.Kind;
import io.dbharness.core.api.MetricDescriptor.Merge;
import io.dbharness.core.api.MetricDescriptor.Show;
import io.dbharness.core.api.MetricDescriptor.Unit;
import io.dbharness.core.result.ServerUsage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A catalogue describes a reporter's figures: exact names, patterns for names seen only at run time, one per kind. */
@Timeout(30)
class MetricCatalogueTest {

    static final MetricCatalogue C = MetricCatalogue.parse("""
            # a comment, then a blank line

            hits        counter  count     memory  sum   always  cache hits
            level       gauge    bytes     memory  last  no      -
            level       counter  count     other   sum   no      level changes
            wait:lock*  wait     sessions  lock    sum   no      lock
            wait:*      wait     sessions  other   sum   no      -
            """, "test");

    @Test
    void aNameIsDescribedByTheFirstDeclarationOfItsKind() {
        assertEquals(new MetricDescriptor("hits", Kind.COUNTER, Unit.COUNT, Category.MEMORY, Merge.SUM, "cache hits",
                Show.ALWAYS), C.describe("hits", Kind.COUNTER));
        assertEquals("level", C.describe("level", Kind.GAUGE).label(), "a label of - is the name");
        assertEquals(Merge.LAST, C.describe("level", Kind.GAUGE).merge());
        assertEquals("level changes", C.describe("level", Kind.COUNTER).label(), "one name, another kind");
    }

    @Test
    void aPatternDescribesTheNamesItMatchesInOrder() {
        MetricDescriptor row = C.describe("wait:lockrow", Kind.WAIT);
        assertEquals("wait:lockrow", row.name());
        assertEquals("lock", row.label(), "a pattern's label is its figures' shared one");
        assertEquals(Category.LOCK, row.category());
        MetricDescriptor io = C.describe("wait:io", Kind.WAIT);
        assertEquals(Category.OTHER, io.category(), "the first match wins");
        assertEquals("wait:io", io.label(), "a pattern labelled - names each figure by its own name");
    }

    @Test
    void anUndeclaredFigureKeepsItsNameAndNoCategory() {
        MetricDescriptor d = C.describe("misses", Kind.COUNTER);
        assertEquals(MetricDescriptor.undeclared("misses", Kind.COUNTER), d);
        assertEquals(Category.OTHER, d.category());
        assertEquals(Show.NO, d.show());
    }

    @Test
    void describeAllFollowsTheDeclarationsOrder() {
        List<MetricDescriptor> all = C.describeAll(List.of("zz", "level", "hits"), List.of("level"), List.of("wait:x"));
        assertEquals(List.of("hits:COUNTER", "level:GAUGE", "level:COUNTER", "wait:x:WAIT", "zz:COUNTER"),
                all.stream().map(d -> d.name() + ":" + d.kind()).toList());
    }

    @Test
    void aLineThatDoesNotParseIsNamedWithItsPlace() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> MetricCatalogue.parse("hits counter count memory sum always x\nhits counter lots memory sum no x", "f.txt"));
        assertTrue(e.getMessage().startsWith("f.txt:2: "), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> MetricCatalogue.parse("hits counter", "f.txt"));
        assertTrue(e.getMessage().startsWith("f.txt:1: want name kind unit category merge show label"), e.getMessage());
    }

    @Test
    void readingsCombineByTheirMergeRule() {
        assertEquals(7, Merge.SUM.combine(3, 1, 4));
        assertEquals(4, Merge.MAX.combine(3, 1, 4));
        assertEquals(2, Merge.MAX.combine(2, 3, 1));
        assertEquals(3, Merge.MEAN.combine(2, 2, 5), "the mean of 1, 3 and 5");
        assertEquals(4, Merge.LAST.combine(3, 1, 4));
    }

    /** A result written before descriptors were carried is described by the compatibility table, as reports read it then. */
    @Test
    void anAccountWithoutDescriptorsGetsThemFromTheCompatibilityTable() {
        ServerUsage old = new ServerUsage("wait events", 10, Map.of("Lock:tuple", 4L, "IO:WALSync", 3L, "CPU", 2L,
                "IO:DataFileRead", 1L, "Client:ClientRead", 1L, "LWLock:BufferContent", 1L),
                Map.of("commits", 1.0, "wal_bytes", 2.0), Map.of("wal_bytes", 5.0), -1, -1, -1, -1, -1, List.of(),
                Map.of(), 0, 0);
        assertEquals(Category.LOCK, old.metric("Lock:tuple", Kind.WAIT).category());
        assertEquals("Lock", old.metric("Lock:tuple", Kind.WAIT).label());
        assertEquals(Category.WAL, old.metric("IO:WALSync", Kind.WAIT).category());
        assertEquals(Category.IO, old.metric("IO:DataFileRead", Kind.WAIT).category());
        assertEquals(Category.CLIENT, old.metric("Client:ClientRead", Kind.WAIT).category());
        assertEquals(Category.CPU, old.metric("CPU", Kind.WAIT).category());
        assertEquals(Category.OTHER, old.metric("LWLock:BufferContent", Kind.WAIT).category());
        assertEquals(Unit.BYTES, old.metric("wal_bytes", Kind.COUNTER).unit());
        assertEquals(Merge.LAST, old.metric("wal_bytes", Kind.GAUGE).merge(), "the same name as another product's gauge");
        assertEquals(9, old.metrics().size(), old.metrics().toString());
    }
}
