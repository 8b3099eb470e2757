package dev.pmmemory.application.port.in;

import dev.pmmemory.domain.experience.Experience;
import java.util.List;

/** A profile's recorded experiences, newest first. */
public interface ListExperiences {
    List<Experience> list(ListExperiencesQuery query);
}
