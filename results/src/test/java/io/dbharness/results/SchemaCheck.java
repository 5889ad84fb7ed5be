package io.dbharness.results;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.networknt.schema.Error;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;

import java.io.IOException;
import java.io.InputStream;
import java.util.List;

/** The result file's JSON Schema, as a validator. */
final class SchemaCheck {

    static final ObjectMapper JSON = new ObjectMapper();

    private SchemaCheck() {
    }

    static JsonNode schemaTree() throws IOException {
        return schemaTree(ResultFiles.SCHEMA);
    }

    /** A schema beside {@link ResultFiles}: today's, or an earlier format's ({@code dbharness-result-2.schema.json}). */
    static JsonNode schemaTree(String resource) throws IOException {
        try (InputStream in = ResultFiles.class.getResourceAsStream(resource)) {
            return JSON.readTree(in);
        }
    }

    /** The validator's complaints, empty when the file is valid. */
    static List<String> errors(String json) throws IOException {
        return errors(json, ResultFiles.SCHEMA);
    }

    /** The complaints of the schema {@code resource} about a file, empty when valid. */
    static List<String> errors(String json, String resource) throws IOException {
        Schema schema = SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12).getSchema(schemaTree(resource));
        return schema.validate(JSON.readTree(json)).stream().map(Error::toString).toList();
    }
}
