package dev.pmmemory.adapters.rest.dto;

import dev.pmmemory.application.Validation;
import dev.pmmemory.application.port.in.RecordExperienceCommand;
import io.quarkus.runtime.annotations.RegisterForReflection;
import java.time.Instant;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * The body of POST experiences. Texts and created_at arrive as text and are read here, so that every bad
 * field is reported by its name at once.
 */
@RegisterForReflection
@Schema(name = "ExperienceRequest")
public record ExperienceRequest(
        @Schema(required = true, maxLength = 4000, description = "what the bot was asked to do in the round",
                examples = "推荐 OpenAI 老股跟投") String task,
        @Schema(required = true, maxLength = 200, description = "how the round ended, free text shown in the prompt block",
                examples = "PM 拒绝：估值太高") String outcome,
        @Schema(required = true, maxLength = 4000, description = "what to do differently next time",
                examples = "估值高的项目先给同赛道的对比估值") String lesson,
        @Schema(minimum = "0", maximum = "1", defaultValue = "0.5",
                description = "how much the lesson weighs in recall, in place of type_priority") Double importance,
        @Schema(description = "ISO-8601 with offset; default: when the service received it",
                examples = "2026-05-09T10:00:00Z") String createdAt) {

    /** The experience to record; every invalid field is named at once. */
    public RecordExperienceCommand toCommand(String profileId) {
        Validation v = new Validation();
        double weight = importance == null ? RecordExperienceCommand.DEFAULT_IMPORTANCE : importance;
        RecordExperienceCommand.check(v, profileId, task, outcome, lesson, weight);
        Instant at = v.optionalInstant("created_at", createdAt);
        v.check();
        return new RecordExperienceCommand(profileId, task, outcome, lesson, weight, at);
    }
}
