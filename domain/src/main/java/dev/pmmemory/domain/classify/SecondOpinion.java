package dev.pmmemory.domain.classify;

import dev.pmmemory.domain.memory.MemoryType;
import java.util.List;
import java.util.Optional;

/**
 * A second opinion on the rules' type: the rules were written from a few writers'
 * phrasing and are often sure and wrong on a new writer's; a model trained on more phrasing may be far
 * surer of another type, "no memory" included, and then its answer is taken instead.
 */
@FunctionalInterface
public interface SecondOpinion {

    /**
     * @param message  the (redacted) feedback text
     * @param entities entities already extracted from the message
     * @param rules    the type the rules gave it
     * @return the classification to take instead (a type, or none), or empty when the rules' type stands
     */
    Optional<Classification> overrule(String message, List<String> entities, MemoryType rules);
}
