package dev.pmmemory.application.port.in;

import java.nio.charset.StandardCharsets;
import java.time.DateTimeException;
import java.time.Instant;
import java.util.Base64;
import java.util.Optional;

/**
 * A position in a newest-first page order (created_at desc, id desc): where the next page starts after.
 * On the wire it is an opaque cursor, base64url of {@code <epoch ms>:<id>}.
 */
public record PagePosition(Instant createdAt, String id) {

    /** This position as the opaque cursor a page hands out. */
    public String cursor() {
        String raw = createdAt.toEpochMilli() + ":" + id;
        return Base64.getUrlEncoder().withoutPadding().encodeToString(raw.getBytes(StandardCharsets.UTF_8));
    }

    /** @return the position a cursor names, empty when it is not one this service handed out */
    public static Optional<PagePosition> fromCursor(String cursor) {
        try {
            String raw = new String(Base64.getUrlDecoder().decode(cursor), StandardCharsets.UTF_8);
            int colon = raw.indexOf(':');
            if (colon <= 0 || colon == raw.length() - 1) {
                return Optional.empty();
            }
            long millis = Long.parseLong(raw.substring(0, colon));
            return Optional.of(new PagePosition(Instant.ofEpochMilli(millis), raw.substring(colon + 1)));
        } catch (IllegalArgumentException | DateTimeException e) {
            return Optional.empty();
        }
    }
}
