package dev.pmmemory.bootstrap;

import io.quarkus.runtime.configuration.ConfigurationException;
import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.eclipse.microprofile.config.spi.Converter;

/** Reads {@code memory.retention}: {@code 180d}, {@code 12h}, {@code 30m}, {@code 45s} or ISO-8601 ({@code P180D}, {@code PT12H}). */
public final class RetentionSetting implements Converter<Duration> {
    static final String KEY = "memory.retention";
    private static final Pattern SHORT = Pattern.compile("(\\d{1,9})([dhms])");

    static Duration parse(String value) {
        String v = value == null ? "" : value.trim();
        Matcher m = SHORT.matcher(v);
        if (m.matches()) {
            long n = Long.parseLong(m.group(1));
            return switch (m.group(2)) {
                case "d" -> Duration.ofDays(n);
                case "h" -> Duration.ofHours(n);
                case "m" -> Duration.ofMinutes(n);
                default -> Duration.ofSeconds(n);
            };
        }
        try {
            // ISO-8601: a period of days (P180D) or a duration (PT12H, P2DT3H)
            Duration d = Duration.parse(v.toUpperCase(java.util.Locale.ROOT));
            if (!d.isNegative()) {
                return d;
            }
        } catch (DateTimeParseException e) {
            // reported below, with the key
        }
        throw new ConfigurationException(KEY + ": '" + value + "' is not a duration; use e.g. 180d, 12h or P180D");
    }

    @Override
    public Duration convert(String value) {
        return parse(value);
    }
}
