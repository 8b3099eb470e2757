package dev.pmmemory.application.port.in;

/** Keeps the lesson of a finished recommendation round, to be recalled when relevant (rules.md §10). */
public interface RecordExperience {
    ExperienceResult record(RecordExperienceCommand command);
}
