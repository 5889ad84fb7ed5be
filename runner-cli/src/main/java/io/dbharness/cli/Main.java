package io.dbharness.cli;

import java.io.PrintStream;

/** {@code runner}: parses the command line and exits with a code scripts can trust. */
public final class Main {

    private Main() {
    }

    public static void main(String[] args) {
        // quiet until the command line is parsed: Runner turns the logs on when --verbose is one of its options
        configureLogging(false);
        Interrupts.sayWhenSigintIgnored();
        int code;
        try {
            code = new Runner(System.out, System.err, System.getenv()).execute(args);
        } catch (io.dbharness.core.api.UsageException e) { // a plug-in registered twice (Plugins): before any command
            printError(System.err, e.getMessage());
            code = ExitCode.USAGE;
        }
        System.out.flush();
        System.err.flush();
        System.exit(code);
    }

    /**
     * Log levels for {@code --verbose} (or {@code verbose: true} in a config file). Called before the drivers
     * log anything: slf4j-simple reads its level once.
     */
    static void configureLogging(boolean verbose) {
        // Drivers log recoverable trouble as warnings with stack traces; our own one-line errors say it better.
        System.setProperty("org.slf4j.simpleLogger.defaultLogLevel", verbose ? "info" : "error");
        System.setProperty("org.slf4j.simpleLogger.logFile", "System.err");
        // the YugabyteDB and openGauss drivers log through java.util.logging, at INFO, on every connect
        java.util.logging.Level julLevel = verbose ? java.util.logging.Level.INFO : java.util.logging.Level.SEVERE;
        java.util.logging.Logger root = java.util.logging.Logger.getLogger("");
        root.setLevel(julLevel);
        for (java.util.logging.Handler h : root.getHandlers()) {
            h.setLevel(julLevel);
        }
    }

    static void printError(PrintStream err, String message) {
        err.println("error: " + message);
    }

    static void printWarning(PrintStream err, String message) {
        err.println("warning: " + message);
    }
}
