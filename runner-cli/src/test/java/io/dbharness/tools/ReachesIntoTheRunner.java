package io.dbharness.tools;

/**
 * A class that breaks a boundary on purpose, in the tools' package, for {@code ArchitectureTest} to catch: one of
 * the runner's own classes named in a method body, where a tool may use only {@link ToolRun}.
 */
final class ReachesIntoTheRunner {

    private ReachesIntoTheRunner() {
    }

    static void reach() {
        io.dbharness.cli.Main.main(new String[0]); // a constant (ExitCode.USAGE) would be inlined, leaving no trace
    }
}
