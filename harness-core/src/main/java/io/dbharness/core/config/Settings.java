package io.dbharness.core.config;

import io.dbharness.core.api.UsageException;

import java.math.BigDecimal;
import java.math.RoundingMode;
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
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * Resolved option values, validated against their {@link OptionDef}s. Immutable. Typed getters turn a bad
 * value into a {@link UsageException} that names the option, the value and what is allowed; nothing is
 * silently corrected.
 */
public final class Settings {

    /** Where a value came from. */
    public enum Source {
        /** Nobody set it: the option's default (possibly none). */
        DEFAULT,
        /** An environment variable the option reads ({@code PGPASSWORD}, {@code INFLUX_TOKEN}...). */
        ENVIRONMENT,
        /** The command line, a config file or the library's {@code RunSpec}: the user wrote it for this run. */
        EXPLICIT
    }

    private final Map<String, OptionDef> defs;
    private final Map<String, String> values;
    private final Map<String, Source> sources;

    private Settings(Map<String, OptionDef> defs, Map<String, String> values, Map<String, Source> sources) {
        this.defs = defs;
        this.values = values;
        this.sources = sources;
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
        Map<String, Source> sources = new TreeMap<>();
        for (OptionDef d : defs.values()) {
            for (String var : d.envVars()) {
                String v = env.get(var);
                if (v != null && !v.isEmpty()) {
                    values.put(d.name(), v);
                    sources.put(d.name(), Source.ENVIRONMENT);
                    break;
                }
            }
        }
        for (Map.Entry<String, String> e : explicit.entrySet()) {
            if (!defs.containsKey(e.getKey())) {
                throw new UsageException("unknown option '" + e.getKey() + "'" + suggestion(e.getKey(), defs.keySet()), e.getKey());
            }
            OptionDef d = defs.get(e.getKey());
            // an empty value would read as "not given" and quietly become the default (a password may be empty)
            if (e.getValue() == null || e.getValue().isBlank() && !d.secret()) {
                throw new UsageException("option '--" + e.getKey() + "' needs a value", e.getKey());
            }
            values.put(e.getKey(), e.getValue());
            sources.put(e.getKey(), Source.EXPLICIT);
        }
        Settings settings = new Settings(Map.copyOf(defs), Map.copyOf(values), Map.copyOf(sources));
        // each value is checked once, by its definition's type, range or choices: those given first, in the order
        // given, then those from the environment and the defaults
        for (String name : explicit.keySet()) {
            settings.check(name);
        }
        for (String name : values.keySet()) {
            if (!explicit.containsKey(name)) {
                settings.check(name);
            }
        }
        return settings;
    }

    private void check(String name) {
        ValueType<?> type = defs.get(name).type();
        if (type != null) {
            type.read(this, name);
        }
    }

    /** The value of {@code option}, given or its default; an option with neither is refused as required. */
    public <T> T get(Option<T> option) {
        return find(option).orElseThrow(() -> new UsageException("option '--" + option.name() + "' is required"));
    }

    /** The value of {@code option}, given or its default; empty when it has neither. */
    public <T> Optional<T> find(Option<T> option) {
        return optional(option.name()).map(v -> option.type().read(this, option.name()));
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

    /** Where the value of {@code name} came from. */
    public Source source(String name) {
        def(name);
        return sources.getOrDefault(name, Source.DEFAULT);
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

    /**
     * Accepts {@code 250ms}, {@code 90s}, {@code 1.5s}, {@code 5m}, {@code 1h}, {@code 2d}, a bare number of
     * seconds, or ISO-8601 {@code PT1M}; from 1 ms to 365 days. The cap refuses what is surely a typo and keeps
     * every duration within long nanoseconds, so callers may use {@code toNanos()} freely.
     */
    public Optional<Duration> duration(String name) {
        Optional<String> raw = optional(name);
        if (raw.isEmpty()) {
            return Optional.empty();
        }
        String s = raw.get().trim().toLowerCase(Locale.ROOT);
        Duration d;
        try {
            if (s.startsWith("p")) {
                d = Duration.parse(s.toUpperCase(Locale.ROOT));
            } else {
                Matcher m = DURATION.matcher(s);
                if (!m.matches()) {
                    throw bad(name, raw.get(), "a duration such as 250ms, 30s, 5m, 1h or 2d");
                }
                // exact decimal arithmetic: no overflow and no rounding surprise before the range check
                BigDecimal millis = new BigDecimal(m.group(1)).multiply(BigDecimal.valueOf(unitMillis(m.group(2))))
                        .setScale(0, RoundingMode.HALF_UP);
                if (millis.compareTo(BigDecimal.valueOf(MAX_DURATION.toMillis())) > 0) {
                    throw bad(name, raw.get(), DURATION_RANGE);
                }
                d = Duration.ofMillis(millis.longValueExact());
            }
        } catch (DateTimeParseException | ArithmeticException e) {
            throw bad(name, raw.get(), "a duration such as 250ms, 30s, 5m, 1h or 2d");
        }
        if (d.compareTo(Duration.ofMillis(1)) < 0 || d.compareTo(MAX_DURATION) > 0) {
            throw bad(name, raw.get(), DURATION_RANGE);
        }
        return Optional.of(d);
    }

    private static final Duration MAX_DURATION = Duration.ofDays(365);
    private static final String DURATION_RANGE = "a duration from 1ms to 365d";
    /** A plain decimal (no sign, no exponent, so no giant BigDecimal) and an optional unit. */
    private static final Pattern DURATION = Pattern.compile("(\\d+(?:\\.\\d*)?|\\.\\d+)\\s*(ms|s|m|h|d)?");

    private static long unitMillis(String unit) {
        if (unit == null) {
            return 1000; // bare number: seconds
        }
        return switch (unit) {
            case "ms" -> 1;
            case "s" -> 1000;
            case "m" -> 60_000;
            case "h" -> 3_600_000;
            default -> 86_400_000; // d
        };
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
                out.put(d.name(), Secrets.shown(d, v));
            }
        }
        return out;
    }

    /** A bad value: one line naming the option, the value (secrets masked, also inside URLs) and what is allowed. */
    public UsageException bad(String name, String value, String allowed) {
        OptionDef d = def(name);
        String shown = d.secret() ? Secrets.MASK : Secrets.maskEmbedded(value);
        return new UsageException("invalid value '" + shown + "' for --" + name + ": expected " + allowed, name);
    }

    /** Whether {@code name} is an option of these settings. */
    public boolean declares(String name) {
        return defs.containsKey(name);
    }

    /** The declaration of {@code name}: its default, its description. */
    public OptionDef definition(String name) {
        return def(name);
    }

    private OptionDef def(String name) {
        OptionDef d = defs.get(name);
        if (d == null) {
            throw new IllegalArgumentException("option not declared: " + name);
        }
        return d;
    }

    private static String rangeText(long min, long max) {
        // without a stated bound a value past Integer.MAX_VALUE would look allowed
        if (max == Long.MAX_VALUE && min != Long.MIN_VALUE) {
            return "an integer >= " + min;
        }
        return "an integer from " + min + " to " + max;
    }

    private static String fmt(double v) {
        return v == Math.rint(v) ? Long.toString((long) v) : Double.toString(v);
    }
}
