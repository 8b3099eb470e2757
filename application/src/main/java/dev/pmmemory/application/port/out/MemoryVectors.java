package dev.pmmemory.application.port.out;

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

    /** A memory without a vector: what the backfill needs to embed it. */
    record MissingVector(String profileId, String memoryId, String text) {
    }
}
