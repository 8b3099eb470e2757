package dev.pmmemory.bootstrap;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.quarkus.runtime.configuration.ConfigurationException;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class RetentionSettingTest {

    @Test
    void shortFormsAndIsoDurationsAreRead() {
        assertThat(RetentionSetting.parse("180d")).isEqualTo(Duration.ofDays(180));
        assertThat(RetentionSetting.parse("12h")).isEqualTo(Duration.ofHours(12));
        assertThat(RetentionSetting.parse("30m")).isEqualTo(Duration.ofMinutes(30));
        assertThat(RetentionSetting.parse(" 45s ")).isEqualTo(Duration.ofSeconds(45));
        assertThat(RetentionSetting.parse("P180D")).isEqualTo(Duration.ofDays(180));
        assertThat(RetentionSetting.parse("PT12H")).isEqualTo(Duration.ofHours(12));
        assertThat(RetentionSetting.parse("0d")).isZero();
    }

    @Test
    void aBadValueStopsTheStartNamingTheKey() {
        for (String bad : new String[] {"", "180", "180 days", "-5d", "P-1D", "1y", "d"}) {
            assertThatThrownBy(() -> RetentionSetting.parse(bad)).as(bad)
                    .isInstanceOf(ConfigurationException.class)
                    .hasMessageContaining("memory.retention").hasMessageContaining("180d");
        }
    }
}
