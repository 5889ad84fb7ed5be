package io.dbharness.iot;

import io.dbharness.core.api.MetricType;
import io.dbharness.core.api.RowBatch;

import java.util.Collections;
import java.util.List;
import java.util.SplittableRandom;

/**
 * The two measurements of TSBS's iot use case ({@code pkg/data/usecases/iot/readings.go, diagnostics.go}): their
 * fields in TSBS's order, each a distribution as TSBS draws it, and the precision TSBS truncates it to when
 * written ({@code common.FP}: {@code int(x * 10^p) / 10^p}).
 */
enum TruckTable {

    /** Seven clamped walks of uniform steps. */
    READINGS("readings", List.of("latitude", "longitude", "elevation", "velocity", "heading", "grade",
            "fuel_consumption"), Collections.nCopies(7, MetricType.FLOAT8)) {
        /** Each field's lowest and highest value, its uniform step's half width, its precision. */
        private static final double[] MIN = {-90, -180, 0, 0, 0, 0, 0};
        private static final double[] MAX = {90, 180, 5000, 100, 360, 100, 50};
        private static final double[] STEP = {0.005, 0.005, 10, 10, 5, 5, 5};
        private static final double[] PRECISION = {1e5, 1e5, 1, 1, 1, 1, 10};

        @Override
        double[] start(SplittableRandom r) {
            // TSBS's draws: latitude, longitude, elevation, heading from uniforms; velocity and grade at 0
            return new double[] {r.nextDouble() * 90, r.nextDouble() * 180, r.nextDouble() * 500, 0,
                    r.nextDouble() * 360, 0, 25};
        }

        @Override
        void tick(double[] s, SplittableRandom r) {
            for (int f = 0; f < s.length; f++) {
                s[f] = Math.min(MAX[f], Math.max(MIN[f], s[f] + STEP[f] * (2 * r.nextDouble() - 1)));
            }
        }

        @Override
        void write(double[] s, RowBatch batch, int row, int zeroed) {
            for (int f = 0; f < s.length; f++) {
                if (f != zeroed) {
                    batch.setDouble(row, f, truncate(s[f], PRECISION[f]));
                }
            }
        }
    },

    /**
     * {@code fuel_state}: a walk of U(-0.001, 0) steps in [0, 1], refilled to 1 when empty; {@code current_load}:
     * 0 until a new U(0, 5000) load comes, with a 5% chance each tick; {@code status}: a walk of N(0, 1) steps in
     * [0, 5], written as an integer.
     */
    DIAGNOSTICS("diagnostics", List.of("fuel_state", "current_load", "status"),
            List.of(MetricType.FLOAT8, MetricType.FLOAT8, MetricType.INT8)) {
        @Override
        double[] start(SplittableRandom r) {
            return new double[] {1, 0, 0};
        }

        @Override
        void tick(double[] s, SplittableRandom r) {
            s[0] = Math.max(0, s[0] - 0.001 * r.nextDouble());
            if (s[0] == 0) {
                s[0] = 1;
            }
            double motive = r.nextDouble();
            if (motive >= 0.95) {
                s[1] = r.nextDouble() * 5000;
            }
            s[2] = Math.min(5, Math.max(0, s[2] + r.nextGaussian()));
        }

        @Override
        void write(double[] s, RowBatch batch, int row, int zeroed) {
            if (zeroed != 0) {
                batch.setDouble(row, 0, truncate(s[0], 10));
            }
            if (zeroed != 1) {
                batch.setDouble(row, 1, truncate(s[1], 1));
            }
            if (zeroed != 2) {
                batch.setLong(row, 2, (long) s[2]);
            }
        }
    };

    private final String table;
    private final List<String> fields;
    private final List<MetricType> types;

    TruckTable(String table, List<String> fields, List<MetricType> types) {
        this.table = table;
        this.fields = fields;
        this.types = types;
    }

    String table() {
        return table;
    }

    List<String> fields() {
        return fields;
    }

    List<MetricType> types() {
        return types;
    }

    /** A truck's state at its first point, drawn from {@code r}. */
    abstract double[] start(SplittableRandom r);

    /** Advances the state by one {@code --log-interval} (TSBS's distributions do not depend on its length). */
    abstract void tick(double[] state, SplittableRandom r);

    /** Writes the point {@code state} stands for into {@code row}, leaving field {@code zeroed} empty (-1: none). */
    abstract void write(double[] state, RowBatch batch, int row, int zeroed);

    /** TSBS's {@code FP}: the value cut (toward zero) to {@code scale} (10^precision). */
    static double truncate(double value, double scale) {
        return (long) (value * scale) / scale;
    }
}
