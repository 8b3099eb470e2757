package dev.pmmemory.domain.memory;

import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * One typed long-term memory of a profile. Immutable: every change is a new value, and the
 * application writes an audit event for it.
 *
 * <p>Nullable fields: {@code sessionId}; {@code expiresAt} (permanent types); {@code validFrom}
 * (never visible yet: pending or rejected); {@code validUntil} (still valid);
 * {@code supersededBy} (not wholly superseded).
 *
 * @param entityKeys            {@link EntityKey} of each entity, same order as {@code entities}
 * @param supersededEntityKeys  the entity keys a newer opposite decision has taken over; the
 *                              memory is {@link MemoryStatus#SUPERSEDED} once it covers them all
 * @param pendingReason         why it waits for a decision (nullable: not waiting, or a team's consensus
 *                              proposal)
 * @param alternatives          the other types it may be, best first, when {@code pendingReason} is
 *                              {@link PendingReason#UNCERTAIN_TYPE}; empty otherwise
 * @param recall                how often present recalls returned it ({@link RecallUse#NEVER} when
 *                              null); kept by the store's recall counter, never by a memory write
 * @param derivation            why an inferred memory was proposed, with its evidence; null for any other
 */
public record Memory(
        String id,
        String profileId,
        MemoryType type,
        String content,
        String normalizedContent,
        List<String> entities,
        List<String> keywords,
        int weight,
        MemoryStatus status,
        Source source,
        String sessionId,
        Instant createdAt,
        Instant lastSeenAt,
        Instant expiresAt,
        Instant validFrom,
        Instant validUntil,
        String supersededBy,
        Set<String> supersededEntityKeys,
        List<String> sourceMessageIds,
        PendingReason pendingReason,
        List<MemoryType> alternatives,
        RecallUse recall,
        Derivation derivation) {

    /** A memory that waits for no type decision. */
    public Memory(String id, String profileId, MemoryType type, String content, String normalizedContent,
                  List<String> entities, List<String> keywords, int weight, MemoryStatus status, Source source,
                  String sessionId, Instant createdAt, Instant lastSeenAt, Instant expiresAt, Instant validFrom,
                  Instant validUntil, String supersededBy, Set<String> supersededEntityKeys,
                  List<String> sourceMessageIds) {
        this(id, profileId, type, content, normalizedContent, entities, keywords, weight, status, source, sessionId,
                createdAt, lastSeenAt, expiresAt, validFrom, validUntil, supersededBy, supersededEntityKeys,
                sourceMessageIds, null, List.of(), RecallUse.NEVER, null);
    }

    /** A memory as stored before recall counts (imports, fixtures): never recalled. */
    public Memory(String id, String profileId, MemoryType type, String content, String normalizedContent,
                  List<String> entities, List<String> keywords, int weight, MemoryStatus status, Source source,
                  String sessionId, Instant createdAt, Instant lastSeenAt, Instant expiresAt, Instant validFrom,
                  Instant validUntil, String supersededBy, Set<String> supersededEntityKeys,
                  List<String> sourceMessageIds, PendingReason pendingReason, List<MemoryType> alternatives) {
        this(id, profileId, type, content, normalizedContent, entities, keywords, weight, status, source, sessionId,
                createdAt, lastSeenAt, expiresAt, validFrom, validUntil, supersededBy, supersededEntityKeys,
                sourceMessageIds, pendingReason, alternatives, RecallUse.NEVER, null);
    }

    public Memory {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(profileId, "profileId");
        Objects.requireNonNull(type, "type");
        Objects.requireNonNull(content, "content");
        Objects.requireNonNull(normalizedContent, "normalizedContent");
        Objects.requireNonNull(status, "status");
        Objects.requireNonNull(source, "source");
        Objects.requireNonNull(createdAt, "createdAt");
        Objects.requireNonNull(lastSeenAt, "lastSeenAt");
        if (weight < 1) {
            throw new IllegalArgumentException("weight must be >= 1");
        }
        if (validFrom != null && (status == MemoryStatus.PENDING || status == MemoryStatus.REJECTED)) {
            // the visibility rule reads the window alone: a memory never visible has none
            throw new IllegalArgumentException("a " + status.wireName() + " memory has no valid_from");
        }
        entities = List.copyOf(entities);
        keywords = List.copyOf(keywords);
        supersededEntityKeys = Set.copyOf(supersededEntityKeys);
        sourceMessageIds = List.copyOf(sourceMessageIds);
        alternatives = List.copyOf(alternatives == null ? List.of() : alternatives);
        recall = recall == null ? RecallUse.NEVER : recall;
        if (alternatives.contains(type)) {
            throw new IllegalArgumentException("the alternatives of a memory are other types than its own");
        }
    }

    /** The types a person may pick when confirming it: its own, then its alternatives. */
    public List<MemoryType> candidateTypes() {
        List<MemoryType> all = new ArrayList<>();
        all.add(type);
        all.addAll(alternatives);
        return all;
    }

    /** Entity keys (normalised for comparison) in the order of {@link #entities()}. */
    public List<String> entityKeys() {
        return entities.stream().map(EntityKey::of).toList();
    }

    /** Entities this memory still speaks for: not taken over by a newer opposite decision. */
    public Set<String> liveEntityKeys() {
        Set<String> live = new LinkedHashSet<>(entityKeys());
        live.removeAll(supersededEntityKeys);
        return live;
    }

    public boolean isPermanent() {
        return expiresAt == null;
    }

    public Memory withSourceMessage(String rawMessageId) {
        List<String> ids = new ArrayList<>(sourceMessageIds);
        ids.add(rawMessageId);
        return new Builder(this).sourceMessageIds(ids).build();
    }

    public Builder toBuilder() {
        return new Builder(this);
    }

    /** Copy-with helper: records have no withers, and a 19-argument constructor call is unreadable. */
    public static final class Builder {
        private String id;
        private String profileId;
        private MemoryType type;
        private String content;
        private String normalizedContent;
        private List<String> entities = List.of();
        private List<String> keywords = List.of();
        private int weight = 1;
        private MemoryStatus status = MemoryStatus.ACTIVE;
        private Source source = Source.EXPLICIT;
        private String sessionId;
        private Instant createdAt;
        private Instant lastSeenAt;
        private Instant expiresAt;
        private Instant validFrom;
        private Instant validUntil;
        private String supersededBy;
        private Set<String> supersededEntityKeys = Set.of();
        private List<String> sourceMessageIds = List.of();
        private PendingReason pendingReason;
        private List<MemoryType> alternatives = List.of();
        private RecallUse recall = RecallUse.NEVER;
        private Derivation derivation;

        public Builder() {
        }

        Builder(Memory m) {
            id = m.id;
            profileId = m.profileId;
            type = m.type;
            content = m.content;
            normalizedContent = m.normalizedContent;
            entities = m.entities;
            keywords = m.keywords;
            weight = m.weight;
            status = m.status;
            source = m.source;
            sessionId = m.sessionId;
            createdAt = m.createdAt;
            lastSeenAt = m.lastSeenAt;
            expiresAt = m.expiresAt;
            validFrom = m.validFrom;
            validUntil = m.validUntil;
            supersededBy = m.supersededBy;
            supersededEntityKeys = m.supersededEntityKeys;
            sourceMessageIds = m.sourceMessageIds;
            pendingReason = m.pendingReason;
            alternatives = m.alternatives;
            recall = m.recall;
            derivation = m.derivation;
        }

        public Builder id(String v) { id = v; return this; }
        public Builder profileId(String v) { profileId = v; return this; }
        public Builder type(MemoryType v) { type = v; return this; }
        public Builder content(String v) { content = v; return this; }
        public Builder normalizedContent(String v) { normalizedContent = v; return this; }
        public Builder entities(List<String> v) { entities = v; return this; }
        public Builder keywords(List<String> v) { keywords = v; return this; }
        public Builder weight(int v) { weight = v; return this; }
        public Builder status(MemoryStatus v) { status = v; return this; }
        public Builder source(Source v) { source = v; return this; }
        public Builder sessionId(String v) { sessionId = v; return this; }
        public Builder createdAt(Instant v) { createdAt = v; return this; }
        public Builder lastSeenAt(Instant v) { lastSeenAt = v; return this; }
        public Builder expiresAt(Instant v) { expiresAt = v; return this; }
        public Builder validFrom(Instant v) { validFrom = v; return this; }
        public Builder validUntil(Instant v) { validUntil = v; return this; }
        public Builder supersededBy(String v) { supersededBy = v; return this; }
        public Builder supersededEntityKeys(Set<String> v) { supersededEntityKeys = v; return this; }
        public Builder sourceMessageIds(List<String> v) { sourceMessageIds = v; return this; }
        public Builder pendingReason(PendingReason v) { pendingReason = v; return this; }
        public Builder alternatives(List<MemoryType> v) { alternatives = v; return this; }
        public Builder recall(RecallUse v) { recall = v; return this; }
        public Builder derivation(Derivation v) { derivation = v; return this; }

        public Memory build() {
            return new Memory(id, profileId, type, content, normalizedContent, entities, keywords, weight,
                    status, source, sessionId, createdAt, lastSeenAt, expiresAt, validFrom, validUntil,
                    supersededBy, supersededEntityKeys, sourceMessageIds, pendingReason, alternatives, recall, derivation);
        }
    }
}
