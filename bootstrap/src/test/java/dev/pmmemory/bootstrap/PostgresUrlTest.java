package dev.pmmemory.bootstrap;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.quarkus.runtime.configuration.ConfigurationException;
import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;
import org.junit.jupiter.api.Test;

/** memory.store=postgres without a URL stops the start naming memory.postgres.url, not Quarkus's own property. */
class PostgresUrlTest {

    @Test
    void withoutAUrlTheStartIsRefusedNamingOurProperty() {
        for (String unset : new String[] {null, " "}) {
            assertThatThrownBy(() -> PostgresUrl.require(unset))
                    .isInstanceOf(ConfigurationException.class)
                    .hasMessageContaining("memory.postgres.url")
                    .hasMessageContaining("MEMORY_POSTGRES_URL");
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

    /** Users of the releases on Hibernate set quarkus.datasource.*: those names still reach the store. */
    @Test
    void theDatasourceNamesOfEarlierReleasesAreTheFallbacks() throws IOException {
        Properties p = new Properties();
        try (InputStream in = getClass().getResourceAsStream("/application.properties")) {
            p.load(in);
        }
        assertThat(p.getProperty("memory.postgres.url")).isEqualTo("${quarkus.datasource.jdbc.url:}");
        assertThat(p.getProperty("memory.postgres.username")).isEqualTo("${quarkus.datasource.username:}");
        assertThat(p.getProperty("memory.postgres.password")).isEqualTo("${quarkus.datasource.password:}");
        assertThat(p.getProperty("memory.postgres.max-connections")).isEqualTo("${quarkus.datasource.jdbc.max-size:20}");
        assertThat(p.getProperty("memory.postgres.acquisition-timeout"))
                .isEqualTo("${quarkus.datasource.jdbc.acquisition-timeout:3S}");
    }
}
