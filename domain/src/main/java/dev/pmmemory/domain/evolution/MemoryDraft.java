package dev.pmmemory.domain.evolution;

import dev.pmmemory.domain.memory.MemoryType;
import dev.pmmemory.domain.memory.Source;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * A classified feedback message, before it is merged into an existing memory or becomes one.
 *
 * @param ttl the lifetime of {@code type} under the current lexicon; empty for permanent types
 */
public record MemoryDraft(
        String rawMessageId,
        String profileId,
        MemoryType type,
        String content,
        String normalizedContent,
        List<String> entities,
        List<String> keywords,
        Source source,
        String sessionId,
        Instant createdAt,
        Optional<Duration> ttl) {

    public MemoryDraft {
        Objects.requireNonNull(rawMessageId, "rawMessageId");
        Objects.requireNonNull(profileId, "profileId");
        Objects.requireNonNull(type, "type");
        Objects.requireNonNull(content, "content");
        Objects.requireNonNull(normalizedContent, "normalizedContent");
        Objects.requireNonNull(source, "source");
        Objects.requireNonNull(createdAt, "createdAt");
        Objects.requireNonNull(ttl, "ttl");
        entities = List.copyOf(entities);
        keywords = List.copyOf(keywords);
    }
}
