package io.dbharness.hosts;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Predicate;

/**
 * Reads samples out of Prometheus' text exposition format (version 0.0.4, what node_exporter serves):
 * {@code name{label="value",...} value [timestamp]}, comment lines ({@code # HELP}, {@code # TYPE}) skipped. The
 * Prometheus Java client only writes this format; no maintained Java library reads it, and a reader of the few lines
 * a host sampler needs is short. Label values are unescaped ({@code \\}, {@code \"}, {@code \n}).
 */
final class PrometheusText {

    /** One sample: the metric's name, its labels, its value. */
    record Sample(String name, Map<String, String> labels, double value) {
    }

    /** Thrown for a line that is not the format: the text is not an exporter's. */
    static final class FormatException extends RuntimeException {
        FormatException(String message) {
            super(message);
        }
    }

    private PrometheusText() {
    }

    /**
     * Calls {@code each} with every sample whose name {@code wanted} accepts, in the text's order; the others are
     * skipped without reading their labels.
     *
     * @throws FormatException at the first line that is not a sample, a comment or blank
     */
    static void samples(String text, Predicate<String> wanted, java.util.function.Consumer<Sample> each) {
        int pos = 0;
        int lineNo = 0;
        while (pos < text.length()) {
            int end = text.indexOf('\n', pos);
            if (end < 0) {
                end = text.length();
            }
            lineNo++;
            String line = text.substring(pos, end).strip();
            pos = end + 1;
            if (line.isEmpty() || line.charAt(0) == '#') {
                continue;
            }
            int nameEnd = 0;
            while (nameEnd < line.length() && nameChar(line.charAt(nameEnd), nameEnd == 0)) {
                nameEnd++;
            }
            if (nameEnd == 0) {
                throw new FormatException("line " + lineNo + " is not a metric sample: " + cut(line));
            }
            String name = line.substring(0, nameEnd);
            if (!wanted.test(name)) {
                continue;
            }
            Map<String, String> labels = new LinkedHashMap<>();
            int at = nameEnd;
            if (at < line.length() && line.charAt(at) == '{') {
                at = labels(line, at + 1, labels, lineNo);
            }
            String rest = line.substring(at).strip();
            int space = rest.indexOf(' ');
            String value = space < 0 ? rest : rest.substring(0, space); // a timestamp may follow
            each.accept(new Sample(name, labels, number(value, line, lineNo)));
        }
    }

    /** Reads {@code a="x",b="y"}} from {@code at}; returns the position after the closing brace. */
    private static int labels(String line, int at, Map<String, String> out, int lineNo) {
        while (true) {
            while (at < line.length() && (line.charAt(at) == ' ' || line.charAt(at) == ',')) {
                at++;
            }
            if (at < line.length() && line.charAt(at) == '}') {
                return at + 1;
            }
            int eq = line.indexOf('=', at);
            if (eq < 0 || eq + 1 >= line.length() || line.charAt(eq + 1) != '"') {
                throw new FormatException("line " + lineNo + " has a malformed label: " + cut(line));
            }
            String key = line.substring(at, eq).strip();
            StringBuilder v = new StringBuilder();
            int i = eq + 2;
            for (; i < line.length() && line.charAt(i) != '"'; i++) {
                char c = line.charAt(i);
                if (c == '\\' && i + 1 < line.length()) {
                    char n = line.charAt(++i);
                    v.append(n == 'n' ? '\n' : n);
                } else {
                    v.append(c);
                }
            }
            if (i >= line.length()) {
                throw new FormatException("line " + lineNo + " has an unterminated label value: " + cut(line));
            }
            out.put(key, v.toString());
            at = i + 1;
        }
    }

    private static double number(String value, String line, int lineNo) {
        switch (value) {
            case "+Inf", "Inf" -> {
                return Double.POSITIVE_INFINITY;
            }
            case "-Inf" -> {
                return Double.NEGATIVE_INFINITY;
            }
            case "NaN" -> {
                return Double.NaN;
            }
            default -> {
                try {
                    return Double.parseDouble(value);
                } catch (NumberFormatException e) {
                    throw new FormatException("line " + lineNo + " has no number for its value: " + cut(line));
                }
            }
        }
    }

    private static boolean nameChar(char c, boolean first) {
        return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '_' || c == ':' || !first && c >= '0' && c <= '9';
    }

    private static String cut(String line) {
        return line.length() > 80 ? line.substring(0, 80) + "..." : line;
    }
}
