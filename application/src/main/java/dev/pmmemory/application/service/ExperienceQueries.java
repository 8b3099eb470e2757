package dev.pmmemory.application.service;

import dev.pmmemory.application.port.in.ListExperiences;
import dev.pmmemory.application.port.in.ListExperiencesQuery;
import dev.pmmemory.application.port.out.MemoryStore;
import dev.pmmemory.domain.experience.Experience;
import java.util.List;

/** Reads a profile's experiences back. Reads never write. */
public final class ExperienceQueries implements ListExperiences {
    private final MemoryStore store;

    public ExperienceQueries(MemoryStore store) {
        this.store = store;
    }

    @Override
    public List<Experience> list(ListExperiencesQuery q) {
        return store.read(tx -> tx.experiences().newestFirst(q.profileId(), q.limit()));
    }
}
