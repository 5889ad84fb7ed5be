package io.dbharness.iot;

import io.dbharness.core.api.Generator;
import io.dbharness.core.api.GeneratorProvider;
import io.dbharness.core.config.OptionDef;
import io.dbharness.core.config.Settings;

import java.util.List;

/** Registers {@code --generator file}: mxbench's, rows from the user's own CSV or line-protocol files. */
public final class FileProvider implements GeneratorProvider {

    static final String NAME = "file";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String description() {
        return "rows from your files (mxbench's): CSV as the file target writes it, or line protocol of one measurement";
    }

    @Override
    public List<OptionDef> options() {
        return FileOptions.OPTIONS;
    }

    @Override
    public Generator create(Settings settings) {
        if (io.dbharness.core.config.ShardOptions.requested(settings)) {
            // its series hold different numbers of rows: a shard could not plan its share without reading the files
            throw new io.dbharness.core.api.UsageException("--generator file cannot be split into shards: run it in one"
                    + " process (its workers split the series)");
        }
        return new FileModel(FileOptions.from(settings));
    }
}
