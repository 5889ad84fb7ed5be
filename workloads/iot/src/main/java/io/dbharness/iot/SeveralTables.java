package io.dbharness.iot;

import io.dbharness.core.api.Generator;
import io.dbharness.core.api.SeriesSchema;

import java.util.List;

/**
 * A model of several tables, one single-table generator each ({@link Generator#parts()}): TSBS's devops use case,
 * line-protocol files of several measurements. The first part stands for the model where one table is asked for
 * (its schema, its series, its rows for a caller that opens the model itself); the counts and the time range are
 * the parts' together.
 */
abstract class SeveralTables implements Generator {

    private final List<Generator> parts;

    SeveralTables(List<? extends Generator> parts) {
        if (parts.size() < 2) {
            throw new IllegalArgumentException("a model of several tables needs several: " + parts.size());
        }
        this.parts = List.copyOf(parts);
    }

    final Generator first() {
        return parts.get(0);
    }

    @Override
    public final List<Generator> parts() {
        return parts;
    }

    @Override
    public SeriesSchema schema() {
        return first().schema();
    }

    @Override
    public long seriesCount() {
        return first().seriesCount();
    }

    @Override
    public long plannedRows() {
        return parts.stream().mapToLong(Generator::plannedRows).sum();
    }

    @Override
    public long startMicros() {
        return parts.stream().mapToLong(Generator::startMicros).min().orElseThrow();
    }

    @Override
    public long endMicros() {
        return parts.stream().mapToLong(Generator::endMicros).max().orElseThrow();
    }

    @Override
    public Generator.RowSource open(int slot, int slots) {
        return first().open(slot, slots);
    }
}
