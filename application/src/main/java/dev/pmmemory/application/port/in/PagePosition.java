package dev.pmmemory.application.port.in;

import java.time.Instant;

/** A position in a newest-first page order (created_at desc, id desc): where the next page starts after. */
public record PagePosition(Instant createdAt, String id) {
}
