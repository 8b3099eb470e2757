package dev.pmmemory.application.port.in;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Base64;
import java.util.Optional;

/** Opaque page cursors: the position of the last item returned, base64url-encoded. */
public final class Cursor {
    private Cursor() {
    }

    public static String encode(PagePosition p) {
        String raw = p.createdAt().toEpochMilli() + ":" + p.id();
        return Base64.getUrlEncoder().withoutPadding().encodeToString(raw.getBytes(StandardCharsets.UTF_8));
    }

    public static Optional<PagePosition> decode(String cursor) {
        try {
            String raw = new String(Base64.getUrlDecoder().decode(cursor), StandardCharsets.UTF_8);
            int colon = raw.indexOf(':');
            if (colon <= 0 || colon == raw.length() - 1) {
                return Optional.empty();
            }
            long millis = Long.parseLong(raw.substring(0, colon));
            return Optional.of(new PagePosition(Instant.ofEpochMilli(millis), raw.substring(colon + 1)));
        } catch (IllegalArgumentException | java.time.DateTimeException e) {
            return Optional.empty();
        }
    }
}
