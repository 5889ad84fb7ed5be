package io.dbharness.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Options written before a subcommand: the subcommand's own are taken as if written after its name, any other is
 * refused in one line; none is dropped.
 */
class OptionsBeforeSubcommandTest {

    @TempDir
    Path tmp;

    private static final String[] TINY = {"--tag-num", "10", "--ts-end", "2022-04-18 09:00:02", "--no-watch"};

    private List<JsonNode> results(Path dir) throws Exception {
        List<JsonNode> out = new ArrayList<>();
        if (!Files.isDirectory(dir)) {
            return out;
        }
        try (Stream<Path> files = Files.list(dir)) {
            for (Path p : files.filter(f -> f.toString().endsWith(".json")).sorted().toList()) {
                out.add(new ObjectMapper().readTree(p.toFile()));
            }
        }
        return out;
    }

    private static String[] args(String[] first, String... rest) {
        List<String> all = new ArrayList<>(List.of(first));
        all.addAll(List.of(rest));
        return all.toArray(String[]::new);
    }

    @Test
    void aSweepTakesTheRunOptionsWrittenBeforeIt() throws Exception {
        Path res = tmp.resolve("res");
        CliRun r = CliRun.of(args(new String[] {"--target", "noop", "--results", res.toString(), "sweep", "--vary", "workers=1,2"}, TINY));
        assertEquals(0, r.exitCode(), r.err() + r.out());
        List<JsonNode> results = results(res);
        assertEquals(List.of("noop", "noop"), results.stream().map(j -> j.at("/run/target").asText()).toList());
        assertEquals(List.of(20L, 20L), results.stream().map(j -> j.get("totals").get("rows").asLong()).toList());
        assertTrue(r.out().contains("results into " + res), r.out());
    }

    @Test
    void aSwitchWithItsValueAndAValueThatIsASubcommandsNameAreMovedWhole() throws Exception {
        Path res = tmp.resolve("res");
        // 'sweep' after --label is its value, not the subcommand; 'true' after --no-watch is the switch's
        CliRun r = CliRun.of("--label", "sweep", "--no-watch", "true", "--target", "noop", "sweep",
                "--results", res.toString(), "--tag-num", "10", "--ts-end", "2022-04-18 09:00:02", "--vary", "workers=1,2");
        assertEquals(0, r.exitCode(), r.err() + r.out());
        List<JsonNode> results = results(res);
        assertEquals(2, results.size());
        for (JsonNode j : results) {
            assertEquals("sweep", j.at("/run/options").get("label").asText());
            assertEquals("true", j.at("/run/options").get("no-watch").asText());
        }
        assertFalse(r.err().contains("rows/s"), "no progress lines: " + r.err());
    }

    @Test
    void queriesAndConfigTakeTheirOptionsBeforeThemToo() {
        CliRun after = CliRun.of("queries", "--target", "questdb", "--tag-num", "7");
        CliRun before = CliRun.of("--target", "questdb", "--tag-num", "7", "queries");
        assertEquals(0, after.exitCode(), after.err());
        assertEquals(0, before.exitCode(), before.err());
        assertEquals(after.out(), before.out());
        assertEquals(CliRun.of("config", "--target", "noop").out(), CliRun.of("--target", "noop", "config").out());
    }

    @Test
    void anOptionTheSubcommandDoesNotTakeIsRefusedNamingWhereItGoes() throws Exception {
        assertRefused("option '--tag-num' is not an option of 'runner report' (see 'runner report --help')",
                "--tag-num", "5", "report", tmp.toString(), "--out", tmp.resolve("report").toString());
        assertFalse(Files.exists(tmp.resolve("report")), "no report written");
        assertRefused("option '--verbose' is not an option of 'runner compare' (see 'runner compare --help')",
                "--verbose", "compare", "A", "B");
        assertRefused("option '--results' is not an option of 'runner queries' (see 'runner queries --help')",
                "--results", tmp.toString(), "queries", "--target", "questdb");
        assertRefused("option '--target' is not an option of 'runner list' (see 'runner list --help')",
                "--target", "noop", "list");
        assertRefused("option '--repeat' is not an option of 'runner merge' (see 'runner merge --help')",
                "--repeat", "2", "merge", tmp.toString(), "--out", tmp.resolve("m.json").toString());
    }

    private static void assertRefused(String message, String... args) {
        CliRun r = CliRun.of(args);
        assertEquals(2, r.exitCode(), String.join(" ", args) + "\n" + r.err() + r.out());
        assertEquals(message, r.oneLineError());
        assertEquals("", r.out());
    }

    @Test
    void helpAndVersionStillWork() {
        CliRun help = CliRun.of("--tag-num", "5", "report", "--help");
        assertEquals(0, help.exitCode(), help.err());
        assertTrue(help.out().startsWith("Usage: runner report"), help.out());
        CliRun version = CliRun.of("--version");
        assertEquals(0, version.exitCode(), version.err());
        assertTrue(version.out().startsWith("dbharness "), version.out());
        CliRun subHelp = CliRun.of("--target", "noop", "sweep", "--help");
        assertEquals(0, subHelp.exitCode(), subHelp.err());
        assertTrue(subHelp.out().startsWith("Usage: runner sweep"), subHelp.out());
    }
}
