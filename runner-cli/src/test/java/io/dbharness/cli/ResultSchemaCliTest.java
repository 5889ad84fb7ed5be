package io.dbharness.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import io.dbharness.postgres.EmbeddedPostgres;
import io.dbharness.results.ResultFiles;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The result file's JSON Schema holds for real results of every workload, and for a merged one. */
@org.junit.jupiter.api.Tag("server")
class ResultSchemaCliTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    @RegisterExtension
    static final EmbeddedPostgres pg = new EmbeddedPostgres();

    @TempDir
    Path tmp;

    private Path run(String dir, String... args) throws Exception {
        List<String> all = new ArrayList<>(List.of("--url", pg.url(), "--user", "postgres", "--no-watch",
                "--results", tmp.resolve(dir).toString()));
        all.addAll(List.of(args));
        CliRun r = CliRun.withEnv(Map.of(), all.toArray(String[]::new));
        assertEquals(0, r.exitCode(), r.err() + r.out());
        try (Stream<Path> files = Files.list(tmp.resolve(dir))) {
            return files.filter(p -> p.toString().endsWith(".json")).findFirst().orElseThrow();
        }
    }

    /** The result schema's complaints about a file, empty when valid. */
    static List<String> errors(Path file) throws Exception {
        return errors(file, ResultFiles.SCHEMA);
    }

    /** The complaints of {@code schemaResource} (beside {@link ResultFiles}) about a file, empty when valid. */
    static List<String> errors(Path file, String schemaResource) throws Exception {
        Schema schema;
        try (InputStream in = ResultFiles.class.getResourceAsStream(schemaResource)) {
            schema = SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12).getSchema(JSON.readTree(in));
        }
        return schema.validate(JSON.readTree(file.toFile())).stream().map(e -> file.getFileName() + ": " + e).toList();
    }

    @Test
    void resultsOfEveryWorkloadAreValid() throws Exception {
        String[] data = {"--tag-num", "20", "--total-metrics-count", "4", "--ts-step-in-second", "10",
                "--ts-end", "2022-04-18 09:10:00", "--table-name", "schema_iot"};
        List<Path> files = new ArrayList<>();
        files.add(run("insert", concat(new String[]{"--workload", "iot-insert", "--clean", "--verify"}, data)));
        files.add(run("query", concat(new String[]{"--workload", "iot-query", "--query-count", "20"}, data)));
        files.add(run("mixed", concat(new String[]{"--workload", "iot-mixed", "--clean", "--query-workers", "1"}, data)));
        files.add(run("tpcc", "--workload", "tpcc", "--warehouses", "1", "--terminals", "2", "--duration", "2s",
                "--clean", "--verify"));
        CliRun noop = CliRun.of("--target", "noop", "--tag-num", "100", "--total-metrics-count", "5", "--ts-end",
                "2022-04-18 09:00:30", "--no-watch", "--results", tmp.resolve("noop").toString());
        assertEquals(0, noop.exitCode(), noop.err());
        try (Stream<Path> s = Files.list(tmp.resolve("noop"))) {
            files.add(s.filter(p -> p.toString().endsWith(".json")).findFirst().orElseThrow());
        }
        List<String> errors = new ArrayList<>();
        for (Path f : files) {
            errors.addAll(errors(f));
        }
        assertEquals(List.of(), errors);
        assertEquals(List.of("iot-insert", "iot-query", "iot-mixed", "tpcc", "iot-insert"),
                files.stream().map(f -> ResultFiles.read(f).workload()).toList());
    }

    /** The search schema is checked on real searches in FindMaxCommandTest; here, that it refuses what it should. */
    @Test
    void theSearchSchemaRefusesAFileThatIsNotASearch() throws Exception {
        io.dbharness.results.search.SearchResult s = new io.dbharness.results.search.SearchResult("20261203-000000-find-max-rate",
                "1", "noop", "iot-insert", "rate", "p99<20ms", Map.of("p99<20ms", 20.0), 0.05, 1, Map.of("duration", "3s"),
                java.time.Instant.EPOCH, java.time.Instant.EPOCH, 1000.0, null, "limit", List.of(
                new io.dbharness.results.search.SearchResult.Step(1, 1000, 1, true, true, "a.json", 0, Double.NaN, 998.5,
                        "rows/s", List.of(), null)));
        Path good = tmp.resolve("good" + io.dbharness.results.search.SearchFiles.SUFFIX);
        Files.writeString(good, io.dbharness.results.search.SearchFiles.toJson(s));
        assertEquals(List.of(), errors(good, io.dbharness.results.search.SearchFiles.SCHEMA), "NaN offered is a string");
        Path bad = tmp.resolve("bad" + io.dbharness.results.search.SearchFiles.SUFFIX);
        Files.writeString(bad, Files.readString(good).replace("\"vary\" : \"rate\"", "\"vary\" : \"colour\"")
                .replace("\"repeat\" : 1", "\"repeat\" : 0").replace("\"outcome\" : \"limit\"", "\"outcome\" : \"banana\""));
        List<String> errors = errors(bad, io.dbharness.results.search.SearchFiles.SCHEMA);
        assertEquals(3, errors.size(), errors.toString());
        assertEquals(List.of(), errors(good, io.dbharness.results.search.SearchFiles.SCHEMA));
    }

    private static String[] concat(String[] a, String[] b) {
        return Stream.concat(Stream.of(a), Stream.of(b)).toArray(String[]::new);
    }
}
