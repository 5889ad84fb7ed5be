package io.dbharness.iot;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads one line of InfluxDB line protocol ({@code measurement[,tag=value...] field=value[,...] timestamp}), with
 * its escapes (a backslash before a comma, space or equals sign in names and tag values). Integer ({@code 12i},
 * {@code 12u}) and float fields are taken; string and boolean fields, and a line without a timestamp, are
 * refused: a run's rows must have numbers and a time of their own. Errors are {@link IllegalArgumentException}s
 * saying what is wrong with the line.
 *
 * @see <a href="https://docs.influxdata.com/influxdb/v1/write_protocols/line_protocol_reference/">line protocol</a>
 */
final class LineProtocol {

    /**
     * @param seriesKey the measurement and tags as written (sorted by key), which names the series
     * @param fields    field name to a Long or a Double
     */
    record Parsed(String measurement, List<String> tagKeys, String[] tagValues, String seriesKey,
                  Map<String, Object> fields, long nanos) {
    }

    private LineProtocol() {
    }

    static Parsed parse(String line) {
        int[] at = {0};
        String measurement = token(line, at, ",  ".toCharArray(), "measurement");
        if (measurement.isEmpty()) {
            throw new IllegalArgumentException("no measurement");
        }
        List<String> keys = new ArrayList<>();
        List<String> values = new ArrayList<>();
        while (at[0] < line.length() && line.charAt(at[0]) == ',') {
            at[0]++;
            String key = token(line, at, "=".toCharArray(), "tag key");
            expect(line, at, '=', "tag " + key);
            String value = token(line, at, ", ".toCharArray(), "tag value");
            if (key.isEmpty() || value.isEmpty()) {
                throw new IllegalArgumentException("an empty tag key or value");
            }
            keys.add(key);
            values.add(value);
        }
        expect(line, at, ' ', "the fields");
        Map<String, Object> fields = new LinkedHashMap<>();
        do {
            if (!fields.isEmpty()) {
                at[0]++; // the comma
            }
            String key = token(line, at, "=".toCharArray(), "field key");
            expect(line, at, '=', "field " + key);
            String raw = token(line, at, ", ".toCharArray(), "field value");
            if (raw.startsWith("\"")) {
                throw new IllegalArgumentException("field " + key + " is a string: only numbers are taken");
            }
            fields.put(key, value(key, raw));
        } while (at[0] < line.length() && line.charAt(at[0]) == ',');
        if (at[0] >= line.length()) {
            throw new IllegalArgumentException("no timestamp: every line needs one (nanoseconds)");
        }
        expect(line, at, ' ', "the timestamp");
        long nanos;
        try {
            nanos = Long.parseLong(line.substring(at[0]).strip());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("timestamp '" + line.substring(at[0]).strip() + "' is not a whole number"
                    + " of nanoseconds");
        }
        // the series is its measurement and tag set, whatever order the line lists the tags in
        List<Integer> order = new ArrayList<>();
        for (int i = 0; i < keys.size(); i++) {
            order.add(i);
        }
        order.sort((a, b) -> keys.get(a).compareTo(keys.get(b)));
        List<String> sortedKeys = new ArrayList<>();
        String[] sortedValues = new String[keys.size()];
        StringBuilder seriesKey = new StringBuilder(measurement);
        for (int i = 0; i < order.size(); i++) {
            sortedKeys.add(keys.get(order.get(i)));
            sortedValues[i] = values.get(order.get(i));
            seriesKey.append(',').append(sortedKeys.get(i)).append('=').append(sortedValues[i]);
        }
        return new Parsed(measurement, List.copyOf(sortedKeys), sortedValues, seriesKey.toString(), fields, nanos);
    }

    /** The line's measurement, unescaped: the text before its first comma or space not escaped by a backslash. */
    static String measurement(String line) {
        return token(line, new int[] {0}, ", ".toCharArray(), "measurement");
    }

    /** Where the line's measurement and tags end: its first space not escaped by a backslash (or its length). */
    static int seriesEnd(String line) {
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (c == '\\') {
                i++;
            } else if (c == ' ') {
                return i;
            }
        }
        return line.length();
    }

    /**
     * InfluxDB's float: a sign, digits with or without a point, an exponent; not NaN, infinities, hex or Java's
     * {@code d}/{@code f} suffixes, which {@code Double.parseDouble} takes. By hand: the first read checks every value.
     */
    static boolean influxFloat(String v) {
        int i = v.startsWith("+") || v.startsWith("-") ? 1 : 0;
        int digits = 0;
        boolean point = false;
        for (; i < v.length(); i++) {
            char c = v.charAt(i);
            if (c >= '0' && c <= '9') {
                digits++;
            } else if (c == '.' && !point) {
                point = true;
            } else {
                break;
            }
        }
        if (digits == 0) {
            return false;
        }
        if (i < v.length() && (v.charAt(i) == 'e' || v.charAt(i) == 'E')) {
            i++;
            if (i < v.length() && (v.charAt(i) == '+' || v.charAt(i) == '-')) {
                i++;
            }
            int exponent = i;
            while (i < v.length() && v.charAt(i) >= '0' && v.charAt(i) <= '9') {
                i++;
            }
            if (i == exponent) {
                return false;
            }
        }
        return i == v.length();
    }

    private static Object value(String key, String raw) {
        if (raw.endsWith("i") || raw.endsWith("u")) {
            String digits = raw.substring(0, raw.length() - 1);
            try {
                return Long.parseLong(digits);
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("field " + key + " value '" + raw + "' is "
                        + (digits.matches("[+-]?[0-9]+") ? "outside the signed 64-bit range" : "not a number"));
            }
        }
        if (raw.equals("t") || raw.equals("T") || raw.equals("f") || raw.equals("F") || raw.equalsIgnoreCase("true")
                || raw.equalsIgnoreCase("false")) {
            throw new IllegalArgumentException("field " + key + " is a boolean: only numbers are taken");
        }
        if (!influxFloat(raw)) { // InfluxDB refuses NaN and infinities too
            throw new IllegalArgumentException("field " + key + " value '" + raw + "' is not a number"
                    + (raw.matches("[+-]?(?i)(nan|inf|infinity)") ? " InfluxDB takes (it refuses NaN and infinities)" : ""));
        }
        double d = Double.parseDouble(raw);
        if (Double.isInfinite(d)) {
            throw new IllegalArgumentException("field " + key + " value '" + raw + "' is beyond a 64-bit float");
        }
        return d;
    }

    /** The text up to one of {@code stops} (unescaped), with its escapes removed; {@code at} moves to the stop. */
    private static String token(String line, int[] at, char[] stops, String what) {
        StringBuilder sb = new StringBuilder();
        int i = at[0];
        while (i < line.length()) {
            char c = line.charAt(i);
            if (c == '\\' && i + 1 < line.length()) {
                sb.append(line.charAt(i + 1));
                i += 2;
                continue;
            }
            boolean stop = false;
            for (char s : stops) {
                stop |= c == s;
            }
            if (stop) {
                break;
            }
            sb.append(c);
            i++;
        }
        at[0] = i;
        return sb.toString();
    }

    private static void expect(String line, int[] at, char c, String before) {
        if (at[0] >= line.length() || line.charAt(at[0]) != c) {
            throw new IllegalArgumentException("expected '" + (c == ' ' ? "space" : String.valueOf(c)) + "' before "
                    + before + " at column " + (at[0] + 1));
        }
        at[0]++;
    }
}
