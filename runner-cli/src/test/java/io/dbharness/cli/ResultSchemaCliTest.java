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

    /** The schema's complaints about a file, empty when valid. */
    static List<String> errors(Path file) throws Exception {
        Schema schema;
        try (InputStream in = ResultFiles.class.getResourceAsStream(ResultFiles.SCHEMA)) {
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

    private static String[] concat(String[] a, String[] b) {
        return Stream.concat(Stream.of(a), Stream.of(b)).toArray(String[]::new);
    }
}
