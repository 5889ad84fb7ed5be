package io.dbharness.core.api;

import java.util.List;
import java.util.Optional;

/** How a target writes queries: its catalogue texts and how placeholders become its syntax. Needs no connection. */
public interface QueryLanguage {

    /** Language names a query file's entries may use for this target, most specific first: {@code [yugabyte, postgres, sql]}. */
    List<String> languages();

    /** This target's template of catalogue query {@code name}; empty when the target cannot answer it. */
    Optional<String> catalogueTemplate(String name);

    /**
     * Compiles a template for a run over {@code shape}: identifiers filled in, parameters turned into the
     * language's bind markers or left for literals. An unknown placeholder is a {@link UsageException}.
     */
    CompiledQuery compile(String name, QueryTemplate template, QueryShape shape);
}
