package io.dbharness.core.config;

import java.util.List;
import java.util.Objects;

/**
 * One option a component understands, declared once and shared by the command line, config files and the
 * library API. Names are flag names without the leading dashes ({@code tag-num}).
 *
 * @param name         flag name without dashes
 * @param paramLabel   what the value looks like in help ({@code N}, {@code TS}); empty for a switch
 * @param defaultValue the value when nothing sets it; null when there is none
 * @param description  one line for {@code --help}
 * @param secret       masked in results and never printed
 * @param envVars      environment variables read when neither the command line nor a config file sets it
 */
public record OptionDef(String name, String paramLabel, String defaultValue, String description, boolean secret,
                        List<String> envVars) {

    public OptionDef {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(description, "description");
        paramLabel = paramLabel == null ? "" : paramLabel;
        envVars = List.copyOf(envVars);
    }

    public static OptionDef of(String name, String paramLabel, String defaultValue, String description) {
        return new OptionDef(name, paramLabel, defaultValue, description, false, List.of());
    }

    /** A switch: present means true. */
    public static OptionDef flag(String name, String description) {
        return new OptionDef(name, "", "false", description, false, List.of());
    }

    public boolean isFlag() {
        return paramLabel.isEmpty();
    }

    public OptionDef withEnv(String... vars) {
        return new OptionDef(name, paramLabel, defaultValue, description, secret, List.of(vars));
    }

    public OptionDef asSecret() {
        return new OptionDef(name, paramLabel, defaultValue, description, true, envVars);
    }
}
