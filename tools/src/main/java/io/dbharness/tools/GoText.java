package io.dbharness.tools;

import io.dbharness.core.api.UsageException;

import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.Collection;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What Go tools (influxdb-comparisons) print and read, as they print and read it: {@code log}'s line prefix, a
 * {@code time.Duration} in both directions, RFC 3339 times, integers as {@code flag} parses them, and
 * {@code encoding/json}'s rendering of a map (sorted keys, floats in their shortest form).
 */
final class GoText {

    private GoText() {
    }

    private static final DateTimeFormatter LOG = DateTimeFormatter.ofPattern("yyyy/MM/dd HH:mm:ss ", Locale.ROOT);

    /** Go's {@code log} prefix (its standard flags: local date and time), as in {@code 2021/12/31 14:20:21 }. */
    static String logPrefix() {
        return LocalDateTime.now().format(LOG);
    }

    private static final Pattern DURATION_PART = Pattern.compile("(\\d+(?:\\.\\d*)?|\\.\\d+)(ns|us|µs|μs|ms|s|m|h)");
    private static final Map<String, Long> UNIT_NANOS = Map.of("ns", 1L, "us", 1_000L, "µs", 1_000L, "μs", 1_000L,
            "ms", 1_000_000L, "s", 1_000_000_000L, "m", 60_000_000_000L, "h", 3_600_000_000_000L);

    /** Go's {@code time.ParseDuration}: {@code 10s}, {@code 1h30m}, {@code 300ms}, {@code -1s}, {@code 0}. */
    static Duration duration(String command, String flag, String text) {
        String s = text.strip();
        boolean negative = s.startsWith("-");
        if (negative || s.startsWith("+")) {
            s = s.substring(1);
        }
        if (s.equals("0")) {
            return Duration.ZERO;
        }
        Matcher m = DURATION_PART.matcher(s);
        BigDecimal nanos = BigDecimal.ZERO;
        int at = 0;
        while (at < s.length() && m.find(at) && m.start() == at) {
            nanos = nanos.add(new BigDecimal(m.group(1).startsWith(".") ? "0" + m.group(1) : m.group(1))
                    .multiply(BigDecimal.valueOf(UNIT_NANOS.get(m.group(2)))));
            at = m.end();
        }
        if (s.isEmpty() || at != s.length()) {
            throw new UsageException("invalid value '" + text + "' for " + command + " flag -" + flag
                    + ": expected a duration such as 10s, 1m30s or 500ms");
        }
        Duration d = Duration.ofNanos(nanos.longValue());
        return negative ? d.negated() : d;
    }

    /** Go's {@code time.Duration.String()}: {@code 1h0m0s}, {@code 12h0m0s}, {@code 10s}, {@code 500ms}, {@code 0s}. */
    static String duration(Duration d) {
        long n = d.toNanos();
        if (n == 0) {
            return "0s";
        }
        String sign = n < 0 ? "-" : "";
        long a = Math.abs(n);
        if (a < 1_000_000_000L) {
            if (a < 1_000) {
                return sign + a + "ns";
            }
            if (a < 1_000_000) {
                return sign + fraction(a, 1_000) + "µs";
            }
            return sign + fraction(a, 1_000_000) + "ms";
        }
        long h = a / 3_600_000_000_000L;
        long m = a / 60_000_000_000L % 60;
        String s = fraction(a % 60_000_000_000L, 1_000_000_000L) + "s";
        if (h > 0) {
            return sign + h + "h" + m + "m" + s;
        }
        return sign + (m > 0 ? m + "m" : "") + s;
    }

    /** {@code value / unit} with the fraction's trailing zeros dropped, as Go prints durations. */
    private static String fraction(long value, long unit) {
        return new BigDecimal(value).divide(BigDecimal.valueOf(unit)).stripTrailingZeros().toPlainString();
    }

    /** Go's {@code time.Parse(time.RFC3339, s)}: {@code 2018-01-01T00:00:00Z}, an offset instead of Z. */
    static Instant rfc3339(String command, String flag, String text) {
        try {
            if (!text.contains("T")) {
                throw new DateTimeParseException("no T", text, 0);
            }
            return OffsetDateTime.parse(text.strip()).toInstant();
        } catch (DateTimeParseException e) {
            throw new UsageException("invalid value '" + text + "' for " + command + " flag -" + flag
                    + ": expected an RFC 3339 time such as 2018-01-01T00:00:00Z");
        }
    }

