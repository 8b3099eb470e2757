package dev.pmmemory.bootstrap;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.quarkus.runtime.configuration.ConfigurationException;
import java.io.IOException;
import java.io.InputStream;
import java.time.Duration;
import java.util.Optional;
import java.util.Properties;
import org.junit.jupiter.api.Test;

/** memory.store=postgres without a URL stops the start naming the datasource property and its variable. */
class PostgresUrlTest {

    @Test
    void withoutAUrlTheStartIsRefusedNamingTheDatasourceProperty() {
        for (String unset : new String[] {null, " "}) {
            assertThatThrownBy(() -> PostgresUrl.require(unset))
                    .isInstanceOf(ConfigurationException.class)
                    .hasMessageContaining("quarkus.datasource.jdbc.url")
                    .hasMessageContaining("QUARKUS_DATASOURCE_JDBC_URL");
        }
    }

    @Test
    void anotherDatabasesUrlIsRefusedWithoutItsParameters() {
        assertThatThrownBy(() -> PostgresUrl.require("jdbc:mysql://db:3306/pm?password=hunter2"))
                .isInstanceOf(ConfigurationException.class)
                .hasMessageContaining("jdbc:postgresql://host:5432/database")
                .hasMessageNotContaining("hunter2");
    }

    @Test
    void aGivenUrlIsUsed() {
        assertThat(PostgresUrl.require("jdbc:postgresql://db:5432/pm")).isEqualTo("jdbc:postgresql://db:5432/pm");
    }

    /** Users of the previous release set memory.postgres.*: each name still reaches the datasource. */
    @Test
    void thePreviousReleasesNamesArePassedOnToTheDatasource() throws IOException {
        Properties p = new Properties();
        try (InputStream in = getClass().getResourceAsStream("/application.properties")) {
            p.load(in);
        }
        assertThat(p.getProperty("quarkus.datasource.jdbc.url")).isEqualTo("${memory.postgres.url:}");
        assertThat(p.getProperty("quarkus.datasource.username")).isEqualTo("${memory.postgres.username:}");
        assertThat(p.getProperty("quarkus.datasource.password")).isEqualTo("${memory.postgres.password:}");
        assertThat(p.getProperty("quarkus.datasource.jdbc.max-size")).isEqualTo("${memory.postgres.max-connections:20}");
        assertThat(p.getProperty("quarkus.datasource.jdbc.acquisition-timeout"))
                .isEqualTo("${memory.postgres.acquisition-timeout:3S}");
    }

    @Test
    void eachDeprecatedNameSetIsReportedWithTheNameThatReplacesIt() {
        MemoryConfig.Postgres old = new MemoryConfig.Postgres() {
            public Optional<String> url() {
                return Optional.of("jdbc:postgresql://db/pm");
            }

            public Optional<String> username() {
                return Optional.empty();
            }

            public Optional<String> password() {
                return Optional.of("s3cret");
            }

            public Optional<Integer> maxConnections() {
                return Optional.empty();
            }

            public Optional<Duration> acquisitionTimeout() {
                return Optional.of(Duration.ofSeconds(5));
            }
        };

        assertThat(PostgresTier.deprecatedNamesSet(old)).containsExactly(
                java.util.Map.entry("memory.postgres.url", "quarkus.datasource.jdbc.url"),
                java.util.Map.entry("memory.postgres.password", "quarkus.datasource.password"),
                java.util.Map.entry("memory.postgres.acquisition-timeout", "quarkus.datasource.jdbc.acquisition-timeout"));
        assertThat(PostgresTier.envName("quarkus.datasource.jdbc.url")).isEqualTo("QUARKUS_DATASOURCE_JDBC_URL");
    }
}
