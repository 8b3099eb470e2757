package dev.pmmemory.application.service;

import dev.pmmemory.application.port.in.ChangedFields;
import dev.pmmemory.application.Validation;
import dev.pmmemory.application.port.in.AddFeedback;
import dev.pmmemory.application.port.in.AddFeedbackCommand;
import dev.pmmemory.application.port.in.FeedbackResult;
import dev.pmmemory.application.port.in.AuditEvent;
import dev.pmmemory.application.model.AuditKind;
import dev.pmmemory.application.port.out.Embeddings;
import dev.pmmemory.application.model.FeedbackOutcome;
import dev.pmmemory.application.port.out.IdGenerator;
import dev.pmmemory.application.port.out.MemoryStore;
import dev.pmmemory.application.port.out.MemoryStore.StoreTransaction;
import dev.pmmemory.application.port.in.RawMessage;
import dev.pmmemory.domain.classify.Classifier;
import dev.pmmemory.domain.lexicon.Lexicon;
import dev.pmmemory.domain.evolution.ConflictResolver;
import dev.pmmemory.domain.evolution.Deduplicator;
import dev.pmmemory.domain.evolution.MemoryDraft;
import dev.pmmemory.domain.evolution.RepeatSplit;
import dev.pmmemory.domain.evolution.Resolution;
import dev.pmmemory.domain.evolution.Supersession;
import dev.pmmemory.domain.memory.Lifetime;
import dev.pmmemory.domain.memory.Memory;
import dev.pmmemory.domain.memory.MemoryStatus;
import dev.pmmemory.domain.memory.PendingReason;
import dev.pmmemory.domain.classify.Classification;
import dev.pmmemory.domain.memory.MemoryType;
import dev.pmmemory.domain.privacy.Redaction;
import dev.pmmemory.domain.privacy.Redactor;
import dev.pmmemory.domain.privacy.SecretKind;
import dev.pmmemory.domain.text.TextAnalyzer;
import dev.pmmemory.domain.text.TextAnalyzer.Analysis;
import dev.pmmemory.domain.text.TextNormalizer;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.function.BiConsumer;

/**
 * The write path of rules.md §3: redact, keep the raw message, classify, extract, dedup,
 * resolve conflicts, insert. Everything one message changes is written in one transaction.
 */
public final class FeedbackIntake implements AddFeedback {
    private final MemoryStore store;
    private final Classifier classifier;
    private final Lexicon lexicon;
    private final TextAnalyzer analyzer;
    private final Redactor redactor;
    private final IdGenerator ids;
    private final Clock clock;
    private final MemoryViews views;
    private final PastStates pastStates;
    private final DecisionRederivation rederivation;
    private final Deduplicator deduplicator = new Deduplicator();
    private final ConflictResolver conflicts = new ConflictResolver();
    private final Optional<Embeddings> embeddings;
    /** Concurrent single adds of one write lane share a transaction (see {@link GroupCommit}). */
    private final GroupCommit<Prepared, FeedbackResult> groupCommit;

    public FeedbackIntake(MemoryStore store, Classifier classifier, Lexicon lexicon, TextAnalyzer analyzer,
                          Redactor redactor, IdGenerator ids, Clock clock) {
        this(store, classifier, lexicon, analyzer, redactor, ids, clock, Optional.empty());
    }

    /** @param embeddings when present (semantic recall on), a new memory's vector is stored beside it */
    public FeedbackIntake(MemoryStore store, Classifier classifier, Lexicon lexicon, TextAnalyzer analyzer,
                          Redactor redactor, IdGenerator ids, Clock clock, Optional<Embeddings> embeddings) {
        this.embeddings = java.util.Objects.requireNonNull(embeddings, "embeddings");
        this.store = store;
        this.classifier = classifier;
        this.lexicon = lexicon;
        this.analyzer = analyzer;
        this.redactor = redactor;
        this.ids = ids;
        this.clock = clock;
        this.views = new MemoryViews(lexicon);
        this.pastStates = new PastStates(lexicon);
        this.rederivation = new DecisionRederivation(lexicon, ids, embeddings);
        this.groupCommit = new GroupCommit<>(MAX_GROUP_COMMIT,
                (lane, items) -> store.writeAll(profilesOf(items), tx -> items.stream().map(p -> apply(tx, p)).toList()),
                (lane, item) -> store.write(item.cmd().profileId(), tx -> apply(tx, item)));
    }

