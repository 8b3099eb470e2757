package dev.pmmemory.application.service;

import dev.pmmemory.application.port.in.ExperienceResult;
import dev.pmmemory.application.port.in.RecordExperience;
import dev.pmmemory.application.port.in.RecordExperienceCommand;
import dev.pmmemory.application.port.out.IdGenerator;
import dev.pmmemory.application.port.out.MemoryStore;
import dev.pmmemory.domain.experience.Experience;
import dev.pmmemory.domain.privacy.Redaction;
import dev.pmmemory.domain.privacy.Redactor;
import dev.pmmemory.domain.privacy.SecretKind;
import dev.pmmemory.domain.text.TextAnalyzer;
import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Records the lesson of a finished recommendation round (rules.md §10): every text redacted,
 * keywords taken from task, outcome and lesson together, stored in one write.
 */
public final class ExperienceIntake implements RecordExperience {
    private final MemoryStore store;
    private final TextAnalyzer analyzer;
    private final Redactor redactor;
    private final IdGenerator ids;
    private final Clock clock;

    public ExperienceIntake(MemoryStore store, TextAnalyzer analyzer, Redactor redactor, IdGenerator ids,
                            Clock clock) {
        this.store = store;
        this.analyzer = analyzer;
        this.redactor = redactor;
        this.ids = ids;
        this.clock = clock;
    }

    @Override
    public ExperienceResult record(RecordExperienceCommand cmd) {
        Instant receivedAt = clock.instant().truncatedTo(ChronoUnit.MILLIS);
        Set<SecretKind> kinds = new LinkedHashSet<>();
        // Nothing unredacted goes further than these lines: analysis and storage see the redacted text.
        String task = redacted(cmd.task(), kinds);
        String outcome = redacted(cmd.outcome(), kinds);
        String lesson = redacted(cmd.lesson(), kinds);
        // one line per text, so no term runs across two of them
        List<String> keywords = analyzer.analyze(task + "\n" + outcome + "\n" + lesson).keywords();
        Experience experience = new Experience(ids.newId(), cmd.profileId(), task, outcome, lesson, cmd.importance(),
                keywords, cmd.createdAt() != null ? cmd.createdAt() : receivedAt);
        store.write(cmd.profileId(), tx -> {
            tx.experiences().insert(experience);
            return null;
        });
        return new ExperienceResult(experience, kinds.stream().map(SecretKind::wireName).toList());
    }

    private String redacted(String text, Set<SecretKind> kinds) {
        Redaction redaction = redactor.redact(text);
        kinds.addAll(redaction.kinds());
        return redaction.text();
    }
}
