package io.dbharness.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The {@code ./runner} launcher's first build, with the real Maven, in a copy of the launcher beside a project of
 * two empty poms (the build is the launcher's own mvn call; the jar it would run is absent): what reaches the
 * terminal is plain text, Maven's ANSI codes (Debian's Maven 3.8 writes ESC[0m even in batch mode) left out.
 */
class LauncherBuildTest {

    @TempDir
    Path tmp;

    private String firstBuild(String childPom) throws Exception {
        Path launcher = tmp.resolve("runner");
        Files.copy(Path.of("..", "runner"), launcher);
        assertTrue(launcher.toFile().setExecutable(true));
        Files.writeString(tmp.resolve("pom.xml"), """
                <project xmlns="http://maven.apache.org/POM/4.0.0">
                  <modelVersion>4.0.0</modelVersion>
                  <groupId>test</groupId><artifactId>root</artifactId><version>1</version><packaging>pom</packaging>
                  <modules><module>runner-cli</module></modules>
                </project>
                """);
        Files.createDirectories(tmp.resolve("runner-cli"));
        Files.writeString(tmp.resolve("runner-cli").resolve("pom.xml"), childPom);
        Process p = new ProcessBuilder(launcher.toString(), "list").directory(tmp.toFile())
                .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS));
        return p.exitValue() + "\n" + err;
    }

    @Test
    @Timeout(120)
    void theFirstBuildWritesNoEscapeCodes() throws Exception {
        String built = firstBuild("""
                <project xmlns="http://maven.apache.org/POM/4.0.0">
                  <modelVersion>4.0.0</modelVersion>
                  <groupId>test</groupId><artifactId>runner-cli</artifactId><version>1</version><packaging>pom</packaging>
                </project>
                """);
        assertTrue(built.contains("building dbharness (first use or sources changed)..."), built);
        assertFalse(built.contains("\u001b"), "no escape codes: " + built.replace("\u001b", "ESC"));
    }

    @Test
    @Timeout(120)
    void aFailedBuildSaysSoInPlainTextAndExitsTwo() throws Exception {
        String failed = firstBuild("<project>not a pom</project>\n");
        assertTrue(failed.startsWith("2\n"), failed);
        assertTrue(failed.contains("[ERROR]") && failed.strip().endsWith("error: build failed (run 'mvn -B -DskipTests"
                + " -pl runner-cli -am package' to see why)"), failed);
        assertFalse(failed.contains("\u001b"), "no escape codes: " + failed.replace("\u001b", "ESC"));
    }
}