    /**
     * The most concurrent single adds one commit holds: enough to absorb every request thread of a
     * busy instance, few enough that one transaction stays short (the PostgreSQL advisory lock, SQLite's
     * single writer) and the first caller of a group is not kept waiting long.
     */
    static final int MAX_GROUP_COMMIT = 64;

    /**
     * Prepared on the caller's thread (no lock held), then written by group commit: adds of one write
     * lane (a profile; on SQLite every profile) arriving while another is being written share the next
     * transaction, applied in arrival order exactly as if each had its own; the result is returned once
     * that transaction has committed.
     */
    @Override
    public FeedbackResult add(AddFeedbackCommand cmd) {
        Prepared prepared = prepare(cmd);
        return groupCommit.submit(store.writeLane(cmd.profileId()), prepared);
    }

    /**
     * One message's add and {@code alongside} in one transaction: both commit or neither, so what
     * {@code alongside} writes about the result (a team decision's author) is never missing from it.
     * Outside group commit: such adds are rare and must not make a group's commit fail with them.
     */
    public FeedbackResult addAlong(AddFeedbackCommand cmd, BiConsumer<StoreTransaction, FeedbackResult> alongside) {
        Prepared prepared = prepare(cmd);
        return store.write(cmd.profileId(), tx -> {
            FeedbackResult result = apply(tx, prepared);
            alongside.accept(tx, result);
            return result;
        });
    }

    /** The profiles a group's transaction writes, each once. */
    private static Set<String> profilesOf(List<Prepared> items) {
        Set<String> profiles = new LinkedHashSet<>();
        items.forEach(p -> profiles.add(p.cmd().profileId()));
        return profiles;
    }

    /**
     * One write transaction for the whole batch (one lock, one commit instead of one per message);
     * each message goes through the same {@link #apply} as a single add, so later ones see earlier ones.
     */
    @Override
    public List<FeedbackResult> addAll(String profileId, List<AddFeedbackCommand> commands) {
        Validation v = new Validation();
        v.profileId("profile_id", profileId);
        if (commands == null || commands.isEmpty() || commands.size() > MAX_BATCH_ITEMS) {
            v.fail("items", "must hold 1 to " + MAX_BATCH_ITEMS + " items");
        } else if (commands.stream().anyMatch(c -> !c.profileId().equals(profileId))) {
            v.fail("items", "must all belong to profile " + profileId);
        }
        v.check();
        List<Prepared> prepared = commands.stream().map(this::prepare).toList();
        return store.write(profileId, tx -> prepared.stream().map(p -> apply(tx, p)).toList());
    }

    /** A message ready to store, with everything that needs no lock computed (redaction, classification, vector). */
    private record Prepared(AddFeedbackCommand cmd, Instant receivedAt, Instant createdAt, String text,
                            List<String> redactions, Analysis analysis, Optional<MemoryType> type,
                            Optional<float[]> vector, String normalizedText, Optional<Duration> ttl,
                            List<MemoryType> alternatives) {
    }

    private Prepared prepare(AddFeedbackCommand cmd) {
        Instant receivedAt = clock.instant().truncatedTo(ChronoUnit.MILLIS);
        Instant createdAt = cmd.createdAt() != null ? cmd.createdAt() : receivedAt;
        // Nothing unredacted goes further than this line: classification and storage see the redacted text.
        Redaction redaction = redactor.redact(cmd.message());
        String text = redaction.text();
        List<String> redactions = redaction.kinds().stream().map(SecretKind::wireName).toList();
        Analysis analysis = analyzer.analyze(text);
        // A type the caller chose (the console's "teach") replaces the classifier chain, model included.
        Classification answer = cmd.type() != null
                ? Classification.of(Optional.of(cmd.type()))
                : classifier.classification(text, analysis.entities());
        Optional<MemoryType> type = answer.type();
        // The model runs before the transaction: the profile's write lock is never held while it computes.
        Optional<float[]> vector = type.isPresent()
                ? embeddings.map(e -> e.embed(text))
                : Optional.empty();
        // pure functions of the message and the lexicon: computed here, not under the store's write lock
        String normalized = type.isPresent() ? TextNormalizer.normalise(text) : null;
        Optional<Duration> ttl = type.isPresent() ? lexicon.ruleFor(type.get()).ttl() : Optional.empty();
        return new Prepared(cmd, receivedAt, createdAt, text, redactions, analysis, type, vector, normalized, ttl,
                answer.alternatives());
    }

