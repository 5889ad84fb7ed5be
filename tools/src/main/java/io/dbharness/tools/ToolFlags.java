package io.dbharness.tools;

import io.dbharness.core.api.UsageException;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Consumer;

/**
 * The flags of another tool's command line, parsed the way that tool parses them, so a command pasted from its
 * documentation means here what it meant there. Every flag the tool has is declared: one this harness maps, one
 * that has no effect here (a warning says why) or one it cannot honour (refused, saying why). A flag the tool
 * does not have is refused too: a typo must not be ignored. After a lone {@code --} come this harness's own
 * options ({@code -- --verify --results dir}).
 */
final class ToolFlags {

    /** How the tool reads its command line. */
    enum Style {
        /** Go's spf13/pflag (mxbench, influx-stress): {@code --name v}, {@code --name=v}, {@code -n v}; a boolean takes no separate value. */
        PFLAG,
        /** Go's standard flag package (influxdb-comparisons): {@code -name v} or {@code --name v}, {@code -name=v}; a boolean only {@code -name=false}. */
        GO,
        /** Python's argparse (MaibornWolff's run.py): {@code --name v}, {@code -n v}; a switch takes no value. */
        ARGPARSE
    }

    private enum Kind { MAPPED, NO_EFFECT, REFUSED }

    /**
     * @param name      the long name, without dashes
     * @param shorthand one letter or null
     * @param bool      a switch: given alone it means true
     * @param help      what the flag means in the tool, as its usage says
     * @param reason    why it has no effect, or why it is refused; null for a mapped flag
     * @param list      given again, it adds values ({@code --names a --names b} is {@code a,b}), as Go's slice flags do
     */
    record Flag(String name, String shorthand, boolean bool, String help, Kind kind, String reason, boolean list) {
    }

    /**
     * What a command line held: values by long name in the order given (the last of a repeated flag wins, as in the
     * tools), and each flag as the user typed it ({@code -b} or {@code --batch-size}), for messages.
     */
    record Parsed(Map<String, String> values, List<String> positionals, List<String> runnerArgs, Map<String, String> typed) {
        Parsed(Map<String, String> values, List<String> positionals, List<String> runnerArgs) {
            this(values, positionals, runnerArgs, Map.of());
        }

        boolean has(String name) {
            return values.containsKey(name);
        }

        String get(String name, String otherwise) {
            return values.getOrDefault(name, otherwise);
        }

        boolean flag(String name) {
            return Boolean.parseBoolean(values.getOrDefault(name, "false"));
        }
    }

    private final String command;
    private final Style style;
    private final Map<String, Flag> flags = new LinkedHashMap<>();
    private final Map<String, String> shorthands = new LinkedHashMap<>();
    private final Map<String, String> aliases = new LinkedHashMap<>();

    /** @param command as messages name it: {@code mxbench run} */
    ToolFlags(String command, Style style) {
        this.command = command;
        this.style = style;
    }

    String command() {
        return command;
    }

    /** A flag this harness maps to its own options; {@code shorthand} may be null. */
    ToolFlags mapped(String name, String shorthand, String help) {
        return add(new Flag(name, shorthand, false, help, Kind.MAPPED, null, false));
    }

    /** A mapped flag whose values add up when it is given again (a Go slice flag): comma-separated here. */
    ToolFlags mappedList(String name, String help) {
        return add(new Flag(name, null, false, help, Kind.MAPPED, null, true));
    }

    ToolFlags mappedSwitch(String name, String shorthand, String help) {
        return add(new Flag(name, shorthand, true, help, Kind.MAPPED, null, false));
    }

    /** A flag accepted and without effect here; the warning gives {@code reason}. */
    ToolFlags noEffect(String name, boolean bool, String help, String reason) {
        return noEffect(name, null, bool, help, reason);
    }

    /** The same, with a one-letter shorthand ({@code -c} of influx-stress's {@code --consistency}). */
    ToolFlags noEffect(String name, String shorthand, boolean bool, String help, String reason) {
        return add(new Flag(name, shorthand, bool, help, Kind.NO_EFFECT, reason, false));
    }

    /** A flag of the tool this harness cannot honour: refused, giving {@code reason}. */
    ToolFlags refused(String name, String shorthand, boolean bool, String help, String reason) {
        return add(new Flag(name, shorthand, bool, help, Kind.REFUSED, reason, false));
    }

    /** Another spelling of {@code name}, as the tool's documentation uses it ({@code --workplace}). */
    ToolFlags alias(String alias, String name) {
        aliases.put(alias, name);
        return this;
    }

    private ToolFlags add(Flag f) {
        if (flags.put(f.name(), f) != null || (f.shorthand() != null && shorthands.put(f.shorthand(), f.name()) != null)) {
            throw new IllegalStateException("flag declared twice: " + f.name());
        }
        return this;
    }

