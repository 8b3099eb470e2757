package dev.pmmemory.bootstrap;

import io.quarkus.runtime.configuration.ConfigurationException;
import java.util.Arrays;
import java.util.Locale;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * A setting that names one of a few choices, matched exactly: SmallRye's own enum converter would also take
 * {@code Postgres} or {@code score_only}, and a setting should read the same wherever it is documented.
 */
final class ConfigChoice {
    private ConfigChoice() {
    }

    /**
     * @param key  the setting, e.g. {@code memory.store}; the message names its environment variable too
     * @param what what a choice is, e.g. {@code store}
     */
    static <E> E named(String key, String what, E[] choices, Function<E, String> name, String value) {
        return Arrays.stream(choices).filter(c -> name.apply(c).equals(value)).findFirst()
                .orElseThrow(() -> new ConfigurationException(key + " (env " + environmentName(key) + "): unknown "
                        + what + " '" + value + "'; supported: "
                        + Arrays.stream(choices).map(name).collect(Collectors.joining(", "))));
    }

    static String environmentName(String key) {
        return key.toUpperCase(Locale.ROOT).replace('.', '_').replace('-', '_');
    }
}
