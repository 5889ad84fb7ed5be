package io.dbharness.local;

import io.dbharness.core.api.TargetProvider;
import io.dbharness.tck.Clause;
import io.dbharness.tck.NotApplicable;
import io.dbharness.tck.TargetContract;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.Map;

/**
 * The file target in each format, to stdout, and with --append (the schema modes). What the bytes are is
 * {@link FileTargetTest}'s; this is what every target promises.
 */
class FileTargetContractTest {

    abstract static class File extends TargetContract {

        /** A directory per test: each test's runs share its file. */
        @TempDir
        Path dir;

        abstract String format();

        @Override
        protected TargetProvider provider() {
            return new FileTargetProvider();
        }

        @Override
        protected Map<String, String> options() {
            return Map.of("format", format(), "output", dir.resolve("rows." + format()).toString());
        }

        @Override
        protected NotApplicable notApplicable() {
            return NotApplicable.because("the file target writes a local file from inside the harness: no connection to cut,"
                            + " nothing that can stall, no answer to lose",
                            Clause.RECONNECT, Clause.OP_TIMEOUT, Clause.CANCEL, Clause.LOST_WRITE, Clause.LOST_ANSWER)
                    .and("the file target takes no credentials", Clause.AUTHENTICATION, Clause.SECRETS);
        }
    }

    @Nested
    class Csv extends File {
        @Override
        String format() {
            return "csv";
        }
    }

    @Nested
    class CopyText extends File {
        @Override
        String format() {
            return "copy-text";
        }
    }

    @Nested
    class LineProtocol extends File {
        @Override
        String format() {
            return "line-protocol";
        }
    }

    @Nested
    class CopyBinary extends File {
        @Override
        String format() {
            return "copy-binary";
        }

        @Override
        protected NotApplicable notApplicable() {
            return super.notApplicable().and("a copy-binary file is one stream with one header and trailer: it cannot be"
                    + " counted, and --append to it is refused by design", Clause.COUNT, Clause.SCHEMA_MODES);
        }
    }

    /**
     * {@code --output -} writes to the process's stdout file descriptor, past System.out, which in this forked JVM is
     * surefire's channel: surefire sets the rows aside (target/surefire-reports/*.dumpstream, with a warning without
     * {@code -q}) and goes on. Its byte-exact check, in a process of its own, is runner-cli's FileStdoutTest.
     */
    @Nested
    class Stdout extends File {
        @Override
        String format() {
            return "copy-text";
        }

        @Override
        protected Map<String, String> options() {
            return Map.of("format", format(), "output", "-");
        }

        @Override
        protected NotApplicable notApplicable() {
            return super.notApplicable().and("stdout cannot be read back to count, and is no file to create, refuse or"
                    + " append to", Clause.COUNT, Clause.SCHEMA_MODES);
        }
    }
}
