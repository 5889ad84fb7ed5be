package io.dbharness.tools;

import io.dbharness.core.api.UsageException;
import io.dbharness.core.engine.Registry;
import io.dbharness.core.result.RunResult;

import java.io.InputStream;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * What a {@link SeedTool} runs with, and all it may use of the runner: where output goes, the runner's options
 * parsed as its own command line parses them, and runs of the options a tool's flags translate to. The runner
 * implements it; a tool never reaches into the runner's classes (ArchitectureTest).
 */
public abstract class ToolRun {

    /** The exit code of a command that did what was asked (the runner's {@code 0}). */
    public static final int OK = 0;

    /** The tool's own report of a finished run, printed before this harness's summary. */
    @FunctionalInterface
    public interface Report {
        void print(RunResult result, PrintStream out);

        Report NONE = (result, out) -> {
        };
    }

    /** One run's configuration, as the runner parsed it: the tool's translation under the options after {@code --}. */
    public interface Config {
        String target();

        String workload();

        /** The options the run gets. */
        Map<String, String> options();

        /** This configuration with one more value as if given on the command line: {@code target}, {@code workload} or an option. */
        Config with(String name, String value);
    }

    /**
     * How a run ended.
     *
     * @param exitCode the runner's exit code for it
     * @param result   its result; null when it ended before it had one (refused, unreachable) or was only checked
     * @param stopped  whether a signal stopped it
     */
    public record Outcome(int exitCode, RunResult result, boolean stopped) {
    }

    /**
     * A flag the tool does not have. When it is one of this harness's options the runner says so, and that it
     * belongs after {@code --}, rather than leave the user guessing whose flag it was.
     */
    public static final class UnknownFlag extends UsageException {
        private final String name;
        private final String command;

        /** @param name the flag's long name, without dashes; @param command the tool's command ({@code mxbench}) */
        public UnknownFlag(String message, String name, String command) {
            super(message);
            this.name = name;
            this.command = command;
        }

        public String name() {
            return name;
        }

        /** The message, or where the flag belongs when {@code ours} is this harness's option. */
        public String explained(boolean ours, String tool) {
            return !ours ? getMessage() : "--" + name + " is this harness's option, not a flag of " + command
                    + ": give it after '--' (runner " + tool + " ... -- --" + name + ")";
        }
    }

    /** Standard input: what a tool reading a pipe reads ({@code bulk_data_gen | bulk_load_influx}). */
    public final InputStream in;
    public final PrintStream out;
    public final PrintStream err;
    public final Map<String, String> env;
    public final Registry registry;

    protected ToolRun(InputStream in, PrintStream out, PrintStream err, Map<String, String> env, Registry registry) {
        this.in = in;
        this.out = out;
        this.err = err;
        this.env = env;
        this.registry = registry;
    }

    /** Prints a warning as the runner prints its own. */
    public abstract void warn(String message);

    /** Whether runs stop after their check (tests of examples): a tool's own output must not depend on a run then. */
    public abstract boolean checkOnly();

    /**
     * This harness's options given after {@code --}, parsed as the plain run parses them; they override the
     * tool's translation, {@code --target} and {@code --workload} included.
     */
    public Config config(String target, String workload, Map<String, String> toolOptions, List<String> runnerArgs) {
        return config(target, workload, toolOptions, runnerArgs, null, Map.of());
    }

    /**
     * @param file  the tool's config file (a BenchmarkSQL properties file), so a value the run refuses is pointed
     *              at there; null without one
     * @param lines the line of {@code file} each option comes from
     */
    public abstract Config config(String target, String workload, Map<String, String> toolOptions, List<String> runnerArgs,
                                  Path file, Map<String, Integer> lines);

    /**
     * Runs {@code config}, printing {@code report} before the summary. Under a check-only runner, checks it as
     * the run would and returns an outcome without a result.
     */
    public abstract Outcome run(Config config, Report report);

    /** Other names of this harness's options ({@code OptionDef.aliases}: mxbench's db-* flags), each to the option's name. */
    public abstract Map<String, String> aliases();

    /**
     * Whether {@code config}'s target starts a server of its own for the run ({@code TargetProvider.embedded}), which
     * is new, and empty, in every run: a tool's series of runs on one table needs a server.
     */
    public abstract boolean embedded(Config config);

    /** Checks {@code config}'s values alone, before its target asks for a server ({@code Harness.checkValues}). */
    public abstract void checkValues(Config config);

    /**
     * Checks {@code config} as its run would check it before anything connects: a tool that prints a header before
     * its run calls this first, so a mistake is one line and not a header followed by it.
     */
    public abstract void check(Config config);

    /**
     * {@code e} with this harness's option names as the tool's user wrote them ({@code --port} becomes
     * {@code --db-master-port}, {@code --clean} becomes {@code -- --clean}): a message must name what they can type.
     *
     * @param typed this harness's option name (no dashes) → the tool's spelling, dashes included
     */
    public static UsageException asTyped(UsageException e, Map<String, String> typed) {
        String m = String.valueOf(e.getMessage());
        for (Map.Entry<String, String> t : typed.entrySet()) {
            m = m.replaceAll("(?<![\\w-])--" + java.util.regex.Pattern.quote(t.getKey()) + "(?![\\w-])",
                    java.util.regex.Matcher.quoteReplacement(t.getValue()));
        }
        return m.equals(e.getMessage()) ? e : new UsageException(m, e.option());
    }
}
