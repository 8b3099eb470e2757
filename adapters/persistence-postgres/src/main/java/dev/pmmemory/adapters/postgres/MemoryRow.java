package dev.pmmemory.adapters.postgres;

import dev.pmmemory.domain.memory.Memory;
import dev.pmmemory.domain.memory.MemoryStatus;
import dev.pmmemory.domain.memory.MemoryType;
import dev.pmmemory.domain.memory.Source;
import dev.pmmemory.domain.recall.RecallPolicy;
import io.quarkus.hibernate.orm.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.Instant;
import java.util.List;
import java.util.Set;

/**
 * A row of {@code memories} (migration V1). Adapter-internal: the ports speak {@link Memory}; this
 * class exists so that Hibernate can persist it and validate the mapping against the migrated
 * schema.
 *
 * <p>Fields are private and read or written only by this class's own methods: Hibernate's
 * bytecode enhancement tracks changes made inside the entity, so an update is always flushed.
 * {@code entityKeys} and {@code weightBucket} are derived from the memory, stored for the
 * indexes (GIN lookup, recency per bucket), never read back.
 */
@Entity
@Table(name = "memories")
public class MemoryRow extends PanacheEntityBase {

    @Id
    @Column(name = "id")
    private String id;
    @Column(name = "profile_id", nullable = false)
    private String profileId;
    @Column(name = "type", nullable = false)
    private String type;
    @Column(name = "content", nullable = false)
    private String content;
    @Column(name = "normalized_content", nullable = false)
    private String normalizedContent;
    @Column(name = "entities", nullable = false)
    private String[] entities;
    @Column(name = "entity_keys", nullable = false)
    private String[] entityKeys;
    @Column(name = "keywords", nullable = false)
    private String[] keywords;
    @Column(name = "weight", nullable = false)
    private int weight;
    @Column(name = "weight_bucket", nullable = false)
    private int weightBucket;
    @Column(name = "status", nullable = false)
    private String status;
    @Column(name = "source", nullable = false)
    private String source;
    @Column(name = "session_id")
    private String sessionId;
    @Column(name = "created_at", nullable = false)
    private Instant createdAt;
    @Column(name = "last_seen_at", nullable = false)
    private Instant lastSeenAt;
    @Column(name = "expires_at")
    private Instant expiresAt;
    @Column(name = "valid_from")
    private Instant validFrom;
    @Column(name = "valid_until")
    private Instant validUntil;
    @Column(name = "superseded_by")
    private String supersededBy;
    @Column(name = "superseded_entity_keys", nullable = false)
    private String[] supersededEntityKeys;
    @Column(name = "source_message_ids", nullable = false)
    private String[] sourceMessageIds;

    /** For Hibernate. */
    protected MemoryRow() {
    }

    static MemoryRow of(Memory m) {
        MemoryRow row = new MemoryRow();
        row.id = m.id();
        row.copy(m);
        return row;
    }

    /** Takes every value of {@code m} except the id (the row's identity). */
    void copy(Memory m) {
        profileId = m.profileId();
        type = m.type().wireName();
        content = m.content();
        normalizedContent = m.normalizedContent();
        entities = array(m.entities());
        entityKeys = m.entityKeys().stream().distinct().toArray(String[]::new);
        keywords = array(m.keywords());
        weight = m.weight();
        weightBucket = RecallPolicy.weightBucket(m.weight());
        status = m.status().wireName();
        source = m.source().wireName();
        sessionId = m.sessionId();
        createdAt = Times.stored(m.createdAt());
        lastSeenAt = Times.stored(m.lastSeenAt());
        expiresAt = Times.stored(m.expiresAt());
        validFrom = Times.stored(m.validFrom());
        validUntil = Times.stored(m.validUntil());
        supersededBy = m.supersededBy();
        supersededEntityKeys = m.supersededEntityKeys().stream().sorted().toArray(String[]::new);
        sourceMessageIds = array(m.sourceMessageIds());
    }

    Memory toMemory() {
        return new Memory.Builder()
                .id(id)
                .profileId(profileId)
                .type(MemoryType.fromWireName(type).orElseThrow())
                .content(content)
                .normalizedContent(normalizedContent)
                .entities(List.of(entities))
                .keywords(List.of(keywords))
                .weight(weight)
                .status(MemoryStatus.fromWireName(status).orElseThrow())
                .source(Source.fromWireName(source).orElseThrow())
                .sessionId(sessionId)
                .createdAt(createdAt)
                .lastSeenAt(lastSeenAt)
                .expiresAt(expiresAt)
                .validFrom(validFrom)
                .validUntil(validUntil)
                .supersededBy(supersededBy)
                .supersededEntityKeys(Set.of(supersededEntityKeys))
                .sourceMessageIds(List.of(sourceMessageIds))
                .build();
    }

    String profileId() {
        return profileId;
    }

    private static String[] array(List<String> values) {
        return values.toArray(String[]::new);
    }
}
