package dev.pmmemory.application.service;

import dev.pmmemory.application.port.in.AddFeedbackCommand;
import dev.pmmemory.application.model.Job;
import dev.pmmemory.application.port.in.JobReport;
import dev.pmmemory.application.port.in.AuditEvent;
import dev.pmmemory.application.model.AuditKind;
import dev.pmmemory.application.port.out.IdGenerator;
import dev.pmmemory.application.port.out.MemoryGroup;
import dev.pmmemory.application.port.out.MemoryStore;
import dev.pmmemory.application.port.out.Summarizer;
import dev.pmmemory.application.port.out.SummaryRequest;
import dev.pmmemory.domain.lexicon.Lexicon;
import dev.pmmemory.domain.memory.Lifetime;
import dev.pmmemory.domain.memory.Memory;
import dev.pmmemory.domain.memory.MemoryStatus;
import dev.pmmemory.domain.memory.MemoryType;
import dev.pmmemory.domain.memory.Source;
import dev.pmmemory.domain.text.TextNormalizer;
import java.lang.System.Logger.Level;
import java.time.Clock;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.TreeSet;

/**
 * The compact job (rules.md §5, summaries): per profile and low-priority type, when more than
 * {@code threshold} memories are expired or superseded and not yet folded, they are folded into
 * one {@code summary} memory linked to each of them ({@code summarized_by}); they stay stored and
 * readable until the purge removes them. A second run finds nothing left to fold.
 *
 * <p>Low priority: a classifiable type whose lexicon priority is at most {@code maxPriority}
 * (shipped lexicon, default 0.6: project_positive, market_info, temp_status). Decisions and
 * preferences are never folded, nor summaries themselves.
 *
 * <p>The summarizer (perhaps a model) runs outside the profile's write lock; under the lock the
 * group is read again, and if writes changed it meanwhile, the deterministic text of what is there
 * now is stored instead. A summarizer that throws or answers blank or too long text never fails
 * the job: the deterministic text is used.
 */
public final class MemoryCompaction {
    private static final System.Logger LOG = System.getLogger(MemoryCompaction.class.getName());

    private final MemoryStore store;
    private final Lexicon lexicon;
    private final Summarizer summarizer;
    private final FrequencySummarizer deterministic = new FrequencySummarizer();
    private final IdGenerator ids;
    private final Clock clock;
    private final int threshold;
    private final List<MemoryType> lowPriority;

    public MemoryCompaction(MemoryStore store, Lexicon lexicon, Summarizer summarizer, IdGenerator ids, Clock clock,
                            int threshold, double maxPriority) {
        this.store = Objects.requireNonNull(store);
        this.lexicon = Objects.requireNonNull(lexicon);
        this.summarizer = Objects.requireNonNull(summarizer);
        this.ids = Objects.requireNonNull(ids);
        this.clock = Objects.requireNonNull(clock);
        if (threshold < 1) {
            throw new IllegalArgumentException("threshold must be at least 1, was " + threshold);
        }
        this.threshold = threshold;
        this.lowPriority = lowPriorityTypes(lexicon, maxPriority);
    }

    /** The types the job folds: classifiable, lexicon priority at most {@code maxPriority}. */
    public static List<MemoryType> lowPriorityTypes(Lexicon lexicon, double maxPriority) {
        return Arrays.stream(MemoryType.values())
                .filter(MemoryType::classifiable)
                .filter(t -> lexicon.ruleFor(t).priority() <= maxPriority)
                .toList();
    }

    public List<MemoryType> lowPriorityTypes() {
        return lowPriority;
    }

    public JobReport run() {
        Instant now = clock.instant();
        List<MemoryGroup> groups = lowPriority.isEmpty() ? List.of()
                : store.read(tx -> tx.memories().findCompactionGroups(lowPriority, now, threshold));
        TreeSet<String> profiles = new TreeSet<>();
        long changed = 0;
        for (MemoryGroup group : groups) {
            profiles.add(group.profileId());
            changed += fold(group, now);
        }
        return new JobReport(Job.COMPACT, profiles.size(), changed, clock.millis() - now.toEpochMilli());
    }

    /** Folds the group into one summary; returns how many memories it folded (0: nothing to do). */
    private int fold(MemoryGroup group, Instant now) {
        List<Memory> seen = store.read(tx -> tx.memories().findCompactable(group.profileId(), group.type(), now));
        if (seen.size() <= threshold) {
            return 0;
        }
        String text = summaryText(new SummaryRequest(group.profileId(), group.type(), seen));
        return store.write(group.profileId(), tx -> {
            List<Memory> members = tx.memories().findCompactable(group.profileId(), group.type(), now);
            if (members.size() <= threshold) {
                return 0; // another run folded them, or writes changed them meanwhile
            }
            SummaryRequest request = new SummaryRequest(group.profileId(), group.type(), members);
            String content = sameIds(members, seen) ? text : deterministic.summarize(request);
            Memory summary = summary(request, content, now);
            tx.memories().insert(summary);
            int folded = tx.memories().markSummarized(group.profileId(), members.stream().map(Memory::id).toList(),
                    summary.id());
            tx.auditTrail().record(new AuditEvent(ids.newId(), group.profileId(), summary.id(), null,
                    AuditKind.MEMORY_SUMMARIZED, "count=" + folded + " type=" + group.type().wireName(), now));
            return folded;
        });
    }

    /** The summarizer's text, or the deterministic one when it fails, is blank or too long. */
    private String summaryText(SummaryRequest request) {
        try {
            String text = summarizer.summarize(request);
            if (text != null && !text.isBlank()
                    && text.strip().codePointCount(0, text.strip().length()) <= AddFeedbackCommand.MAX_MESSAGE_CODE_POINTS) {
                return text.strip();
            }
            LOG.log(Level.WARNING, "summarizer answered blank or too long text; the deterministic summary is used");
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, "summarizer failed (" + e.getClass().getSimpleName()
                    + "); the deterministic summary is used");
        }
        return deterministic.summarize(request);
    }

    private Memory summary(SummaryRequest request, String content, Instant now) {
        SummaryFigures facts = SummaryFigures.of(request);
        return new Memory.Builder()
                .id(ids.newId())
                .profileId(request.profileId())
                .type(MemoryType.SUMMARY)
                .content(content)
                .normalizedContent(TextNormalizer.normalise(content))
                // recall finds a summary by what recurs in it
                .entities(facts.entities().stream().map(SummaryFigures.Frequency::name).toList())
                .keywords(facts.terms().stream().map(SummaryFigures.Frequency::name).toList())
                .weight(1)
                .status(MemoryStatus.ACTIVE)
                .source(Source.BOT)
                .createdAt(now)
                .lastSeenAt(now)
                .expiresAt(Lifetime.expiresAt(now, lexicon.ruleFor(MemoryType.SUMMARY).ttl()))
                .validFrom(now)
                .build();
    }

    private static boolean sameIds(List<Memory> a, List<Memory> b) {
        return a.stream().map(Memory::id).toList().equals(b.stream().map(Memory::id).toList());
    }
}
