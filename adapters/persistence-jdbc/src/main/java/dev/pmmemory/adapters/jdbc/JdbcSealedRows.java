package dev.pmmemory.adapters.jdbc;

import dev.pmmemory.application.model.SealedTable;
import dev.pmmemory.application.port.out.AssociatedData;
import dev.pmmemory.application.port.out.FieldProtection;
import dev.pmmemory.application.port.out.ResealStep;
import dev.pmmemory.application.port.out.SealedRows;
import dev.pmmemory.domain.memory.Memory;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.Set;

/**
 * {@link SealedRows} over either store, inside the caller's transaction. A memory is rewritten whole (its text
 * columns sealed again, its term and entity rows under the primary key's blind index), the other tables column by
 * column. A memory's columns are always sealed together, so its content tells which key the row is under.
 */
public final class JdbcSealedRows implements SealedRows {
    /** Per table: the columns sealed (the first decides for a memory), as the store names them. */
    private static final Map<SealedTable, List<String>> COLUMNS = Map.of(
            SealedTable.MEMORIES, List.of("content"),
            SealedTable.RAW_MESSAGES, List.of("content"),
            SealedTable.FACTS, List.of("value"),
            SealedTable.AUDIT_EVENTS, List.of("detail", "before_state", "after_state"));

    private final Sql sql;
    private final FieldProtection protection;
    private final JdbcMemories memories;

    /** @param memories the memories repository of the same transaction, over {@link #adopting} protection */
    public JdbcSealedRows(Sql sql, FieldProtection protection, JdbcMemories memories) {
        this.sql = sql;
        this.protection = protection;
        this.memories = memories;
    }

    /** The protection a re-encryption's memories repository reads with: plain values open as themselves. */
    public static FieldProtection adopting(FieldProtection protection) {
        return new AdoptingPlainValues(protection);
    }

    private static String table(SealedTable t) {
        return t.name().toLowerCase(java.util.Locale.ROOT);
    }

    @Override
    public List<String> profiles() {
        Set<String> all = new TreeSet<>();
        for (SealedTable t : SealedTable.values()) {
            all.addAll(sql.strings("SELECT DISTINCT profile_id FROM " + table(t)));
        }
        return List.copyOf(all);
    }

    @Override
    public ResealStep resealAfter(SealedTable t, String profileId, String afterId, int scan) {
        List<String> columns = COLUMNS.get(t);
        List<List<String>> rows = sql.query("SELECT id, " + String.join(", ", columns) + " FROM " + table(t)
                + " WHERE profile_id = ? AND id > ? ORDER BY id LIMIT ?", rs -> {
                    List<String> row = new ArrayList<>();
                    for (int i = 1; i <= columns.size() + 1; i++) {
                        row.add(rs.getString(i));
                    }
                    return row;
                }, profileId, afterId, scan);
        int resealed = 0;
        if (t == SealedTable.MEMORIES) {
            List<String> ids = rows.stream().filter(r -> needsResealing(r.get(1))).map(r -> r.get(0)).toList();
            for (Memory m : memories.findByIds(profileId, ids)) {
                memories.update(m); // sealed and blinded again under the primary key
                resealed++;
            }
        } else {
            for (List<String> row : rows) {
                resealed += resealRow(t, columns, profileId, row) ? 1 : 0;
            }
        }
        String last = rows.size() < scan ? null : rows.get(rows.size() - 1).get(0);
        return new ResealStep(resealed, last);
    }

    private boolean resealRow(SealedTable t, List<String> columns, String profileId, List<String> row) {
        String id = row.get(0);
        boolean any = false;
        for (int i = 0; i < columns.size(); i++) {
            String stored = row.get(i + 1);
            if (!needsResealing(stored)) {
                continue;
            }
            AssociatedData where = new AssociatedData(table(t), columns.get(i), id, profileId);
            String plain = protection.isSealed(stored) ? protection.open(stored, where) : stored;
            sql.update("UPDATE " + table(t) + " SET " + columns.get(i) + " = ? WHERE profile_id = ? AND id = ?",
                    protection.seal(plain, where), profileId, id);
            any = true;
        }
        return any;
    }

    /** Empty values are never sealed (Sealing), so never need it. */
    private boolean needsResealing(String stored) {
        return stored != null && !stored.isEmpty() && protection.needsResealing(stored);
    }

    @Override
    public Map<String, Long> rowsByKey() {
        Map<String, Long> counts = new TreeMap<>();
        for (SealedTable t : SealedTable.values()) {
            List<String> columns = COLUMNS.get(t);
            sql.query("SELECT " + String.join(", ", columns) + " FROM " + table(t), rs -> {
                Set<String> keys = new TreeSet<>();
                for (int i = 1; i <= columns.size(); i++) {
                    String v = rs.getString(i);
                    if (v != null && !v.isEmpty()) {
                        keys.add(protection.keyIdOf(v).orElse(PLAIN));
                    }
                }
                keys.forEach(k -> counts.merge(k, 1L, Long::sum));
                return null;
            });
        }
        return counts;
    }

    @Override
    public long rowsToReseal() {
        long rows = 0;
        for (SealedTable t : SealedTable.values()) {
            List<String> columns = COLUMNS.get(t);
            rows += sql.query("SELECT " + String.join(", ", columns) + " FROM " + table(t), rs -> {
                for (int i = 1; i <= columns.size(); i++) {
                    if (needsResealing(rs.getString(i))) {
                        return 1;
                    }
                }
                return 0;
            }).stream().mapToInt(Integer::intValue).sum();
        }
        return rows;
    }
}
