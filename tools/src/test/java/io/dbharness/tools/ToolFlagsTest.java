package io.dbharness.tools;

import io.dbharness.core.api.UsageException;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** Another tool's command line read as that tool reads it: Go's pflag and flag packages, Python's argparse. */
class ToolFlagsTest {

    private static ToolFlags flags(ToolFlags.Style style) {
        return new ToolFlags("tool", style)
                .mapped("runtime", "r", "how long")
                .mappedSwitch("fast", "f", "no throttling")
                .noEffect("stats", true, "record statistics", "the result JSON has them")
                .refused("kapacitor", "k", true, "kapacitor mode", "InfluxDB only")
                .refused("ddl", null, false, "a DDL file", "the target's own DDL")
                .mappedList("names", "query names")
                .alias("run-time", "runtime");
    }

    private static ToolFlags.Parsed parse(ToolFlags.Style style, List<String> warnings, String... args) {
        return flags(style).parse(List.of(args), warnings::add);
    }

    private static String refusal(ToolFlags.Style style, String... args) {
        return assertThrows(UsageException.class, () -> parse(style, new ArrayList<>(), args)).getMessage();
    }

    @Test
    void pflagTakesLongAndShortFormsAndStopsAtTheDoubleDash() {
        List<String> warnings = new ArrayList<>();
        ToolFlags.Parsed p = parse(ToolFlags.Style.PFLAG, warnings, "insert", "-r", "5s", "--fast", "--stats", "TEMPLATE",
                "--", "--verify", "-r");
        assertEquals(Map.of("runtime", "5s", "fast", "true", "stats", "true"), p.values());
        assertEquals(List.of("insert", "TEMPLATE"), p.positionals());
        assertEquals(List.of("--verify", "-r"), p.runnerArgs());
        assertEquals(List.of("tool flag --stats has no effect here (the result JSON has them)"), warnings);
        assertEquals("7s", parse(ToolFlags.Style.PFLAG, warnings, "-r7s").get("runtime", null));
        assertEquals("8s", parse(ToolFlags.Style.PFLAG, warnings, "-r=8s").get("runtime", null));
        assertEquals("9s", parse(ToolFlags.Style.PFLAG, warnings, "--run-time=9s").get("runtime", null));
        // the last of a repeated flag wins, as in the tools (mxbench's guide gives --db-database twice)
        assertEquals("2s", parse(ToolFlags.Style.PFLAG, warnings, "-r", "1s", "--runtime", "2s").get("runtime", null));
        assertEquals("false", parse(ToolFlags.Style.PFLAG, warnings, "--fast=false").get("fast", null));
        // switches written together, the last one taking a value
        assertEquals(Map.of("fast", "true", "runtime", "3s"), parse(ToolFlags.Style.PFLAG, warnings, "-fr", "3s").values());
    }

    @Test
    void aSliceFlagAddsUpAndARefusedFeatureLeftOffIsAccepted() {
        ToolFlags.Parsed p = parse(ToolFlags.Style.PFLAG, new ArrayList<>(), "--names", "a", "--names=b,c", "--kapacitor=false",
                "--ddl", "");
        assertEquals(Map.of("names", "a,b,c"), p.values());
        assertEquals("tool flag --ddl is not supported here: the target's own DDL", refusal(ToolFlags.Style.PFLAG, "--ddl", "x.sql"));
    }

    @Test
    void goFlagTakesOneDashForLongNames() {
        ToolFlags.Parsed p = parse(ToolFlags.Style.GO, new ArrayList<>(), "-runtime", "5s", "-fast=f", "--stats=1");
        assertEquals(Map.of("runtime", "5s", "fast", "false", "stats", "true"), p.values());
        assertEquals("unknown flag '-r' for 'tool' (see 'runner tool --help')", refusal(ToolFlags.Style.GO, "-r", "5s"));
    }

    @Test
    void argparseSwitchesTakeNoValue() {
        ToolFlags.Parsed p = parse(ToolFlags.Style.ARGPARSE, new ArrayList<>(), "-r", "5", "--fast");
        assertEquals(Map.of("runtime", "5", "fast", "true"), p.values());
        assertEquals("tool: --fast takes no value ('--fast=yes')", refusal(ToolFlags.Style.ARGPARSE, "--fast=yes"));
    }

    @Test
    void mistakesAreNamed() {
        assertEquals("unknown flag '--runtme' for 'tool' (see 'runner tool --help')",
                refusal(ToolFlags.Style.PFLAG, "--runtme=5s"));
        assertEquals("unknown shorthand flag '-x' in '-x' for 'tool' (see 'runner tool --help')", refusal(ToolFlags.Style.PFLAG, "-x"));
        assertEquals("tool: flag --runtime needs a value", refusal(ToolFlags.Style.PFLAG, "--runtime"));
        assertEquals("tool flag -k is not supported here: InfluxDB only", refusal(ToolFlags.Style.PFLAG, "-k"));
        assertEquals("tool flag --kapacitor is not supported here: InfluxDB only", refusal(ToolFlags.Style.PFLAG, "--kapacitor"));
        assertEquals("invalid value 'yes' for tool flag --fast: expected true or false", refusal(ToolFlags.Style.PFLAG, "--fast=yes"));
    }
}
