package io.dbharness.deploy;

import io.dbharness.cli.Runner;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** The long options the runner takes, read from its own {@code --help}, as a user would see them. */
final class RunnerOptions {

    private static final Pattern OPTION = Pattern.compile("(?<![\\w-])--[a-z][a-z0-9-]*");

    private RunnerOptions() {
    }

    /** {@code --flag} names of {@code runner [subcommand] --help}. */
    static Set<String> of(String... subcommand) {
        String[] args = new String[subcommand.length + 1];
        System.arraycopy(subcommand, 0, args, 0, subcommand.length);
        args[subcommand.length] = "--help";
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = new Runner(new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8), Map.of()).execute(args);
        if (code != 0) {
            throw new AssertionError("runner " + String.join(" ", args) + " exited " + code + ": " + err);
        }
        Set<String> names = new TreeSet<>();
        Matcher m = OPTION.matcher(out.toString(StandardCharsets.UTF_8));
        while (m.find()) {
            names.add(m.group());
        }
        return names;
    }
}
