package io.dbharness.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Ctrl-C while an embedded server is prepared quits at once (System.exit, nothing measured yet): the server's temp
 * folder goes too. QuestDB's (12 MB) was left in the temp folder every time.
 */
@org.junit.jupiter.api.Tag("server")
class EmbeddedCleanupTest {

    @TempDir
    Path tmp;

    @Test
    @Timeout(180)
    void ctrlCWhileEmbeddedQuestDbIsPreparedLeavesNoTempFolder() throws Exception {
        Path temp = Files.createDirectories(tmp.resolve("temp")); // the runner's own java.io.tmpdir: only its folders
        try (Spawned p = Spawned.start(List.of("-Djava.io.tmpdir=" + temp), "--target", "questdb", "--tag-num", "2000",
                "--ts-end", "2022-04-18 09:10:00", "--verify", "--results", tmp.resolve("res").toString())) {
            assertTrue(awaitServerFolder(temp, 120), "no embedded server folder in " + temp + ": " + p.out() + p.err());
            assertEquals(0, p.signalGroup("INT"));
            assertTrue(p.awaitExit(60), "still running; stderr:\n" + p.err());
            assertEquals(130, p.process.exitValue(), p.err());
            assertEquals(List.of(), serverFolders(temp), p.err());
        }
    }

    /** Whether the runner created its server's folder within {@code seconds}: the state the signal must land in. */
    private static boolean awaitServerFolder(Path temp, long seconds) throws IOException, InterruptedException {
        long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        while (serverFolders(temp).isEmpty()) {
            if (System.nanoTime() > until) {
                return false;
            }
            Thread.sleep(20); // polling the file system for the folder, not a wait for time to pass
        }
        return true;
    }

    private static List<Path> serverFolders(Path temp) throws IOException {
        try (Stream<Path> s = Files.list(temp)) {
            return s.filter(f -> f.getFileName().toString().startsWith("dbharness-")).toList();
        }
    }
}
