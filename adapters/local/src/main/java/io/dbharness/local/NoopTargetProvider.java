package io.dbharness.local;

import io.dbharness.core.api.BatchWriter;
import io.dbharness.core.api.Capability;
import io.dbharness.core.api.RowBatch;
import io.dbharness.core.api.SchemaMode;
import io.dbharness.core.api.SeriesSchema;
import io.dbharness.core.api.TargetAdapter;
import io.dbharness.core.api.TargetInfo;
import io.dbharness.core.api.TargetProvider;
import io.dbharness.core.api.TimeSeriesIngest;
import io.dbharness.core.api.WriteResult;
import io.dbharness.core.config.OptionDef;
import io.dbharness.core.config.Settings;
import io.dbharness.core.encode.ByteSink;
import io.dbharness.core.encode.EncoderFormat;
import io.dbharness.core.encode.RowEncoder;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;

/**
 * {@code noop}: generates and encodes exactly as a real target would, then discards the bytes. Its rate is
 * the harness's own ceiling.
 */
public final class NoopTargetProvider implements TargetProvider {

    @Override
    public String id() {
        return "noop";
    }

    @Override
    public String description() {
        return "Encodes and discards: measures the harness itself";
    }

    @Override
    public List<OptionDef> options() {
        return List.of(LocalOptions.FORMAT);
    }

    @Override
    public Set<Class<? extends Capability>> capabilities() {
        return Set.of(TimeSeriesIngest.class);
    }

    @Override
    public void check(Settings settings) {
        format(settings);
    }

    @Override
    public TargetAdapter open(Settings settings) {
        return new Noop(format(settings));
    }

    private static EncoderFormat format(Settings settings) {
        return EncoderFormat.parse(settings.optional("format").orElse("copy-binary"));
    }

    private static final class Noop implements TargetAdapter, TimeSeriesIngest {
        private final EncoderFormat format;

        Noop(EncoderFormat format) {
            this.format = format;
        }

        @Override
        public TargetInfo describe() {
            return new TargetInfo("noop", "n/a", TargetInfo.IN_PROCESS + ": discard", Map.of("format", format.cliName()));
        }

        @Override
        public <C extends Capability> Optional<C> capability(Class<C> type) {
            return type.isInstance(this) ? Optional.of(type.cast(this)) : Optional.empty();
        }

        @Override
        public void createSchema(SeriesSchema schema, SchemaMode mode) {
            // nothing to create
        }

        @Override
        public BatchWriter openWriter(SeriesSchema schema) {
            RowEncoder encoder = format.create(schema);
            ByteSink sink = new ByteSink(1 << 20);
            return new BatchWriter() {
                @Override
                public WriteResult write(RowBatch batch) {
                    sink.reset();
                    encoder.begin(sink);
                    encoder.encode(batch, sink);
                    encoder.end(sink);
                    int skipped = encoder.skippedRows(); // as the real target of this format would skip them
                    return new WriteResult(batch.size() - skipped, skipped, sink.length());
                }

                @Override
                public void warmUp(RowBatch batch) {
                    write(batch);
                }

                @Override
                public void close() {
                }
            };
        }

        @Override
        public OptionalLong countRows(SeriesSchema schema) {
            return OptionalLong.empty();
        }

        @Override
        public OptionalLong storedBytes(SeriesSchema schema) {
            return OptionalLong.empty();
        }

        @Override
        public void close() {
        }
    }
}