    /**
     * Everything one message changes, inside the caller's transaction, and the author's teams when a team's
     * consensus counts the memory: read here, in the transaction the add holds anyway, rather than in one of its
     * own after the commit (on PostgreSQL a transaction of its own was a third of what an add cost beyond the
     * old store's).
     */
    private FeedbackResult apply(StoreTransaction tx, Prepared p) {
        FeedbackResult result = applyMessage(tx, p);
        boolean counted = result.memory().map(v -> TeamConsensus.counts(v.memory())).orElse(false);
        return counted ? result.withAuthorTeams(tx.teams().teamsOf(p.cmd().profileId())) : result;
    }

    private FeedbackResult applyMessage(StoreTransaction tx, Prepared p) {
        AddFeedbackCommand cmd = p.cmd();
        Instant receivedAt = p.receivedAt();
        Instant createdAt = p.createdAt();
        String text = p.text();
        List<String> redactions = p.redactions();
        Analysis analysis = p.analysis();
        Optional<MemoryType> type = p.type();
        Optional<float[]> vector = p.vector();
        if (cmd.messageId() != null) {
            Optional<RawMessage> earlier = tx.rawMessages().findByMessageId(cmd.profileId(), cmd.messageId());
            if (earlier.isPresent()) {
                return replay(tx, earlier.get(), receivedAt);
            }
        }
        String rawId = ids.newId();
        Attribution by = new Attribution(cmd.actor(), cmd.agent());
        if (type.isEmpty()) {
            tx.rawMessages().append(raw(cmd, rawId, text, createdAt, receivedAt, FeedbackOutcome.UNCLASSIFIED,
                    null, List.of(), redactions));
            audit(tx, by, cmd.profileId(), null, rawId, AuditKind.MESSAGE_UNCLASSIFIED, "no type matched", receivedAt);
            return new FeedbackResult(rawId, FeedbackOutcome.UNCLASSIFIED, Optional.empty(), List.of(), redactions);
        }
        MemoryDraft draft = new MemoryDraft(rawId, cmd.profileId(), type.get(), text,
                p.normalizedText(), analysis.entities(), analysis.keywords(), cmd.source(),
                cmd.sessionId(), createdAt, p.ttl());
        if (!p.alternatives().isEmpty()) {
            return hold(tx, by, cmd, draft, p.alternatives(), receivedAt, redactions, vector);
        }
        RawFiling filing = (outcome, memoryId, changedIds) -> tx.rawMessages().append(raw(cmd, rawId, text,
                createdAt, receivedAt, outcome, memoryId, changedIds, redactions));
        FeedbackResult filed = file(tx, by, draft, receivedAt, filing, typeGiven(cmd), redactions, vector);
        if (!rederivation.isLate(tx, draft)) {
            return filed;
        }
        // a late decision: what it changed in the history said after it is derived again in time order
        return rederivation.rederive(tx, draft, receivedAt).map(r -> {
            List<String> changed = new ArrayList<>(filed.superseded());
            r.changedIds().stream().filter(id -> !id.equals(r.memory().id()) && !changed.contains(id))
                    .forEach(changed::add);
            FeedbackOutcome outcome = r.memory().status() == MemoryStatus.PENDING ? FeedbackOutcome.PENDING
                    : r.memory().weight() > 1 ? FeedbackOutcome.DEDUPLICATED : FeedbackOutcome.CREATED;
            return new FeedbackResult(filed.rawMessageId(), outcome, Optional.of(views.at(r.memory(), receivedAt)),
                    changed, redactions);
        }).orElse(filed);
    }

    /** Where a classified message's raw record goes once its memory is known. */
    @FunctionalInterface
    private interface RawFiling {
        void filed(FeedbackOutcome outcome, String memoryId, List<String> changedIds);
    }

