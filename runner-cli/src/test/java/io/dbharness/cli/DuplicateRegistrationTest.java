package io.dbharness.cli;

import io.dbharness.core.api.Capability;
import io.dbharness.core.api.TargetAdapter;
import io.dbharness.core.api.TargetProvider;
import io.dbharness.core.config.OptionDef;
import io.dbharness.core.config.Settings;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** A jar on the class path registering a name another plug-in has is refused in one line, before any command. */
@Timeout(300)
class DuplicateRegistrationTest {

    /** A second target answering to {@code noop}, as a stray jar would bring it. */
    public static final class SecondNoop implements TargetProvider {
        public String id() {
            return "noop";
        }

        public String description() {
            return "a second noop";
        }

        public List<OptionDef> options() {
            return List.of();
        }

        public Set<Class<? extends Capability>> capabilities() {
            return Set.of();
        }

        public TargetAdapter open(Settings settings) {
            throw new UnsupportedOperationException("never opened: refused at registration");
        }
    }

    @TempDir
    Path tmp;

    @Test
    void aTargetNameRegisteredTwiceIsOneLineAndExitCode2() throws Exception {
        Path services = tmp.resolve("META-INF/services/" + TargetProvider.class.getName());
        Files.createDirectories(services.getParent());
        Files.writeString(services, SecondNoop.class.getName() + "\n");
        String cp = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path")) + File.pathSeparator + tmp;
        Path err = tmp.resolve("err.txt");
        Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx256m",
                "-cp", cp, Main.class.getName(), "list").redirectOutput(tmp.resolve("out.txt").toFile())
                .redirectError(err.toFile()).start();
        if (!p.waitFor(4, TimeUnit.MINUTES)) {
            p.destroyForcibly();
            throw new AssertionError("runner list did not end within 4 minutes");
        }
        assertEquals(List.of("error: two targets named 'noop' on the class path: io.dbharness.local.NoopTargetProvider and "
                + SecondNoop.class.getName() + "; only one may register it"), Files.readAllLines(err));
        assertEquals(ExitCode.USAGE, p.exitValue());
    }
}
