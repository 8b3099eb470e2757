package dev.pmmemory.adapters.rest;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Locale;
import org.junit.jupiter.api.Test;

/** The access line's duration is written without java.util.Formatter, to the same text. */
class AccessLogTest {
    @Test
    void millisAreWrittenAsPrintfWroteThem() {
        Locale before = Locale.getDefault(Locale.Category.FORMAT);
        try {
            for (Locale locale : new Locale[] {Locale.ROOT, Locale.US, Locale.GERMANY, Locale.FRANCE,
                    Locale.forLanguageTag("ar-EG"), Locale.forLanguageTag("hi-IN-u-nu-deva")}) {
                Locale.setDefault(Locale.Category.FORMAT, locale);
                for (long micros = -1; micros < 25_000; micros++) {
                    assertMillis(micros);
                }
                for (long micros : new long[] {99_949, 99_950, 1_234_567_890L, 86_400_000_000L}) {
                    assertMillis(micros);
                }
            }
        } finally {
            Locale.setDefault(Locale.Category.FORMAT, before);
        }
    }

    private static void assertMillis(long micros) {
        StringBuilder line = new StringBuilder();
        AccessLog.appendMillis(line, micros);
        assertThat(line.toString()).as("%d us", micros).isEqualTo(String.format("%.1f", micros / 1000.0));
    }
}
