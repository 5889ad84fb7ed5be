package io.dbharness.core.api;

import io.dbharness.core.config.OptionDef;
import io.dbharness.core.config.Settings;

import java.util.List;
import java.util.Set;

/** Registers a workload through {@code META-INF/services/io.dbharness.core.api.WorkloadProvider}. */
public interface WorkloadProvider {

    String id();

    String description();

    List<OptionDef> options();

    /**
     * Values a sample config ({@code runner config}) sets for options without a default that a run cannot do
     * without ({@code --output}, a server to connect to, when to stop), so the sample runs as printed; empty when
     * the defaults suffice.
     */
    default java.util.Map<String, String> sampleValues() {
        return java.util.Map.of();
    }

    /** Capabilities the target must offer; checked before anything runs. */
    Set<Class<? extends Capability>> requires();

    /**
     * {@code runner queries}: the text of every query this workload would run on a target speaking
     * {@code language}, for these settings; empty when the workload runs no queries.
     */
    default java.util.Optional<String> queryTexts(QueryLanguage language, String targetName, Settings settings) {
        return java.util.Optional.empty();
    }

    /**
     * The options a result records, given every option's value with secrets masked: a workload that reads only
     * some of its options in a run (one data model's, not another's) leaves the rest out, so the result does
     * not name a value that played no part.
     */
    default java.util.Map<String, String> recorded(Settings settings, java.util.Map<String, String> masked) {
        return masked;
    }

    /**
     * The operation types a run with these settings records (its results' {@code type}s), when they are known before
     * it runs: {@code runner find-max} refuses an objective naming another before the first step. Empty when they
     * depend on more than the settings.
     */
    default java.util.Optional<Set<String>> operationTypes(Settings settings) {
        return java.util.Optional.empty();
    }

    /**
     * What {@code runner find-max} may vary for this workload, with each setting's default range: by default the
     * engine's {@code rate} and {@code workers}.
     */
    default List<SearchAxis> searchAxes() {
        return List.of(SearchAxis.RATE, SearchAxis.WORKERS);
    }

    /**
     * Objectives this workload defines by name for {@code --slo}, each as the terms it stands for (TPC-C's
     * {@code tpcc}: the specification's response-time limits); empty when it defines none.
     */
    default java.util.Map<String, String> objectives() {
        return java.util.Map.of();
    }

    /** Validates the settings and builds the workload; a bad value is a {@link UsageException}. */
    Workload create(Settings settings);

    /**
     * The workload as shard {@code shard} of a run split across processes ({@code --shard}), or unsharded when
     * {@code shard} is null. A workload that can split its work overrides this; the others refuse shards.
     */
    default Workload create(Settings settings, Shard shard) {
        if (Shard.split(shard)) {
            throw new UsageException("workload '" + id() + "' cannot be split into shards (--shard, --shards)");
        }
        return create(settings);
    }
}
