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
        for (String unset : new String[] {null, " ", PostgresUrl.NOT_SET}) {
            assertThatThrownBy(() -> PostgresUrl.require(unset))
                    .isInstanceOf(ConfigurationException.class)
                    .hasMessageContaining("memory.postgres.url")
                    .hasMessageContaining("MEMORY_POSTGRES_URL");
        }
    }

    @Test
    void aGivenUrlIsUsed() {
        assertThat(PostgresUrl.require("jdbc:postgresql://db:5432/pm")).isEqualTo("jdbc:postgresql://db:5432/pm");
    }

    @Test
    void thePlaceholderIsTheDatasourceDefaultOfApplicationProperties() throws IOException {
        Properties p = new Properties();
        try (InputStream in = getClass().getResourceAsStream("/application.properties")) {
            p.load(in);
        }
        assertThat(p.getProperty("quarkus.datasource.jdbc.url"))
                .isEqualTo("${memory.postgres.url:" + PostgresUrl.NOT_SET + "}");
    }
}
