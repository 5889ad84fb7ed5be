package io.dbharness.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code --help} of the runner and of every subcommand prints cleanly: a stray % in a text picocli formats makes
 * it warn. In a process of its own, because picocli writes its warnings to the System.err it found when it loaded.
 */
class HelpTest {

    /** stdout and stderr of {@code runner args} together; asserts exit 0. */
    private static String help(String... args) throws Exception {
        String cp = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", cp, "io.dbharness.cli.Main"));
        cmd.addAll(List.of(args));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), output);
        assertEquals(0, p.exitValue(), output);
        return output;
    }

    @Test
    void rootHelpHasNoPicocliWarning() throws Exception {
        String out = help("--help");
        assertFalse(out.contains("picocli WARN"), out);
        assertTrue(out.contains("runner compare BASE NEW [--threshold 5%]"), out);
        // a run stopped while it prepared writes none
        assertTrue(out.replaceAll("\\s+", " ").contains("130/143/129 stopped by SIGINT/SIGTERM/SIGHUP (summary and result"
                + " written when the run had started)"), out);
    }

    @Test
    void eachCommandsHelpSaysWhatItsOptionsAreThere() throws Exception {
        String merge = help("merge", "--help");
        assertTrue(merge.contains(" --out=FILE") && !merge.contains("[--out=FILE]"), "--out is required:\n" + merge);
        String findMax = help("find-max", "--help");
        assertTrue(findMax.replaceAll("\\s+", " ").contains("--repeat=N Run each step N times (1 to 1000; default: 1): a step"
                + " meets the objective only when all N runs meet it"), findMax);
        assertFalse(findMax.contains("confidence interval"), findMax);
    }

    @Test
    @org.junit.jupiter.api.Timeout(120)
    void theDefaultsHelpShowsAreTheDefinitions() throws Exception {
        // each option's entry: its line (options start near the margin, wrapped descriptions far from it) and the
        // lines that continue it
        java.util.Map<String, String> entries = new java.util.HashMap<>();
        String current = null;
        for (String line : help("--help").split("\\R")) {
            java.util.regex.Matcher m = java.util.regex.Pattern.compile("^ {1,8}(?:-\\w, )?--([a-z][a-z-]*)").matcher(line);
            if (m.find()) {
                current = m.group(1);
                entries.put(current, line.strip());
            } else if (current != null && line.startsWith("         ")) {
                entries.merge(current, " " + line.strip(), String::concat);
            } else {
                current = null;
            }
        }
        List<io.dbharness.core.config.OptionDef> defs = new ArrayList<>(CliOptions.ALL);
        defs.addAll(io.dbharness.core.config.RunOptions.OPTIONS);
        int checked = 0;
        for (io.dbharness.core.config.OptionDef d : defs) {
            if (d.defaultValue() == null || d.isFlag()) {
                continue;
            }
            String entry = entries.get(d.name());
            assertTrue(entry != null && entry.startsWith("--" + d.name() + "=" + d.paramLabel()), d.name() + ": " + entries.keySet());
            assertTrue(entry.endsWith("(default: " + d.defaultValue() + ")"), entry);
            checked++;
        }
        assertTrue(checked >= 10, "defaults checked: " + checked);
    }

    @ParameterizedTest
    @ValueSource(strings = {"list", "config", "queries", "compare", "merge", "sweep", "report"})
    void subcommandHelpHasNoPicocliWarning(String subcommand) throws Exception {
        String out = help(subcommand, "--help");
        assertFalse(out.contains("picocli WARN"), out);
        assertTrue(out.contains("Usage:"), out);
    }
}
