package io.dbharness.core.config;

import java.util.List;
import java.util.Objects;

/**
 * One option a component understands, declared once and shared by the command line, config files and the
 * library API. Names are flag names without the leading dashes ({@code tag-num}). An option whose code reads it
 * typed is declared as an {@link Option}, whose definition this is.
 *
 * @param name         flag name without dashes
 * @param paramLabel   what the value looks like in help ({@code N}, {@code TS}); empty for a switch
 * @param defaultValue the value when nothing sets it; null when there is none; {@code --help} shows it
 * @param description  one line for {@code --help}
 * @param secret       masked in results and never printed
 * @param envVars      environment variables read when neither the command line nor a config file sets it
 * @param aliases      other names a config file may give it by (another tool's spelling: mxbench's
 *                     {@code db-master-host}), each meaning this option
 * @param type         its values' type, range or choices, checked when settings are resolved; null when the code
 *                     that reads it checks it
 */
public record OptionDef(String name, String paramLabel, String defaultValue, String description, boolean secret,
                        List<String> envVars, List<String> aliases, ValueType<?> type) {

    public OptionDef {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(description, "description");
        paramLabel = paramLabel == null ? "" : paramLabel;
        envVars = List.copyOf(envVars);
        aliases = List.copyOf(aliases);
    }

    public OptionDef(String name, String paramLabel, String defaultValue, String description, boolean secret,
                     List<String> envVars) {
        this(name, paramLabel, defaultValue, description, secret, envVars, List.of(), null);
    }

    public static OptionDef of(String name, String paramLabel, String defaultValue, String description) {
        return new OptionDef(name, paramLabel, defaultValue, description, false, List.of());
    }

    /** A switch: present means true. */
    public static OptionDef flag(String name, String description) {
        return new OptionDef(name, "", "false", description, false, List.of(), List.of(), ValueType.bool());
    }

    public boolean isFlag() {
        return paramLabel.isEmpty();
    }

    public OptionDef withEnv(String... vars) {
        return new OptionDef(name, paramLabel, defaultValue, description, secret, List.of(vars), aliases, type);
    }

    public OptionDef asSecret() {
        return new OptionDef(name, paramLabel, defaultValue, description, true, envVars, aliases, type);
    }

    /** This option also known by {@code names} in config files. */
    public OptionDef withAliases(String... names) {
        return new OptionDef(name, paramLabel, defaultValue, description, secret, envVars, List.of(names), type);
    }

    /** This option taking values of {@code valueType}; {@link Option#of(OptionDef, ValueType)} is the typed handle. */
    public OptionDef withType(ValueType<?> valueType) {
        return new OptionDef(name, paramLabel, defaultValue, description, secret, envVars, aliases, valueType);
    }
}
