package dev.pmmemory.bootstrap;

import dev.pmmemory.application.access.ApiKey;
import dev.pmmemory.application.access.ApiKeys;
import dev.pmmemory.application.access.Scope;
import io.quarkus.runtime.Quarkus;
import io.quarkus.runtime.annotations.QuarkusMain;
import java.io.IOException;
import java.io.PrintStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.Base64;
import java.util.HexFormat;
import java.util.Map;

/**
 * Starts the service, or with {@code new-key NAME SCOPE PROFILE-GLOB} prints a fresh API key and
 * the {@code memory.auth.keys} entry that holds only its hash (no service start, no external tool),
 * or with {@code probe [PATH]} asks a running service on loopback for its health (exit 0 when UP): the
 * exec liveness/readiness probe of a sidecar that listens on loopback only, where the kubelet's HTTP
 * probes (sent to the pod IP) cannot reach it and the image has no curl (src-native/k8s/pod.yaml).
 */
@QuarkusMain
public class PmMemoryMain {

    public static void main(String... args) {
        if (args.length > 0 && args[0].equals("new-key")) {
            System.exit(newKey(args, System.out, System.err, new SecureRandom()));
        }
        if (args.length > 0 && args[0].equals("probe")) {
            System.exit(probe(args, System.getenv(), System.out, System.err));
        }
        Quarkus.run(args);
    }

    static int newKey(String[] args, PrintStream out, PrintStream err, SecureRandom random) {
        if (args.length != 4) {
            err.println("usage: new-key NAME SCOPE PROFILE-GLOB   e.g. new-key bot write 'team-a-*'");
            return 2;
        }
        byte[] bytes = new byte[32];
        random.nextBytes(bytes);
        String secret = "pmk_" + Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
        String entry = args[1] + ":" + args[2] + ":" + args[3] + ":" + HexFormat.of().formatHex(ApiKeys.sha256(secret));
        try {
            ApiKey.parse(entry);
        } catch (IllegalArgumentException e) {
            err.println("new-key: " + e.getMessage() + " (scopes: " + String.join(", ",
                    java.util.Arrays.stream(Scope.values()).map(Scope::wireName).toList()) + ")");
            return 2;
        }
        out.println("secret (give it to the caller; it is not stored anywhere): " + secret);
        out.println("memory.auth.keys entry (append, comma-separated):         " + entry);
        return 0;
    }

    /** {@code probe [PATH]}: GET http://127.0.0.1:$QUARKUS_HTTP_PORT PATH (default /q/health/ready); 0 on 200. */
    static int probe(String[] args, Map<String, String> env, PrintStream out, PrintStream err) {
        String path = args.length > 1 ? args[1] : "/q/health/ready";
        if (args.length > 2 || !path.startsWith("/q/health")) {
            err.println("usage: probe [/q/health/live | /q/health/ready]");
            return 2;
        }
        String port = env.getOrDefault("QUARKUS_HTTP_PORT", "8080");
        if (!port.matches("[0-9]{1,5}")) {
            err.println("probe: QUARKUS_HTTP_PORT is not a port: " + port);
            return 2;
        }
        URI uri = URI.create("http://127.0.0.1:" + port + path);
        HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
        try {
            HttpResponse<String> response = http.send(HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(3)).GET()
                    .build(), HttpResponse.BodyHandlers.ofString());
            out.println(uri + " " + response.statusCode() + " " + response.body().replaceAll("\\s+", " "));
            return response.statusCode() == 200 ? 0 : 1;
        } catch (IOException e) {
            err.println(uri + " unreachable: " + e);
            return 1;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return 1;
        }
    }
}
