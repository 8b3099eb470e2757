package dev.pmmemory.application.port.out;

import dev.pmmemory.domain.memory.MemoryType;
import java.util.List;
import java.util.Optional;

/**
 * A classifier outside the rules (an LLM endpoint, say), asked after them: the outbound port the
 * classifier adapters implement. The rules themselves are domain code, not a port.
 */
public interface Classifier {

    /**
     * @param message  the (redacted) feedback text
     * @param entities entities already extracted from the message
     * @return the memory type, or empty for "not mine to say"
     */
    Optional<MemoryType> classify(String message, List<String> entities);
}
