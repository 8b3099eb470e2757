package dev.pmmemory.adapters.postgres;

import dev.pmmemory.adapters.jdbc.Sealing;
import dev.pmmemory.application.port.out.FieldProtection;
import dev.pmmemory.adapters.jdbc.Sql;
import dev.pmmemory.adapters.postgres.rows.AuditEventRow;
import dev.pmmemory.application.port.in.AuditEvent;
import dev.pmmemory.application.port.out.AuditTrail;
import io.quarkus.panache.common.Page;
import io.quarkus.panache.common.Parameters;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.List;

/**
 * {@link AuditTrail} over PostgreSQL (migrations V1, V6, V12), append-only, in the caller's transaction: read
 * and scrubbed as mapped rows, recorded with one native INSERT (below). A recorded event is inserted at once
 * (its identity {@code seq} is the order events are read back in); scrubbing is the one exception to
 * append-only.
 */
final class PostgresAuditTrail implements AuditTrail {
    private final Sql sql;
    private final FieldProtection protection;

    /** @param sql the current transaction's connection, the one the mapped rows use too */
    PostgresAuditTrail(Sql sql, FieldProtection protection) {
        this.sql = sql;
        this.protection = protection;
    }

    /**
     * A hot statement, so native SQL: every add records one or more events, and a Panache persist of an
     * identity row adds Hibernate's session work (entity copy, identity fetch) to each INSERT. Same table,
     * same columns, same millisecond times as the mapped row reads back.
     */
    @Override
    public void record(AuditEvent event) {
        AuditEvent e = Sealing.sealed(protection, event);
        sql.update("INSERT INTO audit_events (id, profile_id, memory_id, raw_message_id, kind, detail, at, actor,"
                + " before_state, after_state, agent) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", e.id(), e.profileId(),
                e.memoryId(), e.rawMessageId(), e.kind().wireName(), e.detail(), timestamp(e.at()), e.actor(),
                e.before(), e.after(), e.agent());
    }

    /** The column is a timestamptz (kept at milliseconds like every stored time), not the epoch milliseconds of the shared tables. */
    private static OffsetDateTime timestamp(Instant at) {
        return OffsetDateTime.ofInstant(at.truncatedTo(ChronoUnit.MILLIS), ZoneOffset.UTC);
    }

    @Override
    public List<AuditEvent> forMemory(String profileId, String memoryId) {
        return events(AuditEventRow.list("profileId = ?1 and memoryId = ?2 order by seq", profileId, memoryId));
    }

    @Override
    public long countByProfile(String profileId) {
        return AuditEventRow.count("profileId", profileId);
    }

    @Override
    public void scrubMemory(String profileId, String memoryId) {
        AuditEventRow.update("detail = '', beforeState = null, afterState = null where profileId = ?1"
                + " and memoryId = ?2", profileId, memoryId);
    }

    @Override
    public int scrubProfile(String profileId) {
        return AuditEventRow.update("detail = '', beforeState = null, afterState = null where profileId = ?1",
                profileId);
    }

    @Override
    public boolean restoreContent(AuditEvent event) {
        AuditEvent e = Sealing.sealed(protection, event);
        return AuditEventRow.update("detail = ?1, actor = ?2, beforeState = ?3, afterState = ?4, agent = ?5"
                + " where profileId = ?6 and id = ?7", e.detail(), e.actor(), e.before(), e.after(), e.agent(),
                e.profileId(), e.id()) == 1;
    }

    @Override
    public List<AuditEvent> newestFirst(String profileId, String memoryId, String afterEventId, int limit) {
        StringBuilder query = new StringBuilder("profileId = :profile");
        Parameters params = Parameters.with("profile", profileId);
        if (memoryId != null) {
            query.append(" and memoryId = :memory");
            params.and("memory", memoryId);
        }
        if (afterEventId != null) {
            // an id the profile does not have: the subquery is empty and no row is older
            query.append(" and seq < (select a.seq from AuditEventRow a where a.profileId = :profile and a.id = :after)");
            params.and("after", afterEventId);
        }
        return events(AuditEventRow.<AuditEventRow>find(query + " order by seq desc", params)
                .page(Page.ofSize(limit)).list());
    }

    private List<AuditEvent> events(List<AuditEventRow> rows) {
        return rows.stream().map(r -> Sealing.opened(protection, r.event())).toList();
    }
}
