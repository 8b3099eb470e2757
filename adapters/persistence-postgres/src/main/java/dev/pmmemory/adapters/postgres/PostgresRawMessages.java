package dev.pmmemory.adapters.postgres;

import dev.pmmemory.application.port.out.RawMessage;
import dev.pmmemory.application.port.out.RawMessages;
import jakarta.persistence.EntityManager;
import dev.pmmemory.application.port.out.FeedbackOutcome;
import dev.pmmemory.application.port.out.MemoryListQuery.PagePosition;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/** {@link RawMessages} over PostgreSQL (Panache queries), inside the caller's transaction. */
final class PostgresRawMessages implements RawMessages {
    private final EntityManager em;

    PostgresRawMessages(EntityManager em) {
        this.em = em;
    }

    @Override
    public void append(RawMessage message) {
        em.persist(RawMessageRow.of(message));
        em.flush(); // a second use of a message id fails here, at the call that made it
        em.clear(); // written: keep the persistence context small (see PostgresMemories.insert)
    }

    @Override
    public Optional<RawMessage> findByMessageId(String profileId, String messageId) {
        if (messageId == null) {
            return Optional.empty();
        }
        return RawMessageRow.<RawMessageRow>find("profileId = ?1 and messageId = ?2", profileId, messageId)
                .firstResultOptional().map(RawMessageRow::toRawMessage);
    }

    @Override
    public List<RawMessage> findByIds(String profileId, Collection<String> ids) {
        if (ids.isEmpty()) {
            return List.of();
        }
        List<String> wanted = new ArrayList<>(new LinkedHashSet<>(ids));
        Map<String, RawMessage> found = RawMessageRow.<RawMessageRow>find("profileId = ?1 and id in ?2", profileId,
                        wanted).stream()
                .collect(Collectors.toMap(RawMessageRow::id, RawMessageRow::toRawMessage));
        return wanted.stream().map(found::get).filter(java.util.Objects::nonNull).toList();
    }

    @Override
    public int deleteProfile(String profileId) {
        return PostgresDml.run(em, "DELETE FROM raw_messages WHERE profile_id = :p", Map.of("p", profileId));
    }

    @Override
    public long countByProfile(String profileId) {
        return RawMessageRow.count("profileId", profileId);
    }

    @Override
    public List<String> findProfilesWithUnclassifiedBefore(Instant cutoff) {
        @SuppressWarnings("unchecked")
        List<String> profiles = em.createNativeQuery("SELECT DISTINCT profile_id FROM raw_messages"
                        + " WHERE memory_id IS NULL AND received_at <= :cutoff ORDER BY profile_id", String.class)
                .setParameter("cutoff", cutoff).getResultList();
        return profiles;
    }

    @Override
    public int deleteUnclassifiedBefore(String profileId, Instant cutoff, int limit) {
        return PostgresDml.run(em, "DELETE FROM raw_messages WHERE id IN (SELECT id FROM raw_messages"
                        + " WHERE profile_id = :p AND memory_id IS NULL AND received_at <= :cutoff LIMIT :n)",
                Map.of("p", profileId, "cutoff", cutoff, "n", limit));
    }

    @Override
    public void moveToMemory(String profileId, String rawId, String memoryId) {
        PostgresDml.run(em, "UPDATE raw_messages SET memory_id = :m WHERE profile_id = :p AND id = :id",
                Map.of("p", profileId, "m", memoryId, "id", rawId));
    }

    @Override
    public int deleteForMemory(String profileId, String memoryId) {
        return PostgresDml.run(em, "DELETE FROM raw_messages WHERE profile_id = :p AND memory_id = :m",
                Map.of("p", profileId, "m", memoryId));
    }

    @Override
    public List<RawMessage> newestFirst(String profileId, FeedbackOutcome outcome, PagePosition after, int limit) {
        StringBuilder q = new StringBuilder("profileId = :p");
        Map<String, Object> args = new HashMap<>();
        args.put("p", profileId);
        if (outcome != null) {
            q.append(" and outcome = :outcome");
            args.put("outcome", outcome.wireName());
        }
        if (after != null) {
            q.append(" and (receivedAt < :t or (receivedAt = :t and id < :id))");
            args.put("t", after.createdAt());
            args.put("id", after.id());
        }
        q.append(" order by receivedAt desc, id desc");
        return RawMessageRow.<RawMessageRow>find(q.toString(), args).page(0, limit).list().stream()
                .map(RawMessageRow::toRawMessage).toList();
    }
}
