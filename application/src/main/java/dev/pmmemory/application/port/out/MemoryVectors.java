package dev.pmmemory.application.port.out;

import dev.pmmemory.domain.recall.RankingKey;
import java.time.Instant;
import java.util.Collection;
import java.util.List;
import java.util.Map;

/**
 * The embeddings of memories, stored beside them (one per memory and model; deleting the memory
 * deletes its vector). Used inside a {@link MemoryStore} transaction.
 */
public interface MemoryVectors {

    /** Stores (or replaces) the vector of a memory for {@code model}; the memory must exist. */
    void put(String profileId, String memoryId, String model, float[] vector);

    /** The vectors of {@code memoryIds} of this profile and model, by memory id; missing ones are absent. */
    Map<String, float[]> find(String profileId, String model, Collection<String> memoryIds);

    /**
     * Up to {@code limit} memories, of every profile and status, that have no vector of
     * {@code model} (stored while semantic recall was off, or under an earlier model), ordered by
     * profile id then memory id, so that repeated calls after filling them move on.
     */
    List<MissingVector> missing(String model, int limit);

    /**
     * Every memory of the profile visible at {@code asOf} (the window of {@link Memories}'
     * recall finders), reduced to what ranks a memory that shares no term with the query, with its
     * vector of {@code model} when it has one: semantic recall scores all of them without reading
     * them whole.
     */
    List<RankingColumns> findVisibleRankingColumns(String profileId, Instant asOf, String model);

    /** @param vector null when the memory has no vector of the model asked for */
    record RankingColumns(RankingKey key, float[] vector) {
    }

    /** A memory without a vector: what the backfill needs to embed it. */
    record MissingVector(String profileId, String memoryId, String text) {
    }
}
