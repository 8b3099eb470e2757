package dev.pmmemory.adapters.rest.dto;

import dev.pmmemory.domain.experience.Experience;
import io.quarkus.runtime.annotations.RegisterForReflection;
import java.time.Instant;
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** An experience on the wire. A class, so that the recorded and the recalled forms can extend it. */
@RegisterForReflection
@Schema(name = "Experience")
public class ExperienceDto {
    public final String id;
    public final String profileId;
    public final String task;
    public final String outcome;
    public final String lesson;
    public final double importance;
    @Schema(description = "terms of task, outcome and lesson, entities included: what a query is matched on")
    public final List<String> keywords;
    public final Instant createdAt;

    public ExperienceDto(Experience e) {
        this.id = e.id();
        this.profileId = e.profileId();
        this.task = e.task();
        this.outcome = e.outcome();
        this.lesson = e.lesson();
        this.importance = e.importance();
        this.keywords = e.keywords();
        this.createdAt = e.createdAt();
    }
}
