package io.dbharness.results.stats;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class EstimateTest {

    @Test
    void meanAndStudentInterval() {
        // 10, 12, 14: mean 12, s = 2, t(0.975, 2) = 4.302653: half-width 4.302653 * 2 / sqrt(3) = 4.968275
        Estimate e = Estimate.of(10, 12, 14);
        assertEquals(12.0, e.mean(), 1e-12);
        assertEquals(2.0, e.stdDev(), 1e-12);
        assertEquals(4.968275, e.ciHalfWidth95(), 1e-6);
        assertEquals(12.0 - 4.968275, e.low(), 1e-6);
        assertEquals(3, e.n());
    }

    @Test
    void oneRunHasNoInterval() {
        Estimate e = Estimate.of(5);
        assertEquals(5.0, e.mean());
        assertTrue(Double.isNaN(e.ciHalfWidth95()));
        assertTrue(Double.isNaN(e.relativeHalfWidth()));
    }

    @Test
    void welchSeparatesNoiseFromAShift() {
        // the same spread, means 3 apart with s = 1 over five runs each: t = 4.74, df = 8, p = 0.00146
        Difference shifted = Difference.of(Estimate.of(99, 100, 101, 100, 100.0 + Math.sqrt(2) - Math.sqrt(2)),
                Estimate.of(96, 97, 98, 97, 97));
        assertTrue(shifted.significant(), shifted.toString());
        assertEquals(-0.03, shifted.relativeChange(), 1e-12);
        // overlapping runs: no evidence of a difference
        Difference noise = Difference.of(Estimate.of(100, 104, 96, 101), Estimate.of(99, 103, 97, 102));
        assertFalse(noise.significant(), noise.toString());
        assertTrue(noise.pValue() > 0.5, noise.toString());
    }

    @Test
    void knownWelchValue() {
        // R: t.test(c(1,2,3,4,5), c(2,4,6,8,10)) -> t = -1.8974, df = 5.8824, p-value = 0.1075
        Difference d = Difference.of(Estimate.of(1, 2, 3, 4, 5), Estimate.of(2, 4, 6, 8, 10));
        assertEquals(0.1075, d.pValue(), 5e-4);
    }

    @Test
    void oneRunASideCannotBeTested() {
        Difference d = Difference.of(Estimate.of(100), Estimate.of(50, 51));
        assertFalse(d.testable());
        assertFalse(d.significant());
        assertEquals(-0.495, d.relativeChange(), 1e-12);
    }
}