    /** The declared flag, by long name. */
    Flag flag(String name) {
        return flags.get(name);
    }

    /**
     * @param warn one line per given flag without effect here, without the {@code warning: } prefix
     */
    Parsed parse(List<String> given, Consumer<String> warn) {
        List<String> args = new ArrayList<>(given);
        Map<String, String> values = new LinkedHashMap<>();
        Map<String, String> typed = new LinkedHashMap<>();
        List<String> positionals = new ArrayList<>();
        List<String> runner = List.of();
        for (int i = 0; i < args.size(); i++) {
            String a = args.get(i);
            if (a.equals("--")) {
                runner = List.copyOf(args.subList(i + 1, args.size()));
                break;
            }
            if (!a.startsWith("-") || a.equals("-")) {
                positionals.add(a);
                continue;
            }
            boolean longForm = a.startsWith("--") || style == Style.GO;
            String body = a.substring(a.startsWith("--") ? 2 : 1);
            String name;
            String value = null;
            if (longForm) {
                int eq = body.indexOf('=');
                name = eq < 0 ? body : body.substring(0, eq);
                value = eq < 0 ? null : body.substring(eq + 1);
                name = aliases.getOrDefault(name, name);
            } else { // -r 120s, -r120s, -r=120s
                String letter = body.isEmpty() ? "" : body.substring(0, 1);
                name = shorthands.get(letter);
                if (name == null) {
                    throw new UsageException("unknown shorthand flag '-" + letter + "' in '" + a + "' for '" + command
                            + "' (see 'runner " + command + " --help')");
                }
                String rest = body.substring(1);
                Flag switchFlag = flags.get(name);
                if (style == Style.PFLAG && switchFlag.bool() && !rest.isEmpty() && !rest.startsWith("=")) {
                    args.add(i + 1, "-" + rest); // -fq: pflag's switches written together
                    rest = "";
                }
                value = rest.isEmpty() ? null : rest.startsWith("=") ? rest.substring(1) : rest;
            }
            Flag f = flags.get(name);
            if (f == null) {
                throw new ToolRun.UnknownFlag("unknown flag '" + a.replaceFirst("=.*", "") + "' for '"
                        + command + "' (see 'runner " + command + " --help')", name, command);
            }
            String shown = (longForm ? (style == Style.GO ? "-" : "--") + f.name() : "-" + f.shorthand());
            if (f.bool()) {
                if (value == null) {
                    value = "true";
                } else if (style == Style.ARGPARSE) {
                    throw new UsageException(command + ": " + shown + " takes no value ('" + a + "')");
                } else {
                    value = bool(shown, value);
                }
            } else if (value == null) {
                if (i + 1 >= args.size()) {
                    throw new UsageException(command + ": flag " + shown + " needs a value");
                }
                value = args.get(++i);
            }
            if (f.kind() == Kind.REFUSED) {
                if (value.isEmpty() || value.equals("false")) {
                    continue; // the feature left off, as a tool's sample config writes it (dump = false, ddl-file-path = "")
                }
                throw new UsageException(command + " flag " + shown + " is not supported here: " + f.reason());
            }
            if (f.kind() == Kind.NO_EFFECT && !values.containsKey(f.name())) {
                warn.accept(command + " flag " + shown + " has no effect here (" + f.reason() + ")");
            }
            typed.put(f.name(), shown);
            String before = values.remove(f.name()); // the order of the last occurrence
            values.put(f.name(), f.list() && before != null && !before.isEmpty() && !value.isEmpty() ? before + "," + value : value);
        }
        return new Parsed(values, positionals, runner, typed);
    }

    private String bool(String shown, String value) {
        String v = value.toLowerCase(Locale.ROOT);
        // Go's strconv.ParseBool
        return switch (v) {
            case "1", "t", "true" -> "true";
            case "0", "f", "false" -> "false";
            default -> throw new UsageException("invalid value '" + value + "' for " + command + " flag " + shown
                    + ": expected true or false");
        };
    }

    /** The flags as the tool's users know them, each with what it does here. */
    void printUsage(PrintStream out) {
        String dash = style == Style.GO ? "-" : "--";
        for (Flag f : flags.values()) {
            StringBuilder names = new StringBuilder("  ");
            if (f.shorthand() != null) {
                names.append('-').append(f.shorthand()).append(", ");
            }
            names.append(dash).append(f.name());
            aliases.forEach((alias, name) -> {
                if (name.equals(f.name())) {
                    names.append(", ").append(dash).append(alias);
                }
            });
            if (!f.bool()) {
                names.append(" V");
            }
            String note = switch (f.kind()) {
                case MAPPED -> "";
                case NO_EFFECT -> " [no effect here: " + f.reason() + "]";
                case REFUSED -> " [refused: " + f.reason() + "]";
            };
            out.println(String.format(Locale.ROOT, "%-40s %s%s", names, f.help(), note));
        }
    }
}
