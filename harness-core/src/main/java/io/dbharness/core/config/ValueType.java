package io.dbharness.core.config;

import java.time.Duration;
import java.time.Instant;
import java.util.Locale;

/**
 * What values an option takes (its type, range or choices) and how one is read: stated once, on the option's
 * definition ({@link Option}). {@link Settings#resolve} checks every value with it (given, from the environment or
 * the default), so a bad value is refused before anything runs, in one line naming the option, the value and what
 * is allowed ({@link Settings#bad}).
 *
 * @param <T> the value's type
 */
@FunctionalInterface
public interface ValueType<T> {

    /** The value of {@code name}, which {@code s} holds (given or defaulted); refused with {@link Settings#bad}. */
    T read(Settings s, String name);

    /** Any text. */
    static ValueType<String> text() {
        return Settings::string;
    }

    /** A switch or a yes/no setting: true, yes, on, 1 or false, no, off, 0. */
    static ValueType<Boolean> bool() {
        return Settings::bool;
    }

    /** {@code on} or {@code off} (true/yes, false/no too), refused in those words. */
    static ValueType<Boolean> onOff() {
        return (s, name) -> switch (s.string(name).strip().toLowerCase(Locale.ROOT)) {
            case "on", "true", "yes" -> true;
            case "off", "false", "no" -> false;
            default -> throw s.bad(name, s.string(name), "on or off");
        };
    }

    static ValueType<Integer> integer(int min, int max) {
        return (s, name) -> s.intValue(name, min, max);
    }

    static ValueType<Long> longInteger(long min, long max) {
        return (s, name) -> s.longValue(name, min, max);
    }

    static ValueType<Double> number(double min, double max) {
        return (s, name) -> s.doubleValue(name, min, max);
    }

    /** A duration ({@link Settings#duration}) of at least {@code min}. */
    static ValueType<Duration> duration(Duration min) {
        return (s, name) -> {
            Duration d = s.duration(name).orElseThrow();
            if (d.compareTo(min) < 0) {
                throw s.bad(name, s.string(name), "a duration of at least " + min.toMillis() + "ms");
            }
            return d;
        };
    }

    /** One of {@code type}'s constants, written in lower case with dashes. */
    static <E extends Enum<E>> ValueType<E> choice(Class<E> type) {
        return (s, name) -> s.enumValue(name, type);
    }

    /** An instant as {@link Settings#instant} reads it. */
    static ValueType<Instant> instant() {
        return Settings::instant;
    }

    /** Text of 1 to {@code max} printable characters, without the spaces around it; {@code what}: "a name". */
    static ValueType<String> printable(String what, int max) {
        return (s, name) -> {
            String v = s.string(name).strip();
            if (v.isEmpty() || v.length() > max || v.chars().anyMatch(Character::isISOControl)) {
                throw s.bad(name, s.string(name), what + " of 1 to " + max + " printable characters");
            }
            return v;
        };
    }
}
