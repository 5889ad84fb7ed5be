package io.dbharness.core.api;

import io.dbharness.core.config.OptionDef;
import io.dbharness.core.config.Settings;

import java.util.List;
import java.util.Set;

/** Registers a target through {@code META-INF/services/io.dbharness.core.api.TargetProvider}. */
public interface TargetProvider {

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

    /**
     * The option that names its server ({@code url}, {@code influx-url}...), empty when it has none: the refusal of
     * another target's server option names this one instead.
     */
    default java.util.Optional<String> serverOption() {
        return java.util.Optional.empty();
    }

    /** Capabilities its adapters offer, for {@code runner list} and the refusal before a run. */
    Set<Class<? extends Capability>> capabilities();

    /**
     * Checks the target's own options without connecting or starting anything, as {@link #open} would refuse
     * them: a sweep or {@code --repeat} proves every run's settings before the first one starts. Throws
     * {@link UsageException} naming the option.
     */
    default void check(Settings settings) {
    }

    /**
     * Whether {@link #open} starts a server of its own for these settings (none named): new, and empty, in every
     * run, so what one run writes is gone for the next. Decided without starting anything.
     */
    default boolean embedded(Settings settings) {
        return false;
    }

    /**
     * Connects (or starts the embedded server). Unreachable or refused credentials are a
     * {@link TargetException} of kind UNREACHABLE or AUTHENTICATION; bad settings a {@link UsageException}.
     */
    TargetAdapter open(Settings settings) throws TargetException;

    /**
     * {@link #open(Settings)} for a run of {@code workers} workers in all groups (an ingest and its query
     * clients): a target that holds a connection per worker sizes its pool by it, not by {@code --workers}.
     */
    default TargetAdapter open(Settings settings, int workers) throws TargetException {
        return open(settings);
    }

    /** The target's query language for these settings, without connecting ({@code runner queries}); empty when it has none. */
    default java.util.Optional<QueryLanguage> queryLanguage(Settings settings) {
        return java.util.Optional.empty();
    }
}
