package io.dbharness.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A runner started with SIGINT ignored (a background job of a shell without job control) cannot be stopped by
 * Ctrl-C: it says so once, at its start. coreutils' env sets the disposition the process inherits, either way.
 */
class SigintIgnoredTest {

    private static final String WARNING = "warning: SIGINT is ignored in this process (as a background job of a shell"
            + " without job control inherits it): Ctrl-C and kill -INT do not reach it; stop it with kill -TERM, or start"
            + " it with job control on (set -m) or through env --default-signal=INT";

    @TempDir
    Path tmp;

    private String stderr(String disposition) throws Exception {
        String cp = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        List<String> command = new ArrayList<>(List.of("env", disposition,
                Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp", cp, "io.dbharness.cli.Main",
                "--target", "noop", "--tag-num", "10", "--ts-end", "2022-04-18 09:00:02", "--no-watch",
                "--results", tmp.toString()));
        Process p = new ProcessBuilder(command).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, p.waitFor(), err);
        return err;
    }

    @Test
    @Timeout(120)
    void aRunStartedWithSigintIgnoredSaysSoOnceAndOneTakingItSaysNothing() throws Exception {
        String ignored = stderr("--ignore-signal=INT");
        assertTrue(ignored.contains(WARNING + "\n"), ignored);
        assertEquals(ignored.indexOf(WARNING), ignored.lastIndexOf(WARNING), "once: " + ignored);
        String taken = stderr("--default-signal=INT");
        assertFalse(taken.contains("SIGINT is ignored"), taken);
    }
}
