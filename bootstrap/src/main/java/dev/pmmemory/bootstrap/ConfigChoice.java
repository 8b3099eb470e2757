package dev.pmmemory.bootstrap;

import io.quarkus.runtime.configuration.ConfigurationException;
import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * Reads a setting that names one of an enum's constants (for the converter each such enum declares: SmallRye
 * takes the converted type from the converter's own interface), in lower case, matched exactly: SmallRye's own enum
 * converter would also take {@code Postgres} or {@code " sqlite"}, and a setting should read the same wherever
 * it is documented. A bad value stops the start naming the setting, its environment variable and the choices.
 */
final class ConfigChoice<E extends Enum<E>> {
    private final String key;
    private final String what;
    private final E[] choices;

    /**
     * @param key  the setting, e.g. {@code memory.store}
     * @param what what a choice is, e.g. {@code store}
     */
    ConfigChoice(String key, String what, E[] choices) {
        this.key = key;
        this.what = what;
        this.choices = choices;
    }

    /** The name a choice is configured by. */
    static String nameOf(Enum<?> choice) {
        return choice.name().toLowerCase(Locale.ROOT);
    }

    E read(String value) {
        return Arrays.stream(choices).filter(c -> nameOf(c).equals(value)).findFirst()
                .orElseThrow(() -> new ConfigurationException(key + " (env " + environmentName() + "): unknown "
                        + what + " '" + value + "'; supported: "
                        + Arrays.stream(choices).map(ConfigChoice::nameOf).collect(Collectors.joining(", "))));
    }

    private String environmentName() {
        return key.toUpperCase(Locale.ROOT).replace('.', '_').replace('-', '_');
    }
}
