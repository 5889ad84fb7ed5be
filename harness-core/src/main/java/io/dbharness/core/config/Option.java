package io.dbharness.core.config;

import java.util.List;

/**
 * An option's definition with its typed value: what code reads ({@code settings.get(WORKERS)}), declared once. Its
 * {@link #def()} is what {@code --help}, config files and {@link Settings} see, and carries the same {@link ValueType},
 * so the range or choices are checked once, when the settings are resolved.
 *
 * @param <T> the value's type
 */
public record Option<T>(OptionDef def, ValueType<T> type) {

    public Option {
        if (def.type() != type) {
            throw new IllegalArgumentException(def.name() + ": the definition must carry the option's type");
        }
    }

    /** {@code def} taking values of {@code type}. */
    public static <T> Option<T> of(OptionDef def, ValueType<T> type) {
        return new Option<>(def.withType(type), type);
    }

    /** {@code OptionDef.of(name, paramLabel, defaultValue, description)} taking values of {@code type}. */
    public static <T> Option<T> of(String name, String paramLabel, String defaultValue, String description, ValueType<T> type) {
        return of(OptionDef.of(name, paramLabel, defaultValue, description), type);
    }

    /** A switch: present means true. */
    public static Option<Boolean> flag(String name, String description) {
        return of(OptionDef.flag(name, description), ValueType.bool());
    }

    public String name() {
        return def.name();
    }

    /** The definitions of {@code options}, for a component's {@code options()}. */
    public static List<OptionDef> defs(List<Option<?>> options) {
        return options.stream().map(Option::def).toList();
    }
}
