package dev.pmmemory.bootstrap;

import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import java.util.HashMap;
import java.util.Map;
import org.testcontainers.DockerClientFactory;
import org.testcontainers.postgresql.PostgreSQLContainer;

/**
 * The PostgreSQL the PostgreSQL-profile tests run against, in this order (issue 3):
 * <ol>
 *   <li>the database named by {@value #URL_ENV} (with {@value #USERNAME_ENV},
 *       {@value #PASSWORD_ENV}): what {@code .ci/run} and the README's test command set;</li>
 *   <li>else, where Docker runs, a throw-away container (Testcontainers);</li>
 *   <li>else the tests fail, saying how to provide one. They never skip themselves: a green
 *       build must mean the PostgreSQL store was tested.</li>
 * </ol>
 * The tests empty the store's tables: point them at a database of their own.
 */
public class PostgresTestDatabase implements QuarkusTestResourceLifecycleManager {
    static final String URL_ENV = "PM_MEMORY_TEST_POSTGRES_URL";
    static final String USERNAME_ENV = "PM_MEMORY_TEST_POSTGRES_USERNAME";
    static final String PASSWORD_ENV = "PM_MEMORY_TEST_POSTGRES_PASSWORD";
    static final String URL = "quarkus.datasource.jdbc.url";
    static final String USERNAME = "quarkus.datasource.username";
    static final String PASSWORD = "quarkus.datasource.password";
    static final String HOW_TO_PROVIDE = "The PostgreSQL store's tests need a database, and none was given."
            + " Either name one they may empty: " + URL_ENV + "=jdbc:postgresql://127.0.0.1:5432/test "
            + USERNAME_ENV + "=postgres [" + PASSWORD_ENV + "=...] ./mvnw verify (.ci/run creates a fresh"
            + " database and sets these), or run a Docker engine, and Testcontainers starts a throw-away"
            + " PostgreSQL. These tests are never skipped.";

    private PostgreSQLContainer container;

    @Override
    public Map<String, String> start() {
        String url = System.getenv(URL_ENV);
        if (url != null && !url.isBlank()) {
            return config(url, System.getenv(USERNAME_ENV), System.getenv(PASSWORD_ENV));
        }
        if (dockerAvailable()) {
            container = new PostgreSQLContainer("postgres:15-alpine");
            container.start();
            return config(container.getJdbcUrl(), container.getUsername(), container.getPassword());
        }
        throw new IllegalStateException(HOW_TO_PROVIDE);
    }

    @Override
    public void stop() {
        if (container != null) {
            container.stop();
        }
    }

    private static boolean dockerAvailable() {
        try {
            return DockerClientFactory.instance().isDockerAvailable();
        } catch (RuntimeException | LinkageError e) {
            return false;
        }
    }

    static Map<String, String> config(String url, String username, String password) {
        Map<String, String> config = new HashMap<>();
        config.put(URL, url);
        if (username != null && !username.isBlank()) {
            config.put(USERNAME, username);
        }
        if (password != null && !password.isEmpty()) {
            config.put(PASSWORD, password);
        }
        return config;
    }
}
