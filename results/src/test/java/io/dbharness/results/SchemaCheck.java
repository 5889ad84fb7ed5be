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
        try (InputStream in = ResultFiles.class.getResourceAsStream(ResultFiles.SCHEMA)) {
            return JSON.readTree(in);
        }
    }

    static Schema schema() throws IOException {
        return SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12).getSchema(schemaTree());
    }

    /** The validator's complaints, empty when the file is valid. */
    static List<String> errors(String json) throws IOException {
        return schema().validate(JSON.readTree(json)).stream().map(Error::toString).toList();
    }
}