    /**
     * Dedup, conflicts and insert of one classified message (rules.md §3 steps 5-7); {@code note} ends the
     * audit detail of the memory it creates or reinforces; every event it records is attributed to {@code by}.
     */
    private FeedbackResult file(StoreTransaction tx, Attribution by, MemoryDraft draft, Instant receivedAt,
                                RawFiling filing, String note, List<String> redactions, Optional<float[]> vector) {
        // Candidates are chosen by time, not by stored status: a memory that had expired when
        // this was said is not revived (rules.md §3 step 5, §5).
        Optional<Memory> duplicate = Deduplicator.target(tx.memories().findDuplicatesVisibleDuring(
                draft.profileId(), draft.type(), draft.normalizedContent(), draft.createdAt(),
                Lifetime.expiresAt(draft.createdAt(), draft.ttl())), draft);
        if (duplicate.isPresent() && startsLater(duplicate.get(), draft)
                && !ConflictResolver.mayMoveStartBack(duplicate.get(), draft.source(), draft.createdAt(),
                        oppositesVisibleDuring(tx, duplicate.get(), draft.createdAt(), duplicate.get().validFrom()))) {
            // in time order this late repeat was a memory of its own, taken over (or held) by an opposite decision
            duplicate = Optional.empty();
        }
        if (duplicate.isPresent()) {
            Memory merged = deduplicator.merge(duplicate.get(), draft, receivedAt);
            Resolution reResolved = startsLater(duplicate.get(), draft)
                    ? conflicts.takeOverFromNewStart(merged,
                            oppositesVisibleDuring(tx, merged, merged.validFrom(), duplicate.get().validFrom()))
                    : new Resolution(merged, List.of(), List.of());
            String rawId = draft.rawMessageId();
            filing.filed(FeedbackOutcome.DEDUPLICATED, merged.id(), reResolved.changedIds());
            merged = foldBridgedRepeats(tx, by, merged, draft, rawId, receivedAt);
            tx.memories().update(merged);
            audit(tx, by, draft.profileId(), merged.id(), rawId, AuditKind.MEMORY_REINFORCED,
                    "weight=" + merged.weight() + note, receivedAt);
            recordTakeovers(tx, by, merged.profileId(), reResolved, rawId, receivedAt);
            return new FeedbackResult(rawId, FeedbackOutcome.DEDUPLICATED,
                    Optional.of(views.at(merged, receivedAt)), reResolved.changedIds(), redactions);
        }
        return insert(tx, by, draft, receivedAt, filing, note, redactions, vector);
    }

    /**
     * A late repeat that carried {@code merged}'s expiry past the start of another memory of its key
     * joins the two (Deduplicator.fold), so that at no instant two memories of one key are visible and
     * the result does not depend on arrival order.
     */
    private Memory foldBridgedRepeats(StoreTransaction tx, Attribution by, Memory merged, MemoryDraft draft,
                                      String rawId, Instant receivedAt) {
        Memory kept = merged;
        boolean foldedOne = true;
        while (foldedOne) {
            foldedOne = false;
            for (Memory other : tx.memories().findDuplicatesVisibleDuring(kept.profileId(), kept.type(),
                    kept.normalizedContent(), kept.validFrom(), kept.expiresAt())) {
                if (Deduplicator.canFold(kept, other)
                        && tx.memories().findSupersededBy(other.profileId(), other.id()).isEmpty()) {
                    Deduplicator.Fold fold = deduplicator.fold(kept, other, draft.ttl(), receivedAt);
                    tx.memories().update(fold.retired());
                    audit(tx, by, kept.profileId(), other.id(), rawId, AuditKind.MEMORY_FOLDED,
                            "into=" + kept.id() + " weight=" + other.weight(), receivedAt);
                    kept = fold.kept();
                    foldedOne = true;
                    break;
                }
            }
        }
        return kept;
    }

    /**
     * A message whose sign the chain was unsure of (docs/rules.md, "Holding an uncertain sign"): stored pending with reason uncertain_type
     * and the types it may be instead. It takes part in no dedup or conflict until a person confirms it (and
     * picks its type); then it resolves against the opposite decisions as any confirmed memory does.
     */
    private FeedbackResult hold(StoreTransaction tx, Attribution by, AddFeedbackCommand cmd, MemoryDraft draft,
                                List<MemoryType> alternatives, Instant receivedAt, List<String> redactions,
                                Optional<float[]> vector) {
        Memory held = newMemory(draft, MemoryStatus.PENDING)
                .pendingReason(PendingReason.UNCERTAIN_TYPE)
                .alternatives(alternatives)
                .build();
        tx.rawMessages().append(raw(cmd, draft.rawMessageId(), draft.content(), draft.createdAt(), receivedAt,
                FeedbackOutcome.PENDING, held.id(), List.of(), redactions));
        tx.memories().insert(held);
        if (vector.isPresent()) {
            tx.vectors().put(held.profileId(), held.id(), embeddings.orElseThrow().model(), vector.get());
        }
        audit(tx, by, held.profileId(), held.id(), draft.rawMessageId(), AuditKind.MEMORY_PENDING,
                "type=" + held.type().wireName() + " source=" + held.source().wireName() + " uncertain_type alternatives="
                        + String.join(",", alternatives.stream().map(MemoryType::wireName).toList()), receivedAt);
        return new FeedbackResult(draft.rawMessageId(), FeedbackOutcome.PENDING, Optional.of(views.at(held, receivedAt)),
                List.of(), redactions);
    }

