package io.dbharness.questdb;

import io.questdb.log.LogFactory;
import org.slf4j.LoggerFactory;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Keeps the embedded server quiet unless the user asked for {@code --verbose}.
 *
 * <p>QuestDB logs through its own process-wide {@code LogFactory}, configured once from the file named by the
 * {@code out} system property, and it also prints a few lines with {@code System.out/err} itself (which log
 * file it read, "QuestDB is shutting down..."). So: before the first server starts we point {@code out} at a
 * config that sends everything to {@code /dev/null} (or to stdout at INFO when verbose), and we drop those
 * known console lines while starting and closing. "Verbose" is read from slf4j (the CLI sets the level to
 * info for {@code --verbose}), so a library user's own logging setup decides the same way.
 */
final class QuestDbLogging {

    private static final List<String> NOISE = List.of("QuestDB is shutting down", "Log configuration loaded",
            "Reading log configuration");
    private static final String QUIET = "writers=file\n"
            + "w.file.class=io.questdb.log.LogFileWriter\n"
            + "w.file.location=/dev/null\n"
            + "w.file.level=CRITICAL\n";
    private static final String VERBOSE = "writers=stdout\n"
            + "w.stdout.class=io.questdb.log.LogConsoleWriter\n"
            + "w.stdout.level=INFO,ERROR,CRITICAL,ADVISORY\n";

    private static boolean configured;

    private QuestDbLogging() {
    }

    static boolean verbose() {
        return LoggerFactory.getLogger("io.dbharness.questdb").isInfoEnabled();
    }

    /** Configures QuestDB's logging once per JVM; a no-op when someone (or an earlier server) already did. */
    static synchronized void configureOnce(Path scratch) {
        if (configured) {
            return;
        }
        configured = true;
        if (System.getProperty(LogFactory.CONFIG_SYSTEM_PROPERTY) != null) {
            return; // the user chose a QuestDB log config: respect it
        }
        try {
            Path conf = scratch.resolve("questdb-log.conf");
            Files.writeString(conf, verbose() ? VERBOSE : QUIET);
            System.setProperty(LogFactory.CONFIG_SYSTEM_PROPERTY, conf.toString());
            try {
                quietly(LogFactory::getInstance);
            } finally {
                System.clearProperty(LogFactory.CONFIG_SYSTEM_PROPERTY);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Runs {@code action} with QuestDB's own console lines filtered out (all other output passes). */
    static synchronized void quietly(Runnable action) {
        if (verbose()) {
            action.run();
            return;
        }
        PrintStream out = System.out;
        PrintStream err = System.err;
        LineFilter outFilter = new LineFilter(out);
        LineFilter errFilter = new LineFilter(err);
        System.setOut(new PrintStream(outFilter, true, StandardCharsets.UTF_8));
        System.setErr(new PrintStream(errFilter, true, StandardCharsets.UTF_8));
        try {
            action.run();
        } finally {
            System.out.flush();
            System.err.flush();
            System.setOut(out);
            System.setErr(err);
            outFilter.drain();
            errFilter.drain();
        }
    }

    /** Passes whole lines to {@code target} unless they start with one of QuestDB's known console messages. */
    private static final class LineFilter extends OutputStream {
        private final PrintStream target;
        private final ByteArrayOutputStream line = new ByteArrayOutputStream();

        LineFilter(PrintStream target) {
            this.target = target;
        }

        @Override
        public synchronized void write(int b) {
            line.write(b);
            if (b == '\n') {
                flushLine();
            }
        }

        /** Only whole lines are judged, so a flush (PrintStream flushes after every printf) keeps a partial line. */
        @Override
        public synchronized void flush() {
            target.flush();
        }

        /** Passes on what is left once the filter is taken down. */
        synchronized void drain() {
            if (line.size() > 0) {
                flushLine();
            }
            target.flush();
        }

        private void flushLine() {
            String text = line.toString(StandardCharsets.UTF_8);
            line.reset();
            if (NOISE.stream().noneMatch(text::startsWith)) {
                target.print(text);
            }
        }
    }
}
