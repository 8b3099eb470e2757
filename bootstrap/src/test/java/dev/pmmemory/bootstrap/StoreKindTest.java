package dev.pmmemory.bootstrap;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.quarkus.runtime.configuration.ConfigurationException;
import org.junit.jupiter.api.Test;

/** memory.store: the two stores by their exact names; anything else stops the start, saying what is allowed. */
class StoreKindTest {

    @Test
    void theTwoStoresByName() {
        assertThat(StoreKind.parse("sqlite")).isEqualTo(StoreKind.SQLITE);
        assertThat(StoreKind.parse("postgres")).isEqualTo(StoreKind.POSTGRES);
    }

    @Test
    void anUnknownStoreIsAClearConfigurationError() {
        for (String bad : new String[] {"mysql", "Postgres", "postgresql", "", " sqlite"}) {
            assertThatThrownBy(() -> StoreKind.parse(bad))
                    .isInstanceOf(ConfigurationException.class)
                    .hasMessageContaining("memory.store")
                    .hasMessageContaining("MEMORY_STORE")
                    .hasMessageContaining("'" + bad + "'")
                    .hasMessageContaining("supported: sqlite, postgres");
        }
    }
}