    /** A new memory of one message, as the draft says, first seen when it was said. */
    private Memory.Builder newMemory(MemoryDraft draft, MemoryStatus status) {
        return new Memory.Builder()
                .id(ids.newId())
                .profileId(draft.profileId())
                .type(draft.type())
                .content(draft.content())
                .normalizedContent(draft.normalizedContent())
                .entities(draft.entities())
                .keywords(draft.keywords())
                .status(status)
                .source(draft.source())
                .sessionId(draft.sessionId())
                .createdAt(draft.createdAt())
                .lastSeenAt(draft.createdAt())
                .expiresAt(Lifetime.expiresAt(draft.createdAt(), draft.ttl()))
                .sourceMessageIds(List.of(draft.rawMessageId()));
    }

    private FeedbackResult insert(StoreTransaction tx, Attribution by, MemoryDraft draft, Instant receivedAt,
                                  RawFiling filing, String note, List<String> redactions, Optional<float[]> vector) {
        Memory fresh = newMemory(draft, MemoryStatus.ACTIVE).weight(1).validFrom(draft.createdAt()).build();
        List<Memory> opposites = ConflictResolver.oppositeDecision(fresh.type())
                .filter(t -> !fresh.entities().isEmpty())
                .map(t -> tx.memories().findByEntitiesVisibleDuring(fresh.profileId(), t, fresh.entityKeys(),
                        fresh.createdAt(), fresh.expiresAt()))
                .orElse(List.of());
        // a repeated decision this late one was said inside the span of is cut at it (RepeatSplit)
        List<RepeatSplit.Cut> allCuts = cutsBy(tx, fresh, opposites);
        Resolution resolution = resolveAgainst(tx, fresh, opposites, allCuts);
        if (!allCuts.isEmpty() && resolution.incoming().status() == MemoryStatus.PENDING) {
            // held pending by another decision, in time order it took nothing over and cut nothing
            allCuts = List.of();
            resolution = resolveAgainst(tx, fresh, opposites, allCuts);
        }
        List<RepeatSplit.Cut> cuts = allCuts.stream().filter(c -> !c.laterIds().isEmpty()).toList();
        Memory stored = resolution.incoming();
        FeedbackOutcome outcome = stored.status() == MemoryStatus.PENDING
                ? FeedbackOutcome.PENDING : FeedbackOutcome.CREATED;

        filing.filed(outcome, stored.id(), resolution.changedIds());
        tx.memories().insert(stored);
        if (vector.isPresent()) {
            tx.vectors().put(stored.profileId(), stored.id(), embeddings.orElseThrow().model(), vector.get());
        }
        audit(tx, by, stored.profileId(), stored.id(), draft.rawMessageId(),
                outcome == FeedbackOutcome.PENDING ? AuditKind.MEMORY_PENDING : AuditKind.MEMORY_CREATED,
                "type=" + stored.type().wireName() + " source=" + stored.source().wireName() + note,
                receivedAt);
        recordTakeovers(tx, by, stored.profileId(), resolution, draft.rawMessageId(), receivedAt);
        for (RepeatSplit.Cut cut : cuts) {
            fileLaterMentionsAgain(tx, by, opposites.stream().filter(o -> o.id().equals(cut.before().id())).findFirst()
                    .orElseThrow(), cut, stored, draft.rawMessageId(), receivedAt);
        }
        if (!cuts.isEmpty()) { // a later mention filed again may have taken this one over
            stored = tx.memories().findById(stored.profileId(), stored.id()).orElse(stored);
        }
        return new FeedbackResult(draft.rawMessageId(), outcome, Optional.of(views.at(stored, receivedAt)),
                resolution.changedIds(), redactions);
    }

