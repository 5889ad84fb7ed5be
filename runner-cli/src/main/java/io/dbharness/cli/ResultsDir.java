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
        check(dir, "cannot write results to ", "--results");
    }

    /**
     * The same for any output directory: {@code what} starts the message ({@code cannot write the report to }),
     * {@code flag} ends it.
     */
    static void check(Path dir, String what, String flag) {
        if (Files.exists(dir) && !Files.isDirectory(dir)) {
            throw new UsageException(what + dir + ": it is a file, not a directory (" + flag + ")");
        }
        try {
            Files.createDirectories(dir);
            Path probe = Files.createTempFile(dir, ".dbharness-write-check", ".tmp");
            Files.delete(probe);
        } catch (IOException e) {
            throw new UsageException(what + dir + ": " + reason(e) + " (" + flag + ")");
        }
    }

    /** What went wrong, in words: the JDK's file exceptions carry only a path as their message. */
    static String reason(IOException e) {
        if (e instanceof AccessDeniedException) {
            return "permission denied";
        }
        if (e instanceof FileAlreadyExistsException f) {
            return f.getReason() != null ? f.getFile() + ": " + f.getReason() : f.getFile() + " is a file, not a directory";
        }
        if (e instanceof java.nio.file.NoSuchFileException f) {
            // our own temporary file is not what the user named: its directory is what is missing
            Path p = Path.of(f.getFile());
            String name = p.getFileName() == null ? "" : p.getFileName().toString();
            Path shown = name.startsWith(".") && name.endsWith(".tmp") && p.getParent() != null ? p.getParent() : p;
            return shown + ": no such file or directory";
        }
        if (e instanceof java.nio.file.FileSystemException f && f.getReason() != null && !f.getReason().contains("No space left")) {
            // the message would repeat the path the caller names already: "a/sub: Not a directory"
            String r = f.getReason();
            return Character.toLowerCase(r.charAt(0)) + r.substring(1);
        }
        String msg = e.getMessage();
        return msg == null ? e.getClass().getSimpleName() : msg.contains("No space left") ? "no space left on the device" : msg;
    }
}
