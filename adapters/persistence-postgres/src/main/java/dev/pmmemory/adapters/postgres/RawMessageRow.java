package dev.pmmemory.adapters.postgres;

import dev.pmmemory.application.port.out.FeedbackOutcome;
import dev.pmmemory.application.port.out.RawMessage;
import dev.pmmemory.domain.memory.Source;
import io.quarkus.hibernate.orm.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.Instant;
import java.util.List;

/**
 * A row of {@code raw_messages} (migration V1). Adapter-internal; written once, never updated but for its
 * memory_id (a late reversal cut the repeated memory it had joined): the audit log of what was received.
 */
@Entity
@Table(name = "raw_messages")
public class RawMessageRow extends PanacheEntityBase {

    @Id
    @Column(name = "id")
    private String id;
    @Column(name = "profile_id", nullable = false)
    private String profileId;
    @Column(name = "message_id")
    private String messageId;
    @Column(name = "session_id")
    private String sessionId;
    @Column(name = "source", nullable = false)
    private String source;
    @Column(name = "content", nullable = false)
    private String content;
    @Column(name = "created_at", nullable = false)
    private Instant createdAt;
    @Column(name = "received_at", nullable = false)
    private Instant receivedAt;
    @Column(name = "outcome", nullable = false)
    private String outcome;
    @Column(name = "memory_id")
    private String memoryId;
    @Column(name = "superseded_ids", nullable = false)
    private String[] supersededIds;
    @Column(name = "redactions", nullable = false)
    private String[] redactions;

    /** For Hibernate. */
    protected RawMessageRow() {
    }

    static RawMessageRow of(RawMessage m) {
        RawMessageRow row = new RawMessageRow();
        row.id = m.id();
        row.profileId = m.profileId();
        row.messageId = m.messageId();
        row.sessionId = m.sessionId();
        row.source = m.source().wireName();
        row.content = m.content();
        row.createdAt = Times.stored(m.createdAt());
        row.receivedAt = Times.stored(m.receivedAt());
        row.outcome = m.outcome().wireName();
        row.memoryId = m.memoryId();
        row.supersededIds = m.supersededIds().toArray(String[]::new);
        row.redactions = m.redactions().toArray(String[]::new);
        return row;
    }

    RawMessage toRawMessage() {
        return new RawMessage(id, profileId, messageId, sessionId, Source.fromWireName(source).orElseThrow(), content,
                createdAt, receivedAt, FeedbackOutcome.fromWireName(outcome), memoryId, List.of(supersededIds),
                List.of(redactions));
    }

    String id() {
        return id;
    }
}
