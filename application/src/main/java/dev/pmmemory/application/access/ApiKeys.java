package dev.pmmemory.application.access;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/** The configured keys. Empty means authentication is off (the service then binds loopback only). */
public final class ApiKeys {
    private static final String BEARER = "Bearer ";
    private final List<ApiKey> keys;

    public ApiKeys(List<ApiKey> keys) {
        Set<String> names = new HashSet<>();
        for (ApiKey k : keys) {
            if (!names.add(k.name())) {
                throw new IllegalArgumentException("API key name " + k.name() + " is configured twice");
            }
        }
        this.keys = List.copyOf(keys);
    }

    /** Parses {@code memory.auth.keys}: comma-separated {@code name:scope:glob:sha256-hex}. */
    public static ApiKeys parse(String specs) {
        List<ApiKey> keys = new ArrayList<>();
        if (specs != null) {
            for (String spec : specs.split(",")) {
                if (!spec.isBlank()) {
                    keys.add(ApiKey.parse(spec));
                }
            }
        }
        return new ApiKeys(keys);
    }

    public boolean enabled() {
        return !keys.isEmpty();
    }

    public int size() {
        return keys.size();
    }

    /**
     * The key whose secret this is. Every configured hash is compared, in constant time, whatever
     * matches: the time taken tells nothing about which key or how much of it was right.
     */
    public Optional<ApiKey> authenticate(String secret) {
        byte[] presented = sha256(secret);
        ApiKey found = null;
        for (ApiKey k : keys) {
            if (MessageDigest.isEqual(presented, k.secretSha256())) {
                found = k;
            }
        }
        return Optional.ofNullable(found);
    }

    /**
     * The key of an {@code Authorization: Bearer …} header, for a resource that needs more than the
     * scope the access filter already checked (sessions: which profiles the key covers).
     */
    public Optional<ApiKey> fromAuthorizationHeader(String header) {
        return bearerSecret(header).flatMap(this::authenticate);
    }

    /** The secret of an {@code Authorization: Bearer <secret>} header; empty when there is none. */
    public static Optional<String> bearerSecret(String header) {
        if (header == null || !header.regionMatches(true, 0, BEARER, 0, BEARER.length())) {
            return Optional.empty();
        }
        return Optional.of(header.substring(BEARER.length()).strip());
    }

    public static byte[] sha256(String secret) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(secret.getBytes(StandardCharsets.UTF_8));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every Java runtime", e);
        }
    }
}
