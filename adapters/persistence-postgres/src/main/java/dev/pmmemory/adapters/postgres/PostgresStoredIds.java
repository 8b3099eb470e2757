package dev.pmmemory.adapters.postgres;

import dev.pmmemory.application.port.out.StoredIds;
import java.sql.Connection;
import java.util.Collection;
import java.util.HashSet;
import java.util.Set;

/** Taken ids, looked up by primary key (or the unique id of audit events). */
final class PostgresStoredIds implements StoredIds {
    private final Connection c;

    PostgresStoredIds(Connection c) {
        this.c = c;
    }

    @Override
    public Set<String> heldByOtherProfiles(Kind kind, String profileId, Collection<String> ids) {
        if (ids.isEmpty()) {
            return Set.of();
        }
        String table = switch (kind) {
            case RAW_MESSAGE -> "raw_messages";
            case MEMORY -> "memories";
            case AUDIT_EVENT -> "audit_events";
            case EXPERIENCE -> "experiences";
            case FACT -> "facts";
        };
        // one array parameter, however many ids
        return new HashSet<>(PgSql.strings(c, "SELECT id FROM " + table + " WHERE id = ANY(CAST(? AS text[]))"
                + " AND profile_id <> ?", PgSql.distinct(ids), profileId));
    }
}
