package io.dbharness.core.api;

import java.util.List;
import java.util.Optional;

/** How a target writes queries: its catalogue texts and how placeholders become its syntax. Needs no connection. */
public interface QueryLanguage {

    /** Language names a query file's entries may use for this target, most specific first: {@code [yugabyte, postgres, sql]}. */
    List<String> languages();

    /** The data model whose catalogue is the first and has its texts at the top: mxbench's telematics. */
    String FIRST_MODEL = "telematics";

    /**
     * What a catalogue text holds in place of a query the target cannot express: {@code refused: <why>}, so the
     * refusal before the run says why (InfluxQL has no window functions), not only that it has no text.
     */
    String REFUSED = "refused:";

    /**
     * This target's template of query {@code name} of data model {@code model}'s catalogue; empty when the target
     * has none, {@link #REFUSED} and the reason when it cannot express it. Targets keep the texts as resources,
     * {@link #resourceName named} per model.
     */
    Optional<String> catalogueTemplate(String model, String name);

    /** The telematics catalogue's query {@code name}. */
    default Optional<String> catalogueTemplate(String name) {
        return catalogueTemplate(FIRST_MODEL, name);
    }

    /**
     * The "model" of texts the harness runs beside the catalogues, for every data model: iot-mixed's freshness
     * probe is {@code catalogueTemplate(PROBES, "freshness")}, at {@code probe/freshness} below the query folder.
     */
    String PROBES = "probe";

    /**
     * Where a target keeps the text of a model's query, below its query folder: {@code name} for telematics (the
     * catalogue that came first), {@code model/name} for the others ({@code devops/lastpoint}).
     */
    static String resourceName(String model, String name) {
        return FIRST_MODEL.equals(model) ? name : model + "/" + name;
    }

    /**
     * Compiles a template for a run over {@code shape}: identifiers filled in, parameters turned into the
     * language's bind markers or left for literals. An unknown placeholder is a {@link UsageException}.
     */
    CompiledQuery compile(String name, QueryTemplate template, QueryShape shape);
}
