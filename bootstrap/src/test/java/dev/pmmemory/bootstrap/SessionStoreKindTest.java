package dev.pmmemory.bootstrap;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.quarkus.runtime.configuration.ConfigurationException;
import org.junit.jupiter.api.Test;

/** memory.sessions.store: the two session stores by their exact names; anything else stops the start. */
class SessionStoreKindTest {

    @Test
    void theTwoSessionStoresByName() {
        assertThat(SessionStoreKind.parse("embedded")).isEqualTo(SessionStoreKind.EMBEDDED);
        assertThat(SessionStoreKind.parse("redis")).isEqualTo(SessionStoreKind.REDIS);
    }

    @Test
    void anUnknownSessionStoreIsAClearConfigurationError() {
        for (String bad : new String[] {"memcached", "Redis", "", " embedded", "sqlite"}) {
            assertThatThrownBy(() -> SessionStoreKind.parse(bad))
                    .isInstanceOf(ConfigurationException.class)
                    .hasMessageContaining("memory.sessions.store")
                    .hasMessageContaining("MEMORY_SESSIONS_STORE")
                    .hasMessageContaining("'" + bad + "'")
                    .hasMessageContaining("supported: embedded, redis");
        }
    }
}
