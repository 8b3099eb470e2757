package dev.pmmemory.application.port.in;

import dev.pmmemory.domain.experience.Experience;
import java.util.List;

/**
 * @param experience as stored (redacted text, keywords)
 * @param redactions kinds of secret removed before storing, e.g. "api_key", over all three texts
 */
public record ExperienceResult(Experience experience, List<String> redactions) {
    public ExperienceResult {
        redactions = List.copyOf(redactions);
    }
}
