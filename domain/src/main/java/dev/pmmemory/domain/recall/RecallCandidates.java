package dev.pmmemory.domain.recall;

import java.time.Instant;
import java.util.Optional;
import java.util.Set;

/**
 * The reads of a recall ({@link RecallPolicy#candidates}): every memory the {@code window} admits that shares one of {@code terms} or names {@code entityKey}, and the
 * {@code mostRecentPerGroup} most recent of each group of one type and one
 * {@link RecallPolicy#weightBucket weight bucket}. A store may read fewer rows as long as it
 * returns these memories (duplicates removed).
 *
 * @param terms              the query's terms; empty: read no term sharer
 * @param entityKey          the entity filter's {@link dev.pmmemory.domain.memory.EntityKey}, if any
 * @param mostRecentPerGroup 0: no group read (semantic recall scores the rest from ranking keys)
 */
public record RecallCandidates(RecallWindow window, Set<String> terms, Optional<String> entityKey, int mostRecentPerGroup) {

    public RecallCandidates {
        java.util.Objects.requireNonNull(window, "window");
        terms = Set.copyOf(terms);
        if (mostRecentPerGroup < 0) {
            throw new IllegalArgumentException("mostRecentPerGroup must be >= 0");
        }
    }

    public Instant asOf() {
        return window.asOf();
    }
}
