package dev.pmmemory.application.port.out;

import java.util.Collection;
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
}
