package dev.pmmemory.application.service;

import dev.pmmemory.application.port.out.Embeddings;
import dev.pmmemory.application.port.out.MemoryStore;
import dev.pmmemory.application.port.out.MemoryVectors.MissingVector;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.BooleanSupplier;
import java.util.stream.Collectors;

/**
 * Embeds the memories that have no vector of the configured model: those stored while semantic
 * recall was off, or under an earlier model. Without it they would only ever be found by their
 * terms. Runs in batches; the model computes outside any transaction, and each profile's vectors
 * are written under that profile's write lock, so adds go on meanwhile.
 */
public final class VectorBackfill {

    /** What a run did. */
    public record Progress(int embedded, boolean complete) {
    }

    private final MemoryStore store;
    private final Embeddings embeddings;

    public VectorBackfill(MemoryStore store, Embeddings embeddings) {
        this.store = Objects.requireNonNull(store, "store");
        this.embeddings = Objects.requireNonNull(embeddings, "embeddings");
    }

    /**
     * Fills batches of {@code batchSize} until none is missing or {@code keepGoing} turns false
     * (checked between batches). A failure (store down, model error) propagates; the memories
     * filled so far stay filled, and a later run goes on from there.
     */
    public Progress run(int batchSize, BooleanSupplier keepGoing) {
        if (batchSize < 1) {
            throw new IllegalArgumentException("batchSize must be >= 1");
        }
        int embedded = 0;
        while (keepGoing.getAsBoolean()) {
            List<MissingVector> batch = store.read(tx -> tx.vectors().missing(embeddings.model(), batchSize));
            if (batch.isEmpty()) {
                return new Progress(embedded, true);
            }
            Map<String, List<Filled>> byProfile = batch.stream()
                    .map(m -> new Filled(m, embeddings.embed(m.text())))
                    .collect(Collectors.groupingBy(f -> f.memory().profileId(), LinkedHashMap::new, Collectors.toList()));
            for (Map.Entry<String, List<Filled>> profile : byProfile.entrySet()) {
                store.write(profile.getKey(), tx -> {
                    profile.getValue().forEach(f -> tx.vectors().put(f.memory().profileId(), f.memory().memoryId(),
                            embeddings.model(), f.vector()));
                    return null;
                });
            }
            embedded += batch.size();
        }
        return new Progress(embedded, false);
    }

    private record Filled(MissingVector memory, float[] vector) {
    }
}
