package dev.pmmemory.adapters.jdbc;

import dev.pmmemory.application.port.out.StoredIds;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/** Taken ids, looked up by primary key (or the unique id of audit events). */
public final class JdbcStoredIds implements StoredIds {
    // well under SQLite's limit of bound parameters per statement
    private static final int CHUNK = 500;
    private final Sql sql;

    public JdbcStoredIds(Sql sql) {
        this.sql = sql;
    }

    @Override
    public Set<String> heldByOtherProfiles(Kind kind, String profileId, Collection<String> ids) {
        String table = switch (kind) {
            case RAW_MESSAGE -> "raw_messages";
            case MEMORY -> "memories";
            case AUDIT_EVENT -> "audit_events";
            case EXPERIENCE -> "experiences";
            case FACT -> "facts";
        };
        List<String> all = new ArrayList<>(new HashSet<>(ids));
        Set<String> held = new HashSet<>();
        for (int from = 0; from < all.size(); from += CHUNK) {
            List<String> chunk = all.subList(from, Math.min(all.size(), from + CHUNK));
            List<Object> args = new ArrayList<>(chunk);
            args.add(profileId);
            held.addAll(sql.query("SELECT id FROM " + table + " WHERE id IN ("
                    + String.join(",", Collections.nCopies(chunk.size(), "?")) + ") AND profile_id <> ?",
                    rs -> rs.getString(1), args.toArray()));
        }
        return held;
    }
}
