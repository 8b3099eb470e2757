package dev.pmmemory.application.testing;

import dev.pmmemory.domain.lexicon.TextAnalyzers;
import dev.pmmemory.application.port.in.AddFeedbackCommand;
import dev.pmmemory.application.port.in.RecallContextQuery;
import dev.pmmemory.application.port.out.IdGenerator;
import dev.pmmemory.application.port.out.MemoryStore;
import dev.pmmemory.application.service.ContextRecall;
import dev.pmmemory.application.service.ExperienceIntake;
import dev.pmmemory.application.service.FactBook;
import dev.pmmemory.application.service.FeedbackIntake;
import dev.pmmemory.application.service.HistoryQueries;
import dev.pmmemory.application.service.MemoryCorrections;
import dev.pmmemory.application.service.MemoryQueries;
import dev.pmmemory.domain.classify.ClassifierChain;
import dev.pmmemory.domain.lexicon.Lexicon;
import dev.pmmemory.domain.classify.RuleClassifier;
import dev.pmmemory.domain.memory.MemoryType;
import dev.pmmemory.domain.memory.Source;
import dev.pmmemory.domain.privacy.Redactor;
import dev.pmmemory.domain.text.TextAnalyzer;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Set;
import java.util.UUID;

/** The use cases wired as in production (default lexicon, rules only, real redactor) on a given store. */
public final class UseCases {
    public static final Lexicon LEXICON = Lexicon.loadDefault();
    public static final TextAnalyzer ANALYZER = TextAnalyzers.from(LEXICON);
    public static final IdGenerator UUIDS = () -> UUID.randomUUID().toString();

    private UseCases() {
    }

    public static FeedbackIntake feedbackIntake(MemoryStore store, Clock clock) {
        return feedbackIntake(store, clock, UUIDS);
    }

    public static FeedbackIntake feedbackIntake(MemoryStore store, Clock clock, IdGenerator ids) {
        return new FeedbackIntake(store, new ClassifierChain(List.of(new RuleClassifier(LEXICON))), LEXICON,
                ANALYZER, new Redactor(), ids, clock);
    }

    public static ExperienceIntake experienceIntake(MemoryStore store, Clock clock) {
        return new ExperienceIntake(store, ANALYZER, new Redactor(), UUIDS, clock);
    }

    public static MemoryCorrections memoryCorrections(MemoryStore store, Clock clock) {
        return new MemoryCorrections(store, LEXICON, ANALYZER, new Redactor(), UUIDS, clock);
    }

    public static HistoryQueries historyQueries(MemoryStore store, Clock clock) {
        return new HistoryQueries(store, LEXICON, clock);
    }

    public static MemoryQueries memoryQueries(MemoryStore store, Clock clock) {
        return new MemoryQueries(store, LEXICON, clock);
    }

    public static FactBook factBook(MemoryStore store, Clock clock) {
        return new FactBook(store, new Redactor(), UUIDS, clock);
    }

    public static ContextRecall contextRecall(MemoryStore store, Clock clock) {
        return new ContextRecall(store, LEXICON, ANALYZER, clock);
    }

    /** An explicit feedback message said at {@code createdAt}, without session or message id. */
    public static AddFeedbackCommand feedback(String profileId, String message, Instant createdAt) {
        return new AddFeedbackCommand(profileId, message, createdAt, null, null, Source.EXPLICIT);
    }

    public static AddFeedbackCommand feedback(String profileId, String message, Instant createdAt, Source source) {
        return new AddFeedbackCommand(profileId, message, createdAt, null, null, source);
    }

    public static AddFeedbackCommand feedbackWithId(String profileId, String message, Instant createdAt,
                                                    String messageId) {
        return new AddFeedbackCommand(profileId, message, createdAt, null, messageId, Source.EXPLICIT);
    }

    public static RecallContextQuery context(String profileId, String query, int limit, Instant asOf,
                                             MemoryType... types) {
        return new RecallContextQuery(profileId, query, limit, asOf, Set.of(types), null);
    }
}