    /** {@code fresh} resolved against {@code opposites}, those in {@code allCuts} as cut. */
    private Resolution resolveAgainst(StoreTransaction tx, Memory fresh, List<Memory> opposites,
                                      List<RepeatSplit.Cut> allCuts) {
        List<Memory> asCut = opposites.stream().map(o -> allCuts.stream().map(RepeatSplit.Cut::before)
                .filter(c -> c.id().equals(o.id())).findFirst().orElse(o)).toList();
        // a late message meets the opposite decisions with the entities they held back then
        return keepLaterMentions(conflicts.resolve(fresh, asCut, (o, at) -> pastStates
                .at(tx, o.profileId(), o, at).map(Memory::liveEntityKeys).orElse(Set.of())), allCuts, opposites);
    }

    /**
     * The repeated decisions late decision {@code late} cuts (RepeatSplit): visible when it was said and
     * mentioned again after it, expiry as their TTL gives it, and none of them took another memory over
     * after it was said (that takeover would have to be re-decided too: such a memory is left whole).
     */
    private List<RepeatSplit.Cut> cutsBy(StoreTransaction tx, Memory late, List<Memory> opposites) {
        List<RepeatSplit.Cut> cuts = new ArrayList<>();
        Instant said = late.createdAt();
        for (Memory o : opposites) {
            if (!RepeatSplit.spans(late, o)) {
                continue; // an in-order add: no past state to derive (it reads raw messages and audit events)
            }
            Optional<Duration> ttl = lexicon.ruleFor(o.type()).ttl();
            Set<String> heldWhenSaid = pastStates.at(tx, o.profileId(), o, said).map(Memory::liveEntityKeys)
                    .orElse(Set.of());
            boolean whole = RepeatSplit.cuts(late, o, heldWhenSaid);
            if (!whole && !RepeatSplit.takesSomeOver(late, o, heldWhenSaid)
                    || !Objects.equals(o.expiresAt(), Lifetime.expiresAt(o.lastSeenAt(), ttl))
                    || tx.memories().findSupersededBy(o.profileId(), o.id()).stream()
                            .anyMatch(w -> w.validUntil() == null || w.validUntil().isAfter(said))) {
                continue;
            }
            Map<String, RepeatSplit.Mention> mentions = new HashMap<>();
            for (RawMessage r : tx.rawMessages().findByIds(o.profileId(), o.sourceMessageIds())) {
                mentions.put(r.id(), new RepeatSplit.Mention(r.createdAt(), r.source()));
            }
            // taking some entities over, it meets the part said by then, and the memory keeps its later mentions
            RepeatSplit.cut(late, o, mentions, ttl)
                    .map(c -> whole ? c : new RepeatSplit.Cut(c.before(), List.of()))
                    .ifPresent(cuts::add);
        }
        return cuts;
    }

    /**
     * A repeated memory {@code late} took some entities over from (a cut with nothing to file again) is
     * stored whole, mentions, weight and times as they were, with only those entities given up.
     */
    private static Resolution keepLaterMentions(Resolution resolution, List<RepeatSplit.Cut> cuts,
                                                List<Memory> opposites) {
        List<String> partly = cuts.stream().filter(c -> c.laterIds().isEmpty()).map(c -> c.before().id()).toList();
        if (partly.isEmpty()) {
            return resolution;
        }
        List<Memory> changed = resolution.changed().stream().map(c -> !partly.contains(c.id()) ? c
                : opposites.stream().filter(o -> o.id().equals(c.id())).findFirst().orElseThrow().toBuilder()
                        .supersededEntityKeys(c.supersededEntityKeys()).build()).toList();
        return new Resolution(resolution.incoming(), changed, resolution.supersessions());
    }

