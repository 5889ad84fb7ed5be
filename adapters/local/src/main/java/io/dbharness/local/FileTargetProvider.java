package io.dbharness.local;

import io.dbharness.core.api.Capability;
import io.dbharness.core.api.TargetAdapter;
import io.dbharness.core.api.TargetProvider;
import io.dbharness.core.api.TimeSeriesIngest;
import io.dbharness.core.api.UsageException;
import io.dbharness.core.config.OptionDef;
import io.dbharness.core.config.Settings;
import io.dbharness.core.encode.EncoderFormat;

import java.util.List;
import java.util.Set;

/** {@code file}: writes the encoded stream so other tools can load the same rows (like TSBS's bulk_data_gen). */
public final class FileTargetProvider implements TargetProvider {

    @Override
    public String id() {
        return "file";
    }

    @Override
    public String description() {
        return "Writes the encoded rows to --output (csv, copy-text, copy-binary or line-protocol) for other tools to load";
    }

    @Override
    public java.util.Map<String, String> sampleValues() {
        return java.util.Map.of("output", "rows.csv");
    }

    @Override
    public List<OptionDef> options() {
        return List.of(LocalOptions.FORMAT, LocalOptions.OUTPUT);
    }

    @Override
    public Set<Class<? extends Capability>> capabilities() {
        return Set.of(TimeSeriesIngest.class);
    }

    @Override
    public void check(Settings settings) {
        output(settings);
        format(settings);
        refuseShards(settings); // before anything runs: a search with --shards checks its steps here
    }

    @Override
    public TargetAdapter open(Settings settings) {
        refuseShards(settings);
        return new FileTarget(format(settings), output(settings));
    }

    private static void refuseShards(Settings settings) {
        if (io.dbharness.core.config.ShardOptions.requested(settings)) {
            throw new io.dbharness.core.api.UsageException("--shard splits a run over processes that share one database;"
                    + " the file target writes one file from one process: run it without --shard");
        }
    }

    private static String output(Settings settings) {
        return settings.optional("output").orElseThrow(() ->
                new UsageException("the file target needs --output PATH (or - for standard output)"));
    }

    private static EncoderFormat format(Settings settings) {
        return EncoderFormat.parse(settings.optional("format").orElse("copy-text"));
    }
}
