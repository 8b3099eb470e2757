package dev.pmmemory.adapters.jdbc;

import dev.pmmemory.application.port.out.MemoryVectors.RankingColumns;
import dev.pmmemory.domain.formula.Bindings;
import dev.pmmemory.domain.formula.Column;
import dev.pmmemory.domain.formula.Parameter;
import dev.pmmemory.domain.formula.Values;
import dev.pmmemory.domain.memory.MemoryType;
import dev.pmmemory.domain.memory.Visibility;
import dev.pmmemory.domain.recall.RankingKey;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.LongPredicate;

/**
 * What semantic recall reads of a profile on every call (each memory's ranking columns, recall
 * window and vector), kept per profile and model between calls for the stores' {@link dev.pmmemory.application.port.out.MemoryVectors}.
 * Each snapshot carries a tag its store gives it when read (a read sequence, a database version);
 * the store says at each call whether that tag is still current, so how a store notices writes —
 * in its one process, or across instances — stays the store's.
 *
 * <p>Bounded by rows, not profiles: all snapshots together hold at most {@code capacity} rows; a
 * profile larger than that is read each time.
 */
public final class RankingRows {

    /**
     * A memory not yet retired when read, with its window (epoch ms; no expiry:
     * {@link Long#MAX_VALUE}) to decide its visibility at a later instant.
     */
    public record Row(String id, MemoryType type, int weight, long lastSeenAt, long expiresAt, Long validFrom,
                      Long validUntil, float[] vector) {
        /** The domain's visibility rule ({@link Visibility#AT}) over the window kept. */
        public boolean visibleAt(long t) {
            return Visibility.AT.test(new WindowValues(this, Bindings.of(Parameter.AS_OF, t)));
        }
    }

    /** A kept row's window as the visibility rule reads it. */
    private record WindowValues(Row row, Bindings bindings) implements Values {
        @Override
        public boolean has(Column column) {
            return switch (column) {
                case VALID_FROM -> row.validFrom() != null;
                case VALID_UNTIL -> row.validUntil() != null;
                case EXPIRES_AT -> row.expiresAt() != Codec.NEVER;
                default -> false;
            };
        }

        @Override
        public double number(Column column) {
            return switch (column) {
                case VALID_FROM -> row.validFrom();
                case VALID_UNTIL -> row.validUntil();
                case EXPIRES_AT -> row.expiresAt();
                default -> throw new IllegalArgumentException("a kept row has no " + column);
            };
        }

        @Override
        public String text(Column column) {
            return column == Column.TYPE ? row.type().wireName() : null;
        }

        @Override
        public double parameter(Parameter parameter) {
            return bindings.get(parameter);
        }
    }

    /** The visible ones at {@code t}, as {@link dev.pmmemory.application.port.out.MemoryVectors#findVisibleRankingColumns} answers. */
    public static List<RankingColumns> visibleAt(List<Row> rows, long t) {
        List<RankingColumns> out = new ArrayList<>(rows.size());
        for (Row r : rows) {
            if (r.visibleAt(t)) {
                out.add(new RankingColumns(new RankingKey(r.id(), r.type(), r.weight(), Instant.ofEpochMilli(r.lastSeenAt())),
                        r.vector()));
            }
        }
        return out;
    }

    private record Snapshot(long tag, long readAt, List<Row> rows) {
    }

    private final int capacity;
    private final Map<String, Snapshot> snapshots = new HashMap<>();
    private int rowsHeld;

    public RankingRows(int capacity) {
        this.capacity = capacity;
    }

    /**
     * The rows read for the profile and model, if their tag is still {@code current} and the instant
     * asked is not before the one they were read at (rows retired by then are not held). A snapshot
     * whose tag is no longer current is dropped: a later read replaces it.
     */
    public synchronized List<Row> get(String profileId, String model, long asOf, LongPredicate current) {
        Snapshot s = snapshots.get(key(profileId, model));
        if (s == null) {
            return null;
        }
        if (!current.test(s.tag())) {
            snapshots.remove(key(profileId, model));
            rowsHeld -= s.rows().size();
            return null;
        }
        return asOf < s.readAt() ? null : s.rows();
    }

    public synchronized void put(String profileId, String model, long tag, long readAt, List<Row> rows) {
        if (rows.size() > capacity) {
            return;
        }
        Snapshot old = snapshots.remove(key(profileId, model));
        if (old != null) {
            rowsHeld -= old.rows().size();
        }
        if (rowsHeld + rows.size() > capacity) {
            snapshots.clear();
            rowsHeld = 0;
        }
        snapshots.put(key(profileId, model), new Snapshot(tag, readAt, List.copyOf(rows)));
        rowsHeld += rows.size();
    }

    /** An erased profile leaves nothing of it in memory. */
    public synchronized void forgetProfile(String profileId) {
        snapshots.entrySet().removeIf(e -> {
            boolean mine = e.getKey().startsWith(profileId + '\u0000');
            if (mine) {
                rowsHeld -= e.getValue().rows().size();
            }
            return mine;
        });
    }

    private static String key(String profileId, String model) {
        return profileId + '\u0000' + model;
    }
}
