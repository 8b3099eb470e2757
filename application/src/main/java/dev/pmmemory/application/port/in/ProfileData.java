package dev.pmmemory.application.port.in;

import dev.pmmemory.domain.experience.Experience;
import dev.pmmemory.domain.fact.Fact;
import dev.pmmemory.domain.memory.Memory;
import java.time.Instant;
import java.util.List;
import java.util.Objects;

/**
 * Everything held for one profile (data rights): what an export contains and an import loads back.
 * Vectors are not part of it (the backfill job recomputes them); stored values as they are, each list
 * in the order the store keeps it (raw messages by received_at, memories by created_at, experiences by
 * created_at, each then by id; audit events in the order they were recorded; fact versions by attribute,
 * then oldest first).
 *
 * @param exportedAt when the export was read (null in an import: it says nothing about the data)
 * @param teamContributions what the profile contributed to its teams' memories: exported, never imported (a
 *                          team memory is the team's)
 */
public record ProfileData(String profileId, Instant exportedAt, List<RawMessage> rawMessages,
                          List<Memory> memories, List<AuditEvent> auditEvents, List<Experience> experiences,
                          List<Fact> facts, List<TeamContribution> teamContributions) {
    /** The version of the document format; an import refuses any other. */
    public static final int FORMAT_VERSION = 1;

    public ProfileData {
        Objects.requireNonNull(profileId, "profileId");
        rawMessages = List.copyOf(rawMessages);
        memories = List.copyOf(memories);
        auditEvents = List.copyOf(auditEvents);
        experiences = List.copyOf(experiences);
        facts = List.copyOf(facts);
        teamContributions = List.copyOf(teamContributions);
    }

    /** The profile's own data, without team contributions (an import's document). */
    public ProfileData(String profileId, Instant exportedAt, List<RawMessage> rawMessages, List<Memory> memories,
                       List<AuditEvent> auditEvents, List<Experience> experiences, List<Fact> facts) {
        this(profileId, exportedAt, rawMessages, memories, auditEvents, experiences, facts, List.of());
    }

    /** Nothing but audit tombstones (or nothing at all): what an import may load into. */
    public boolean holdsNoData() {
        return rawMessages.isEmpty() && memories.isEmpty() && experiences.isEmpty() && facts.isEmpty()
                && teamContributions.isEmpty();
    }
}
