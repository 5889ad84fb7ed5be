package io.dbharness.tools;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Whether standard input is a terminal: a tool reading a pipe would otherwise wait for typed input. */
final class Terminal {

    private Terminal() {
    }

    /**
     * True when this process's standard input is a terminal (Linux: what {@code /proc/self/fd/0} points at);
     * false where that cannot be told, so a pipe is never mistaken for one.
     */
    static boolean stdinIsTerminal() {
        try {
            String target = Files.readSymbolicLink(Path.of("/proc/self/fd/0")).toString();
            return target.startsWith("/dev/pts/") || target.startsWith("/dev/tty") || target.equals("/dev/console");
        } catch (IOException | UnsupportedOperationException | SecurityException e) {
            return false;
        }
    }
}
