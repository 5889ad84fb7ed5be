package io.dbharness.cli;

import io.dbharness.core.api.UsageException;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;

/** The results directory is checked before the run starts, so a run is never lost for want of a place to write it. */
final class ResultsDir {

    private ResultsDir() {
    }

    /** Creates {@code dir} when absent and proves it writable by creating and removing a file in it. */
    static void check(Path dir) {
        if (Files.exists(dir) && !Files.isDirectory(dir)) {
            throw new UsageException("cannot write results to " + dir + ": it is a file, not a directory (--results)");
        }
        try {
            Files.createDirectories(dir);
            Path probe = Files.createTempFile(dir, ".dbharness-write-check", ".tmp");
            Files.delete(probe);
        } catch (AccessDeniedException e) {
            throw new UsageException("cannot write results to " + dir + ": permission denied (--results)");
        } catch (FileAlreadyExistsException e) {
            throw new UsageException("cannot write results to " + dir + ": " + e.getFile() + " is a file, not a directory (--results)");
        } catch (IOException e) {
            throw new UsageException("cannot write results to " + dir + ": " + e.getMessage() + " (--results)");
        }
    }
}
