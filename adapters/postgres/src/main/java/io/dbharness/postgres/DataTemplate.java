package io.dbharness.postgres;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * A new cluster's data directory, made by initdb once per binaries tree and copied for every later embedded
 * server: initdb took most of an embedded run's time to its first row (about a second), a copy takes tens of
 * milliseconds. It lives beside the binaries under the same rules (PgBinaries): made in a scratch directory
 * renamed into place, so no run sees half of it, and used only while it and everything in it are ours and
 * nobody else may write there; otherwise the server gets an initdb of its own, as before. The copies share
 * initdb's system identifier, which no throw-away server needs to be unique.
 */
final class DataTemplate {

    /** v1: {@code initdb -A trust -U postgres -E UTF-8 --locale=C}; another initdb command line takes another name. */
    private static final String PREFIX = "dbharness-pg-data-v1-";

    private DataTemplate() {
    }

    /** Where the template for the binaries in {@code home} lives: none for a private unpack (its name is random). */
    static Optional<Path> of(Path home) {
        String name = home.getFileName().toString();
        return name.startsWith(PgBinaries.PREFIX)
                ? Optional.of(home.resolveSibling(PREFIX + name.substring(PgBinaries.PREFIX.length())))
                : Optional.empty();
    }

    /**
     * Copies the template into {@code data} (not yet there), owned by the current user, each entry's mode kept.
     *
     * @return false when there is no trusted template, or the copy failed (then nothing is left at {@code data})
     */
    static boolean copyTo(Optional<Path> template, Path data) {
        if (template.isEmpty() || !Files.isDirectory(template.get(), LinkOption.NOFOLLOW_LINKS)
                || !PgBinaries.trusted(template.get())) {
            return false;
        }
        try {
            copyTree(template.get(), data);
            return true;
        } catch (IOException | RuntimeException e) {
            EmbeddedServer.deleteTree(data);
            return false;
        }
    }

    /** Keeps a copy of the data directory initdb just made, unless there is one; best effort. */
    static void keep(Optional<Path> template, Path data) {
        if (template.isEmpty() || Files.exists(template.get(), LinkOption.NOFOLLOW_LINKS)) {
            return;
        }
        Path scratch = template.get().resolveSibling("dbharness-pg-data-scratch-" + ProcessHandle.current().pid()
                + "-" + System.nanoTime());
        try {
            copyTree(data, scratch);
            Files.move(scratch, template.get(), StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException | RuntimeException e) {
            // another run got there first, or the cache cannot take it: this run has its data directory anyway
            EmbeddedServer.deleteTree(scratch);
        }
    }

    /**
     * Every directory and regular file of {@code from} into {@code to}, created by us (so ours) with the source's
     * mode; anything else (a link, a socket) is refused: initdb makes none.
     */
    private static void copyTree(Path from, Path to) throws IOException {
        try (Stream<Path> all = Files.walk(from)) { // does not follow links
            for (Path p : (Iterable<Path>) all::iterator) {
                Path target = to.resolve(from.relativize(p).toString());
                if (Files.isDirectory(p, LinkOption.NOFOLLOW_LINKS)) {
                    Files.createDirectory(target);
                } else if (Files.isRegularFile(p, LinkOption.NOFOLLOW_LINKS)) {
                    Files.copy(p, target, LinkOption.NOFOLLOW_LINKS);
                } else {
                    throw new IOException("not a file or directory: " + p);
                }
                Files.setPosixFilePermissions(target, Files.getPosixFilePermissions(p, LinkOption.NOFOLLOW_LINKS));
            }
        }
    }
}
