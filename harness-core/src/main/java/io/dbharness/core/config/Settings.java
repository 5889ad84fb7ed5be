package io.dbharness.core.config;

import io.dbharness.core.api.UsageException;

import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.Arrays;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * Resolved option values, validated against their {@link OptionDef}s. Immutable. Typed getters turn a bad
 * value into a {@link UsageException} that names the option, the value and what is allowed; nothing is
 * silently corrected.
 */
public final class Settings {

    private final Map<String, OptionDef> defs;
    private final Map<String, String> values;

    private Settings(Map<String, OptionDef> defs, Map<String, String> values) {
        this.defs = defs;
        this.values = values;
    }

    /**
     * Resolves {@code explicit} values (command line, config file, library) over environment variables over
     * defaults. An unknown name is refused.
     */
    public static Settings resolve(Collection<OptionDef> known, Map<String, String> explicit, Map<String, String> env) {
        Map<String, OptionDef> defs = new LinkedHashMap<>();
        for (OptionDef d : known) {
            defs.putIfAbsent(d.name(), d);
        }
        Map<String, String> values = new TreeMap<>();
        for (OptionDef d : defs.values()) {
            for (String var : d.envVars()) {
                String v = env.get(var);
                if (v != null && !v.isEmpty()) {
                    values.put(d.name(), v);
                    break;
                }
            }
        }
        for (Map.Entry<String, String> e : explicit.entrySet()) {
            if (!defs.containsKey(e.getKey())) {
                throw new UsageException("unknown option '" + e.getKey() + "'" + suggestion(e.getKey(), defs.keySet()));
            }
            if (e.getValue() == null) {
                throw new UsageException("option '--" + e.getKey() + "' needs a value");
            }
            values.put(e.getKey(), e.getValue());
        }
        return new Settings(Map.copyOf(defs), Map.copyOf(values));
    }

    private static String suggestion(String name, Collection<String> known) {
        return known.stream().filter(k -> k.startsWith(name.substring(0, Math.min(3, name.length()))))
                .findFirst().map(k -> " (did you mean '--" + k + "'?)").orElse("");
    }

    /** Whether the user set it (command line, file or environment), as opposed to its default. */
    public boolean isSet(String name) {
        def(name);
        return values.containsKey(name);
    }

    public Optional<String> optional(String name) {
        OptionDef d = def(name);
        String v = values.getOrDefault(name, d.defaultValue());
        return Optional.ofNullable(v).filter(s -> !s.isEmpty());
    }

    public String string(String name) {
        return optional(name).orElseThrow(() -> new UsageException("option '--" + name + "' is required"));
    }

    public boolean bool(String name) {
        String v = optional(name).orElse("false").trim().toLowerCase(Locale.ROOT);
        switch (v) {
            case "true": case "yes": case "on": case "1": return true;
            case "false": case "no": case "off": case "0": return false;
            default: throw bad(name, v, "true or false");
        }
    }

    public int intValue(String name, int min, int max) {
        long v = longValue(name, min, max);
        return (int) v;
    }

    public long longValue(String name, long min, long max) {
        String raw = string(name).trim().replace("_", "");
        long v;
        try {
            v = Long.parseLong(raw);
        } catch (NumberFormatException e) {
            throw bad(name, raw, rangeText(min, max));
        }
        if (v < min || v > max) {
            throw bad(name, raw, rangeText(min, max));
        }
        return v;
    }

    public double doubleValue(String name, double min, double max) {
        String raw = string(name).trim();
        double v;
        try {
            v = Double.parseDouble(raw);
        } catch (NumberFormatException e) {
            throw bad(name, raw, "a number from " + fmt(min) + " to " + fmt(max));
        }
        if (!(v >= min && v <= max)) {
            throw bad(name, raw, "a number from " + fmt(min) + " to " + fmt(max));
        }
        return v;
    }

    public <E extends Enum<E>> E enumValue(String name, Class<E> type) {
        String raw = string(name).trim();
        String norm = raw.toUpperCase(Locale.ROOT).replace('-', '_');
        for (E e : type.getEnumConstants()) {
            if (e.name().equals(norm)) {
                return e;
            }
        }
        String allowed = Arrays.stream(type.getEnumConstants())
                .map(e -> e.name().toLowerCase(Locale.ROOT).replace('_', '-')).collect(Collectors.joining("|"));
        throw bad(name, raw, allowed);
    }

