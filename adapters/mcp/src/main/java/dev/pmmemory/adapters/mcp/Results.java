package dev.pmmemory.adapters.mcp;

import com.fasterxml.jackson.annotation.JsonRawValue;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import dev.pmmemory.application.port.in.ContextResult;
import dev.pmmemory.application.port.in.EntityHistory;
import dev.pmmemory.application.port.in.FactsAt;
import dev.pmmemory.application.port.in.FeedbackResult;
import dev.pmmemory.application.port.in.MemoryChange;
import dev.pmmemory.application.port.in.MemoryPage;
import dev.pmmemory.application.port.in.MemoryView;
import dev.pmmemory.application.port.in.RecordedFact;
import dev.pmmemory.domain.fact.Fact;
import dev.pmmemory.domain.memory.Memory;
import dev.pmmemory.domain.recall.ScoreFactors;
import io.quarkus.runtime.annotations.RegisterForReflection;
import java.time.Instant;
import java.util.List;

/**
 * What the tools answer, as JSON (snake_case, as REST; times ISO-8601): every result names the profile it
 * read or wrote. The shapes follow api.md; nested where REST flattens (a recalled item holds its memory).
 */
final class Results {
    private Results() {
    }

    private static String time(Instant t) {
        return t == null ? null : t.toString();
    }

    /** A memory (api.md "A memory"), without the profile its result already names. */
    @RegisterForReflection
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    record MemoryItem(String id, String type, String content, List<String> entities, List<String> keywords,
                      int weight, double typePriority, String status, String source, String sessionId,
                      String createdAt, String lastSeenAt, String expiresAt, String validUntil, String supersededBy,
                      List<String> sourceMessageIds, long recallCount, String lastRecalledAt, String pendingReason,
                      String rationale, List<String> evidence) {
        static MemoryItem of(MemoryView view) {
            Memory m = view.memory();
            return new MemoryItem(m.id(), m.type().wireName(), m.content(), m.entities(), m.keywords(), m.weight(),
                    view.typePriority(), view.status().wireName(), m.source().wireName(), m.sessionId(),
                    time(m.createdAt()), time(m.lastSeenAt()), time(m.expiresAt()), time(m.validUntil()),
                    m.supersededBy(), m.sourceMessageIds(), m.recall().count(), time(m.recall().lastRecalledAt()),
                    m.pendingReason() == null ? null : m.pendingReason().wireName(),
                    m.derivation() == null ? null : m.derivation().rationale(),
                    m.derivation() == null ? List.of() : m.derivation().evidence());
        }
    }

    @RegisterForReflection
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    record Remembered(String profileId, String rawMessageId, String outcome, MemoryItem memory,
                      List<String> superseded, List<String> redactions) {
        static Remembered of(String profileId, FeedbackResult r) {
            return new Remembered(profileId, r.rawMessageId(), r.outcome().wireName(),
                    r.memory().map(MemoryItem::of).orElse(null), r.superseded(), r.redactions());
        }
    }

    @RegisterForReflection
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    record Factors(double keywordMatch, double recencyDecay, double typePriority, double weightNormalized, double use) {
        static Factors of(ScoreFactors f) {
            return new Factors(f.keywordMatch(), f.recencyDecay(), f.typePriority(), f.weightNormalized(), f.use());
        }
    }

    /**
     * A recalled memory with its score, the four factors it came from, and whether it matches the query; scope
     * personal (the profile's own) or team (one of its teams', with the team and the members behind it).
     */
    @RegisterForReflection
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    record Recalled(MemoryItem memory, double score, Factors factors, boolean matched, String scope, String teamId,
                    List<String> authors) {
        static Recalled of(ContextResult.RecalledMemory i) {
            return new Recalled(MemoryItem.of(i.view()), i.score(), Factors.of(i.factors()), i.matched(),
                    i.team().isPresent() ? "team" : "personal",
                    i.team().map(dev.pmmemory.application.port.in.TeamShare::teamId).orElse(null),
                    i.team().map(dev.pmmemory.application.port.in.TeamShare::authors).orElse(List.of()));
        }
    }

    @RegisterForReflection
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    record Recall(String profileId, String query, String asOf, List<Recalled> items, String promptBlock) {
        static Recall of(ContextResult r) {
            return new Recall(r.profileId(), r.query(), time(r.asOf()), r.items().stream()
                    .map(Recalled::of)
                    .toList(), r.promptBlock());
        }
    }

    /** Memories of one status (pending decisions), newest first, and the cursor of the next page. */
    @RegisterForReflection
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    record Memories(String profileId, List<MemoryItem> items, String nextCursor) {
        static Memories of(String profileId, MemoryPage page) {
            return new Memories(profileId, page.items().stream().map(MemoryItem::of).toList(), page.nextCursor());
        }
    }

    /** A memory after a confirm, reject, correction or forget, and the memories it superseded by it. */
    @RegisterForReflection
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    record Changed(String profileId, MemoryItem memory, List<String> superseded) {
        static Changed of(String profileId, MemoryChange change) {
            return new Changed(profileId, MemoryItem.of(change.memory()), change.superseded());
        }
    }

    /** One version of a structured fact; its value is any JSON, as stored. */
    @RegisterForReflection
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    record FactItem(String attribute, @JsonRawValue String value, double confidence, String source,
                    String validFrom, String validUntil, String id, String supersedes, String recordedAt,
                    String recordedBy) {
        static FactItem of(Fact f) {
            return new FactItem(f.attribute(), f.value(), f.confidence(), f.source().wireName(),
                    time(f.validFrom()), time(f.validUntil()), f.id(), f.supersedes(), time(f.recordedAt()),
                    f.recordedBy());
        }
    }

    @RegisterForReflection
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    record Facts(String profileId, String asOf, List<FactItem> facts) {
        static Facts of(String profileId, FactsAt facts) {
            return new Facts(profileId, time(facts.asOf()), facts.facts().stream().map(FactItem::of).toList());
        }
    }

    /** What facts_set did: the new version (or the current one when the value was the same again). */
    @RegisterForReflection
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    record FactSet(String profileId, FactItem fact, boolean created, FactItem closed, List<String> redactions) {
        static FactSet of(String profileId, RecordedFact r) {
            return new FactSet(profileId, FactItem.of(r.fact()), r.created(), r.closed().map(FactItem::of)
                    .orElse(null), r.redactions());
        }
    }

    @RegisterForReflection
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    record StatusChange(String status, String at, String event, String actor) {
        static StatusChange of(EntityHistory.StatusChange c) {
            return new StatusChange(c.status().wireName(), time(c.at()), c.event() == null ? null
                    : c.event().wireName(), c.actor());
        }
    }

    @RegisterForReflection
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    record HistoryEntry(MemoryItem memory, List<StatusChange> statusChanges) {
    }

    /** Every memory about one entity, oldest first, each with its status changes. */
    @RegisterForReflection
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    record History(String profileId, String entity, List<HistoryEntry> memories) {
        static History of(String profileId, EntityHistory h) {
            return new History(profileId, h.entity(), h.entries().stream().map(e -> new HistoryEntry(
                    MemoryItem.of(e.memory()), e.changes().stream().map(StatusChange::of).toList())).toList());
        }
    }
}
