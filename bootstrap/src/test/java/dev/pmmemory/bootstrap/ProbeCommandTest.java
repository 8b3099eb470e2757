package dev.pmmemory.bootstrap;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.ServerSocket;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** {@code probe}: the exec health probe of the loopback-only sidecar (src-native/k8s/pod.yaml). */
@QuarkusTest
class ProbeCommandTest {

    @TestHTTPResource("/")
    URL running;

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    private int probe(Map<String, String> env, String... args) {
        return PmMemoryMain.probe(args, env, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
    }

    private Map<String, String> port(int port) {
        return Map.of("QUARKUS_HTTP_PORT", Integer.toString(port));
    }

    @Test
    void aReadyServiceAnswersZeroAndSaysUp() {
        assertThat(probe(port(running.getPort()), "probe")).isZero();
        assertThat(out.toString(StandardCharsets.UTF_8)).contains("/q/health/ready 200").contains("\"UP\"");
        assertThat(probe(port(running.getPort()), "probe", "/q/health/live")).isZero();
    }

    @Test
    void nothingListeningIsAFailureNamingTheAddress() throws Exception {
        int free;
        try (ServerSocket socket = new ServerSocket(0)) {
            free = socket.getLocalPort();
        }
        assertThat(probe(port(free), "probe")).isEqualTo(1);
        assertThat(err.toString(StandardCharsets.UTF_8)).contains("127.0.0.1:" + free).contains("unreachable");
    }

    @Test
    void onlyHealthPathsAndNumericPortsAreAccepted() {
        assertThat(probe(port(running.getPort()), "probe", "/v1/profiles/p/memories")).isEqualTo(2);
        assertThat(probe(Map.of("QUARKUS_HTTP_PORT", "80; rm"), "probe")).isEqualTo(2);
        assertThat(err.toString(StandardCharsets.UTF_8)).contains("usage: probe").contains("not a port");
    }
}