    /** Accepts {@code 90s}, {@code 5m}, {@code 1h}, {@code 250ms}, a bare number of seconds, or ISO-8601 {@code PT1M}. */
    public Optional<Duration> duration(String name) {
        Optional<String> raw = optional(name);
        if (raw.isEmpty()) {
            return Optional.empty();
        }
        String s = raw.get().trim().toLowerCase(Locale.ROOT);
        try {
            Duration d;
            if (s.startsWith("pt")) {
                d = Duration.parse(s.toUpperCase(Locale.ROOT));
            } else if (s.endsWith("ms")) {
                d = Duration.ofMillis(Long.parseLong(s.substring(0, s.length() - 2)));
            } else if (s.endsWith("s")) {
                d = Duration.ofMillis(Math.round(Double.parseDouble(s.substring(0, s.length() - 1)) * 1000));
            } else if (s.endsWith("m")) {
                d = Duration.ofSeconds(Long.parseLong(s.substring(0, s.length() - 1)) * 60);
            } else if (s.endsWith("h")) {
                d = Duration.ofSeconds(Long.parseLong(s.substring(0, s.length() - 1)) * 3600);
            } else {
                d = Duration.ofMillis(Math.round(Double.parseDouble(s) * 1000));
            }
            if (d.isNegative() || d.isZero()) {
                throw bad(name, raw.get(), "a positive duration such as 30s, 5m or 1h");
            }
            return Optional.of(d);
        } catch (NumberFormatException | DateTimeParseException e) {
            throw bad(name, raw.get(), "a duration such as 30s, 5m or 1h");
        }
    }

    /**
     * Accepts {@code 2022-04-18 09:00:00} (UTC), {@code 2022-04-18T09:00:00Z}, an offset date-time, or
     * epoch seconds.
     */
    public Instant instant(String name) {
        String raw = string(name).trim();
        try {
            if (raw.matches("-?\\d+")) {
                return Instant.ofEpochSecond(Long.parseLong(raw));
            }
            String iso = raw.replace(' ', 'T');
            if (iso.endsWith("Z") || iso.matches(".*[+-]\\d\\d:?\\d\\d$")) {
                return OffsetDateTime.parse(iso).toInstant();
            }
            return LocalDateTime.parse(iso).toInstant(ZoneOffset.UTC);
        } catch (DateTimeParseException | NumberFormatException e) {
            throw bad(name, raw, "a time such as '2022-04-18 09:00:00' (UTC) or '2022-04-18T09:00:00+08:00'");
        }
    }

    /**
     * Values as resolved, secrets masked: fit for results and logs. Besides the secret options, a password
     * or token written into another value (a URL's {@code user:pass@} or {@code ?password=}) is masked too.
     */
    public Map<String, String> masked() {
        Map<String, String> out = new TreeMap<>();
        for (OptionDef d : defs.values()) {
            String v = values.getOrDefault(d.name(), d.defaultValue());
            if (v != null) {
                out.put(d.name(), d.secret() && !v.isEmpty() ? MASK : maskEmbedded(v));
            }
        }
        return out;
    }

    private static final String MASK = "*****";
    private static final java.util.regex.Pattern USERINFO = java.util.regex.Pattern.compile("(//[^/:@\\s]*:)[^/@\\s]*@");
    private static final java.util.regex.Pattern PARAM = java.util.regex.Pattern.compile(
            "(?i)((?:password|passwd|pwd|token|secret)=)[^&;\\s]*");

    static String maskEmbedded(String value) {
        String v = USERINFO.matcher(value).replaceAll("$1" + MASK + "@");
        return PARAM.matcher(v).replaceAll("$1" + MASK);
    }

    public UsageException bad(String name, String value, String allowed) {
        OptionDef d = def(name);
        String shown = d.secret() ? "*****" : value;
        return new UsageException("invalid value '" + shown + "' for --" + name + ": expected " + allowed);
    }

    private OptionDef def(String name) {
        OptionDef d = defs.get(name);
        if (d == null) {
            throw new IllegalArgumentException("option not declared: " + name);
        }
        return d;
    }

    private static String rangeText(long min, long max) {
        if (max == Long.MAX_VALUE || max == Integer.MAX_VALUE) {
            return "an integer >= " + min;
        }
        return "an integer from " + min + " to " + max;
    }

    private static String fmt(double v) {
        return v == Math.rint(v) ? Long.toString((long) v) : Double.toString(v);
    }
}