    /**
     * The mentions of {@code whole} said after the late decision {@code byId} are filed again, oldest first,
     * as if they had just arrived (in time order they found no visible memory of their key and started a
     * new one); each raw message moves to the memory it now belongs to. Audited on the cut memory as
     * {@code memory_split}, with its weight, last seen and expiry before and after.
     */
    private void fileLaterMentionsAgain(StoreTransaction tx, Attribution by, Memory whole, RepeatSplit.Cut cut,
                                        Memory late, String rawId, Instant receivedAt) {
        tx.auditTrail().record(new AuditEvent(ids.newId(), whole.profileId(), whole.id(), rawId, AuditKind.MEMORY_SPLIT,
                "by=" + late.id() + " at=" + late.createdAt() + " moved=" + String.join(",", cut.laterIds()),
                receivedAt, by.actor(), splitState(whole).json(), splitState(cut.before()).json(), by.agent()));
        Optional<float[]> vector = embeddings.flatMap(e -> Optional.ofNullable(
                tx.vectors().find(whole.profileId(), e.model(), List.of(whole.id())).get(whole.id())));
        String p = whole.profileId();
        for (RawMessage r : tx.rawMessages().findByIds(p, cut.laterIds())) {
            // the memory's own content and analysis: a correction may have changed it since the message came
            MemoryDraft again = new MemoryDraft(r.id(), p, whole.type(), whole.content(), whole.normalizedContent(),
                    whole.entities(), whole.keywords(), r.source(), r.sessionId(), r.createdAt(),
                    lexicon.ruleFor(whole.type()).ttl());
            file(tx, by, again, receivedAt, (outcome, memoryId, changedIds) -> tx.rawMessages().moveToMemory(p, r.id(),
                    memoryId), " split_from=" + whole.id(), List.of(), vector);
        }
    }

    private static ChangedFields splitState(Memory m) {
        return new ChangedFields().put("weight", Integer.toString(m.weight())).put("last_seen_at", m.lastSeenAt())
                .put("expires_at", m.expiresAt()).put("source_messages", String.join(",", m.sourceMessageIds()));
    }

    /** The other memories a resolution changed, and one supersession event per takeover. */
    private void recordTakeovers(StoreTransaction tx, Attribution by, String profileId, Resolution resolution,
                                 String rawId, Instant receivedAt) {
        for (Memory changed : resolution.changed()) {
            tx.memories().update(changed);
        }
        for (Supersession s : resolution.supersessions()) {
            audit(tx, by, profileId, s.supersededId(), rawId,
                    s.whole() ? AuditKind.MEMORY_SUPERSEDED : AuditKind.MEMORY_PARTIALLY_SUPERSEDED,
                    "by=" + s.byId() + " entities=" + String.join(",", s.entityKeys()) + " at=" + s.at(),
                    receivedAt);
        }
    }

    /** A late repeat whose target only became visible after it was said: merging moves the start back. */
    private static boolean startsLater(Memory target, MemoryDraft draft) {
        return target.validFrom() != null && target.validFrom().isAfter(draft.createdAt());
    }

    /** Opposite decisions sharing an entity with {@code m}, visible at some instant of [from, until). */
    private static List<Memory> oppositesVisibleDuring(StoreTransaction tx, Memory m, Instant from, Instant until) {
        return ConflictResolver.oppositeDecision(m.type())
                .filter(t -> !m.entities().isEmpty())
                .map(t -> tx.memories().findByEntitiesVisibleDuring(m.profileId(), t, m.entityKeys(), from, until))
                .orElse(List.of());
    }

    /** Marks, in the audit detail, a type the caller gave rather than one the classifier found. */
    private static String typeGiven(AddFeedbackCommand cmd) {
        return cmd.type() != null ? " type_given=true" : "";
    }

    private FeedbackResult replay(StoreTransaction tx, RawMessage earlier, Instant now) {
        Optional<Memory> memory = Optional.ofNullable(earlier.memoryId())
                .flatMap(id -> tx.memories().findById(earlier.profileId(), id));
        return new FeedbackResult(earlier.id(), FeedbackOutcome.REPLAYED, memory.map(m -> views.at(m, now)),
                earlier.supersededIds(), earlier.redactions());
    }

    private static RawMessage raw(AddFeedbackCommand cmd, String rawId, String text, Instant createdAt,
                                  Instant receivedAt, FeedbackOutcome outcome, String memoryId,
                                  List<String> superseded, List<String> redactions) {
        return new RawMessage(rawId, cmd.profileId(), cmd.messageId(), cmd.sessionId(), cmd.source(), text,
                createdAt, receivedAt, outcome, memoryId, superseded, redactions);
    }

    private void audit(StoreTransaction tx, Attribution by, String profileId, String memoryId, String rawId,
                       AuditKind kind, String detail, Instant at) {
        tx.auditTrail().record(new AuditEvent(ids.newId(), profileId, memoryId, rawId, kind, detail, at, by.actor(),
                null, null, by.agent()));
    }
}
