package io.dbharness.influx;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads the Prometheus text exposition format (version 0.0.4), as InfluxDB 2 serves it on {@code /metrics}:
 * {@code name{label="value",...} value [timestamp]}, with {@code # HELP} / {@code # TYPE} comments. Label values
 * may hold commas, braces and the escapes {@code \\}, {@code \"} and {@code \n} (InfluxDB's {@code user_agent}
 * labels do). Reference: https://prometheus.io/docs/instrumenting/exposition_formats/#text-based-format.
 * Written here rather than taken from a library: Prometheus's Java libraries write this format, none reads it.
 * A line that is not a sample is counted and left out, not taken as the end of the reading.
 */
final class PrometheusText {

    /** One sample: a histogram's {@code _sum}, {@code _count} and {@code _bucket} are samples of their own names. */
    record Sample(String name, Map<String, String> labels, double value) {
        String label(String key) {
            return labels.get(key);
        }
    }

    private PrometheusText() {
    }

    /**
     * The samples read, and the lines that were not samples (a server's one odd line costs that line, not the
     * reading): how many, and the first of them, shortened.
     */
    record Parsed(List<Sample> samples, int unreadable, String firstUnreadable) {
    }

    /**
     * The samples of the metrics {@code wanted} names (checked on the name alone, before the rest of the line is
     * read: a server's metrics run to thousands of lines, of which a few are wanted). Lines end at LF, CR LF or CR.
     */
    static Parsed parse(String text, java.util.function.Predicate<String> wanted) {
        List<Sample> out = new ArrayList<>();
        int lineNo = 0;
        int unreadable = 0;
        String first = null;
        for (String raw : text.split("\r\n|\n|\r", -1)) {
            lineNo++;
            String line = raw.strip();
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            int end = 0;
            while (end < line.length() && line.charAt(end) != '{' && !Character.isWhitespace(line.charAt(end))) {
                end++;
            }
            if (!wanted.test(line.substring(0, end))) {
                continue;
            }
            try {
                out.add(sample(line, end));
            } catch (RuntimeException e) {
                if (unreadable++ == 0) {
                    first = "line " + lineNo + " (" + e.getMessage() + "): "
                            + (line.length() > 120 ? line.substring(0, 120) + "..." : line);
                }
            }
        }
        return new Parsed(out, unreadable, first);
    }

    /** The sample of {@code line}, whose name ends at {@code i}. */
    private static Sample sample(String line, int i) {
        String name = line.substring(0, i);
        if (name.isEmpty()) {
            throw new IllegalArgumentException("no metric name");
        }
        Map<String, String> labels = new LinkedHashMap<>();
        if (i < line.length() && line.charAt(i) == '{') {
            i = labels(line, i + 1, labels);
        }
        String[] rest = line.substring(i).strip().split("\\s+");
        if (rest.length == 0 || rest[0].isEmpty()) {
            throw new IllegalArgumentException("no value");
        }
        return new Sample(name, Map.copyOf(labels), value(rest[0]));
    }

    /** Reads {@code key="value",...}} from {@code i} (just past the brace); returns the index past the closing brace. */
    private static int labels(String line, int i, Map<String, String> into) {
        while (true) {
            while (i < line.length() && (line.charAt(i) == ',' || line.charAt(i) == ' ')) {
                i++;
            }
            if (i >= line.length()) {
                throw new IllegalArgumentException("no closing '}'");
            }
            if (line.charAt(i) == '}') {
                return i + 1;
            }
            int eq = line.indexOf('=', i);
            if (eq < 0 || eq + 1 >= line.length() || line.charAt(eq + 1) != '"') {
                throw new IllegalArgumentException("a label without =\"value\"");
            }
            String key = line.substring(i, eq).strip();
            StringBuilder value = new StringBuilder();
            int j = eq + 2;
            for (; j < line.length() && line.charAt(j) != '"'; j++) {
                char c = line.charAt(j);
                if (c == '\\' && j + 1 < line.length()) {
                    char e = line.charAt(++j);
                    value.append(e == 'n' ? '\n' : e);
                } else {
                    value.append(c);
                }
            }
            if (j >= line.length()) {
                throw new IllegalArgumentException("label " + key + " has no closing quote");
            }
            into.put(key, value.toString());
            i = j + 1;
        }
    }

    private static double value(String text) {
        return switch (text) {
            case "+Inf", "Inf" -> Double.POSITIVE_INFINITY;
            case "-Inf" -> Double.NEGATIVE_INFINITY;
            case "NaN" -> Double.NaN;
            default -> Double.parseDouble(text);
        };
    }
}