    /** A whole number as Go's {@code flag} takes it (decimal; also 0x, 0o and 0b). */
    static long integer(String command, String flag, String text, long min, long max) {
        long v;
        try {
            String s = text.strip();
            boolean neg = s.startsWith("-");
            String body = neg || s.startsWith("+") ? s.substring(1) : s;
            int radix = 10;
            if (body.startsWith("0x") || body.startsWith("0X")) {
                radix = 16;
                body = body.substring(2);
            } else if (body.startsWith("0o") || body.startsWith("0O")) {
                radix = 8;
                body = body.substring(2);
            } else if (body.startsWith("0b") || body.startsWith("0B")) {
                radix = 2;
                body = body.substring(2);
            }
            v = Long.parseLong((neg ? "-" : "") + body.replace("_", ""), radix);
        } catch (NumberFormatException e) {
            throw new UsageException("invalid value '" + text + "' for " + command + " flag -" + flag + ": not a whole number");
        }
        if (v < min || v > max) {
            throw new UsageException("invalid value '" + text + "' for " + command + " flag -" + flag + ": expected "
                    + (max == Long.MAX_VALUE ? "at least " + min : "from " + min + " to " + max));
        }
        return v;
    }

    /**
     * {@code encoding/json}'s {@code Marshal} of a value made of maps (keys sorted, as Go sorts a map's), strings,
     * collections of strings, whole numbers, booleans and doubles (shortest form: {@code 5}, {@code 0.25},
     * {@code 1e-7}, {@code 1e+21}). Non-finite doubles are refused: Go refuses them too.
     */
    static String json(Object value) {
        StringBuilder sb = new StringBuilder();
        json(value, sb);
        return sb.toString();
    }

    private static void json(Object value, StringBuilder sb) {
        if (value == null) {
            sb.append("null");
        } else if (value instanceof Map<?, ?> map) {
            Map<String, Object> sorted = new TreeMap<>();
            map.forEach((k, v) -> sorted.put(String.valueOf(k), v));
            sb.append('{');
            boolean first = true;
            for (Map.Entry<String, Object> e : sorted.entrySet()) {
                sb.append(first ? "" : ",");
                first = false;
                string(e.getKey(), sb);
                sb.append(':');
                json(e.getValue(), sb);
            }
            sb.append('}');
        } else if (value instanceof Collection<?> list) {
            sb.append('[');
            boolean first = true;
            for (Object o : list) {
                sb.append(first ? "" : ",");
                first = false;
                json(o, sb);
            }
            sb.append(']');
        } else if (value instanceof Double d) {
            sb.append(number(d));
        } else if (value instanceof Number || value instanceof Boolean) {
            sb.append(value);
        } else {
            string(value.toString(), sb);
        }
    }

    /** Go's float64 in JSON: {@code 'f'} format in the shortest form, {@code 'e'} below 1e-6 and from 1e21. */
    static String number(double d) {
        if (!Double.isFinite(d)) {
            throw new IllegalArgumentException("json: unsupported value: " + d);
        }
        if (d == 0) {
            return "0";
        }
        BigDecimal b = new BigDecimal(Double.toString(d)).stripTrailingZeros();
        double abs = Math.abs(d);
        if (abs >= 1e-6 && abs < 1e21) {
            return b.toPlainString();
        }
        String digits = b.unscaledValue().abs().toString();
        int exponent = digits.length() - 1 - b.scale();
        String mantissa = digits.length() == 1 ? digits : digits.charAt(0) + "." + digits.substring(1);
        return (d < 0 ? "-" : "") + mantissa + "e" + (exponent < 0 ? "-" : "+") + Math.abs(exponent);
    }

    private static void string(String s, StringBuilder sb) {
        sb.append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"' -> sb.append("\\\"");
                case '\\' -> sb.append("\\\\");
                case '\n' -> sb.append("\\n");
                case '\r' -> sb.append("\\r");
                case '\t' -> sb.append("\\t");
                // Go escapes these for HTML's sake
                case '<', '>', '&' -> sb.append(String.format(Locale.ROOT, "\\u%04x", (int) c));
                default -> {
                    if (c < 0x20) {
                        sb.append(String.format(Locale.ROOT, "\\u%04x", (int) c));
                    } else {
                        sb.append(c);
                    }
                }
            }
        }
        sb.append('"');
    }
}
