package dev.pmmemory.bootstrap;

import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.HashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The test database of {@link PostgresTestDatabase}, reached through a {@link TcpProxy} that is
 * DOWN when the application starts. A test switches it with {@link #switchDatabase(boolean)}.
 *
 * <p>The switch is reached over the proxy's control port, whose number is left in a system
 * property: plain text, whichever class loader Quarkus gave the test and this resource.
 */
public class PostgresBehindProxy implements QuarkusTestResourceLifecycleManager {
    private static final String CONTROL_PORT = "pm-memory.test.postgres-proxy-control-port";
    private static final Pattern URL = Pattern.compile("jdbc:postgresql://([^/:?]+)(?::(\\d+))?(/.*)");

    private final PostgresTestDatabase database = new PostgresTestDatabase();
    private TcpProxy proxy;

    @Override
    public Map<String, String> start() {
        Map<String, String> config = new HashMap<>(database.start());
        Matcher m = URL.matcher(config.get(PostgresTestDatabase.URL));
        if (!m.matches()) {
            throw new IllegalStateException("cannot put a proxy in front of " + config.get(PostgresTestDatabase.URL));
        }
        try {
            proxy = new TcpProxy(m.group(1), m.group(2) == null ? 5432 : Integer.parseInt(m.group(2)), false);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        // under the names of the previous release, which keep working for one more (reported as deprecated)
        Map<String, String> deprecated = new HashMap<>();
        deprecated.put("memory.postgres.url", "jdbc:postgresql://127.0.0.1:" + proxy.port() + m.group(3));
        if (config.containsKey(PostgresTestDatabase.USERNAME)) {
            deprecated.put("memory.postgres.username", config.get(PostgresTestDatabase.USERNAME));
        }
        if (config.containsKey(PostgresTestDatabase.PASSWORD)) {
            deprecated.put("memory.postgres.password", config.get(PostgresTestDatabase.PASSWORD));
        }
        config = deprecated;
        System.setProperty(CONTROL_PORT, Integer.toString(proxy.controlPort()));
        return config;
    }

    @Override
    public void stop() {
        System.clearProperty(CONTROL_PORT);
        try {
            if (proxy != null) {
                proxy.close();
            }
        } catch (IOException e) {
            // test over
        }
        database.stop();
    }

    /** Brings the database back ({@code true}) or takes it away, resetting every open connection. */
    static void switchDatabase(boolean up) {
        TcpProxy.switchTo(Integer.parseInt(System.getProperty(CONTROL_PORT)), up);
    }
}
