package dev.pmmemory.bootstrap;

import dev.pmmemory.adapters.rest.auth.ApiKey;
import dev.pmmemory.adapters.rest.auth.ApiKeys;
import dev.pmmemory.adapters.rest.auth.Scope;
import io.quarkus.runtime.Quarkus;
import io.quarkus.runtime.annotations.QuarkusMain;
import java.io.PrintStream;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.HexFormat;

/**
 * Starts the service, or with {@code new-key NAME SCOPE PROFILE-GLOB} prints a fresh API key and
 * the {@code memory.auth.keys} entry that holds only its hash (no service start, no external tool).
 */
@QuarkusMain
public class PmMemoryMain {

    public static void main(String... args) {
        if (args.length > 0 && args[0].equals("new-key")) {
            System.exit(newKey(args, System.out, System.err, new SecureRandom()));
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
}
