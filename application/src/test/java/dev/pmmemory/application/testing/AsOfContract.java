package dev.pmmemory.application.testing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.pmmemory.application.NotFoundException;
import dev.pmmemory.application.port.in.ContextResult;
import dev.pmmemory.application.port.in.ContextResult.RecalledMemory;
import dev.pmmemory.application.port.in.CorrectMemoryCommand;
import dev.pmmemory.application.port.in.FeedbackResult;
import dev.pmmemory.application.port.in.GetMemoryQuery;
import dev.pmmemory.application.port.in.ListMemoriesQuery;
import dev.pmmemory.application.port.in.PagePosition;
import dev.pmmemory.application.port.in.MemoryActionCommand;
import dev.pmmemory.application.port.in.MemoryDetail;
import dev.pmmemory.application.port.in.MemoryDetail.VersionLink;
import dev.pmmemory.application.port.in.MemoryView;
import dev.pmmemory.application.port.in.AuditEvent;
import dev.pmmemory.application.model.AuditKind;
import dev.pmmemory.application.model.FeedbackOutcome;
import dev.pmmemory.application.port.out.MemoryStore;
import dev.pmmemory.application.port.in.RawMessage;
import dev.pmmemory.application.service.ContextRecall;
import dev.pmmemory.application.service.FeedbackIntake;
import dev.pmmemory.application.service.MemoryCorrections;
import dev.pmmemory.application.service.MemoryQueries;
import dev.pmmemory.domain.memory.Memory;
import dev.pmmemory.domain.memory.MemoryStatus;
import dev.pmmemory.domain.memory.Source;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The past as it was (issue 10 item 1, rules.md §5, "the past as it was"): at an instant T a memory reads with the
 * weight, last_seen_at, expires_at, status and per-entity supersession it had at T, in context, the memory
 * list and the memory detail; and the detail's version chain. Run by {@link MemoryStoreContract} on every
 * store (a nested class).
 */
public abstract class AsOfContract {
    private static final String P = "pm-asof";
    private static final String PM = "pm-zhang-key";
    private static final String PERPLEXITY = "Perplexity 商业化弱";
    private static final Instant MAY_02 = Instant.parse("2026-05-02T09:00:00Z");
    private static final Instant MAY_03 = Instant.parse("2026-05-03T09:00:00Z");
    private static final Instant MAY_20 = Instant.parse("2026-05-20T09:00:00Z");
    private static final Instant MAY_21 = Instant.parse("2026-05-21T09:00:00Z");
    private final MutableClock clock = new MutableClock(Instant.parse("2026-05-22T08:00:00Z"));
    private FeedbackIntake intake;
    private MemoryCorrections corrections;
    private MemoryQueries queries;
    private ContextRecall recall;

    /** The store under test, fresh and empty. */
    protected abstract MemoryStore store();

    @BeforeEach
    void wireTheUseCases() {
        intake = UseCases.feedbackIntake(store(), clock);
        corrections = UseCases.memoryCorrections(store(), clock);
        queries = UseCases.memoryQueries(store(), clock);
        recall = UseCases.contextRecall(store(), clock);
    }

    private FeedbackResult say(String text, Instant at) {
        return intake.add(UseCases.feedback(P, text, at));
    }

    private String add(String text, Instant at) {
        return say(text, at).memory().orElseThrow().memory().id();
    }

    private MemoryView listedAt(Instant asOf, String id) {
        return list(null, asOf).stream().filter(v -> v.memory().id().equals(id)).findFirst().orElseThrow();
    }

    private List<MemoryView> list(MemoryStatus status, Instant asOf) {
        return queries.list(new ListMemoriesQuery(P, status, null, null, 50, null, asOf)).items();
    }

    private MemoryDetail detail(String id, Instant asOf) {
        return queries.get(new GetMemoryQuery(P, id, asOf));
    }

    private ContextResult context(String query, Instant asOf) {
        return recall.recall(UseCases.context(P, query, 10, asOf));
    }

    private static String perplexity(List<RecalledMemory> items) {
        return items.stream().filter(i -> i.view().memory().content().equals(PERPLEXITY)).findFirst()
                .orElseThrow().view().memory().id();
    }

    // --- weight, last_seen_at, expires_at --------------------------------------------------------

    @Test
    void aMemorySaidThreeTimesReadsAsItWasAfterTheFirstTime() {
        String id = add(PERPLEXITY, MAY_02);
        add(PERPLEXITY, MAY_20);
        add(PERPLEXITY, MAY_21);

        MemoryView then = detail(id, MAY_03).memory();
        assertThat(then.memory().weight()).isEqualTo(1);
        assertThat(then.memory().lastSeenAt()).isEqualTo(MAY_02);
        assertThat(then.memory().expiresAt()).isEqualTo(MAY_02.plus(Duration.ofDays(30)));
        assertThat(then.status()).isEqualTo(MemoryStatus.ACTIVE);
        assertThat(detail(id, MAY_03).sourceMessages()).extracting(RawMessage::createdAt).containsExactly(MAY_02);
        assertThat(listedAt(MAY_03, id).memory().weight()).isEqualTo(1);
        assertThat(listedAt(MAY_20, id).memory().weight()).as("the second time counts from when it was said")
                .isEqualTo(2);

        MemoryView now = detail(id, null).memory();
        assertThat(now.memory().weight()).isEqualTo(3);
        assertThat(now.memory().lastSeenAt()).isEqualTo(MAY_21);
        assertThat(now.memory().expiresAt()).isEqualTo(MAY_21.plus(Duration.ofDays(30)));
    }

    @Test
    void contextAsOfScoresRecencyAndWeightFromTheValuesThen() {
        add(PERPLEXITY, MAY_02);
        add(PERPLEXITY, MAY_20);
        add(PERPLEXITY, MAY_21);

        RecalledMemory then = context("Perplexity", MAY_03).items().stream()
                .filter(i -> i.view().memory().content().equals(PERPLEXITY)).findFirst().orElseThrow();
        assertThat(then.view().memory().weight()).isEqualTo(1);
        assertThat(then.view().memory().lastSeenAt()).isEqualTo(MAY_02);
        assertThat(then.factors().weightNormalized()).isCloseTo(0.1, within(1e-9));
        assertThat(then.factors().recencyDecay()).as("one day after it was said").isCloseTo(Math.exp(-1.0 / 30),
                within(1e-9));

        RecalledMemory now = context("Perplexity", null).items().get(0);
        assertThat(now.view().memory().id()).isEqualTo(perplexity(List.of(then)));
        assertThat(now.factors().weightNormalized()).isCloseTo(0.3, within(1e-9));
    }

    @Test
    void aMessageThatArrivedLateCountsFromWhenItWasSaid() {
        String id = add(PERPLEXITY, MAY_02);
        add(PERPLEXITY, MAY_21);
        Instant may10 = Instant.parse("2026-05-10T09:00:00Z");
        add(PERPLEXITY, may10); // arrives on the 22nd, said on the 10th

        MemoryView on11th = detail(id, Instant.parse("2026-05-11T00:00:00Z")).memory();
        assertThat(on11th.memory().weight()).isEqualTo(2);
        assertThat(on11th.memory().lastSeenAt()).isEqualTo(may10);
        assertThat(on11th.memory().expiresAt()).isEqualTo(may10.plus(Duration.ofDays(30)));
    }

    @Test
    void aMemoryThatHadExpiredReadsExpiredThenAndIsNotRecalled() {
        String id = add("本周在路上", MAY_02); // temp_status: three days
        Instant may06 = Instant.parse("2026-05-06T00:00:00Z");

        assertThat(listedAt(may06, id).status()).isEqualTo(MemoryStatus.EXPIRED);
        assertThat(list(MemoryStatus.EXPIRED, may06)).extracting(v -> v.memory().id()).containsExactly(id);
        assertThat(list(MemoryStatus.ACTIVE, may06)).isEmpty();
        assertThat(context("在路上", may06).items()).isEmpty();
        assertThat(listedAt(MAY_03, id).status()).isEqualTo(MemoryStatus.ACTIVE);
    }

    @Test
    void nothingSaidYetIsNotThereAtThatInstant() {
        String id = add(PERPLEXITY, MAY_20);

        assertThat(list(null, MAY_03)).isEmpty();
        assertThat(context("Perplexity", MAY_03).items()).isEmpty();
        assertThatThrownBy(() -> detail(id, MAY_03)).isInstanceOf(NotFoundException.class);
    }

    // --- status and supersession -----------------------------------------------------------------

    @Test
    void aDecisionReadsActiveBeforeItWasSupersededAndSupersededAfter() {
        String advance = add("Anthropic 可以推进", MAY_02);
        String negative = add("Anthropic 商业化弱", MAY_20);

        MemoryView before = detail(advance, MAY_03).memory();
        assertThat(before.status()).isEqualTo(MemoryStatus.ACTIVE);
        assertThat(before.memory().supersededBy()).isNull();
        assertThat(before.memory().validUntil()).isNull();
        assertThat(list(MemoryStatus.ACTIVE, MAY_03)).extracting(v -> v.memory().id()).containsExactly(advance);
        assertThat(context("Anthropic", MAY_03).items()).extracting(i -> i.view().memory().id())
                .containsExactly(advance);

        MemoryView after = detail(advance, MAY_21).memory();
        assertThat(after.status()).isEqualTo(MemoryStatus.SUPERSEDED);
        assertThat(after.memory().supersededBy()).isEqualTo(negative);
        assertThat(context("Anthropic", MAY_21).items()).extracting(i -> i.view().memory().id())
                .containsExactly(negative);
    }

    @Test
    void aPartialSupersessionTakesEffectAtTheNewerDecisionAndIsInBothVersionChains() {
        String both = add("OpenAI 和 Anthropic 都可以推进", MAY_02);
        String negative = add("Anthropic 商业化弱", MAY_20);

        assertThat(detail(both, MAY_03).memory().memory().supersededEntityKeys()).isEmpty();
        assertThat(context("Anthropic", MAY_03).items()).extracting(i -> i.view().memory().id()).contains(both);
        assertThat(detail(both, MAY_21).memory().memory().supersededEntityKeys()).containsExactly("anthropic");
        assertThat(detail(both, MAY_21).memory().status()).isEqualTo(MemoryStatus.ACTIVE);

        VersionLink link = new VersionLink(both, negative, Set.of("anthropic"), MAY_20, false);
        MemoryDetail older = detail(both, null);
        assertThat(older.links()).containsExactly(link);
        assertThat(older.versions()).extracting(v -> v.memory().id()).containsExactly(both, negative);
        MemoryDetail newer = detail(negative, null);
        assertThat(newer.links()).containsExactly(link);
        assertThat(newer.versions()).extracting(v -> v.memory().id()).containsExactly(both, negative);
        assertThat(detail(both, MAY_03).links()).as("the chain as it stood before the newer decision").isEmpty();
        assertThat(detail(both, MAY_03).versions()).extracting(v -> v.memory().id()).containsExactly(both);
    }

    @Test
    void theVersionChainOfAWholeSupersessionNamesBothWithTheTime() {
        String advance = add("Anthropic 可以推进", MAY_02);
        String negative = add("Anthropic 商业化弱", MAY_20);

        VersionLink link = new VersionLink(advance, negative, Set.of("anthropic"), MAY_20, true);
        assertThat(detail(advance, null).links()).containsExactly(link);
        assertThat(detail(negative, null).links()).containsExactly(link);
        assertThat(detail(negative, null).versions()).extracting(v -> v.memory().id(), MemoryView::status)
                .containsExactly(org.assertj.core.groups.Tuple.tuple(advance, MemoryStatus.SUPERSEDED),
                        org.assertj.core.groups.Tuple.tuple(negative, MemoryStatus.ACTIVE));
    }

    // --- a late reversal inside a repeated decision's span ---------------------------------------

    @Test
    void aLateReversalInsideARepeatedDecisionsSpanSplitsItAndHoldsUntilTheNextRepeat() {
        Instant h06 = Instant.parse("2026-05-02T06:00:00Z");
        Instant h09 = Instant.parse("2026-05-02T09:00:00Z");
        Instant h17 = Instant.parse("2026-05-02T17:00:00Z");
        String first = intake.add(UseCases.feedbackWithId(P, "Mistral AI 可以推进", h06, "m-06")).memory()
                .orElseThrow().memory().id();
        assertThat(intake.add(UseCases.feedbackWithId(P, "Mistral AI 可以推进", h17, "m-17")).outcome())
                .isEqualTo(FeedbackOutcome.DEDUPLICATED);
        FeedbackResult late = intake.add(UseCases.feedbackWithId(P, "Mistral AI 商业化弱", h09, "m-09"));
        String reversal = late.memory().orElseThrow().memory().id();

        assertThat(late.outcome()).isEqualTo(FeedbackOutcome.CREATED);
        assertThat(late.superseded()).containsExactly(first);
        MemoryDetail cut = detail(first, null);
        assertThat(cut.memory().status()).isEqualTo(MemoryStatus.SUPERSEDED);
        assertThat(cut.memory().memory().weight()).as("one source message left").isEqualTo(1);
        assertThat(cut.memory().memory().lastSeenAt()).isEqualTo(h06);
        assertThat(cut.memory().memory().supersededBy()).isEqualTo(reversal);
        assertThat(cut.memory().memory().validUntil()).isEqualTo(h09);
        assertThat(cut.sourceMessages()).extracting(RawMessage::createdAt).containsExactly(h06);

        String repeat = list(MemoryStatus.ACTIVE, null).stream().map(v -> v.memory())
                .filter(m -> m.content().equals("Mistral AI 可以推进")).findFirst().orElseThrow().id();
        assertThat(repeat).isNotEqualTo(first);
        MemoryDetail again = detail(repeat, null);
        assertThat(again.memory().memory().weight()).isEqualTo(1);
        assertThat(again.memory().memory().createdAt()).isEqualTo(h17);
        assertThat(again.memory().memory().validFrom()).isEqualTo(h17);
        assertThat(again.sourceMessages()).extracting(RawMessage::createdAt, RawMessage::memoryId)
                .containsExactly(org.assertj.core.groups.Tuple.tuple(h17, repeat));
        MemoryView held = detail(reversal, null).memory();
        assertThat(held.status()).isEqualTo(MemoryStatus.SUPERSEDED);
        assertThat(held.memory().supersededBy()).isEqualTo(repeat);
        assertThat(held.memory().validFrom()).isEqualTo(h09);
        assertThat(held.memory().validUntil()).isEqualTo(h17);

        assertThat(context("Mistral AI", h06.plus(Duration.ofHours(2))).items())
                .extracting(i -> i.view().memory().id(), i -> i.view().memory().weight()).containsExactly(
                        org.assertj.core.groups.Tuple.tuple(first, 1));
        assertThat(context("Mistral AI", h09.plus(Duration.ofHours(1))).items())
                .extracting(i -> i.view().memory().id()).containsExactly(reversal);
        assertThat(context("Mistral AI", h17.plus(Duration.ofHours(1))).items())
                .extracting(i -> i.view().memory().id()).containsExactly(repeat);

        Set<String> mistral = Set.of("mistral ai");
        assertThat(detail(reversal, null).links()).containsExactlyInAnyOrder(
                new VersionLink(first, reversal, mistral, h09, true),
                new VersionLink(reversal, repeat, mistral, h17, true));
        assertThat(cut.events()).filteredOn(e -> e.kind() == AuditKind.MEMORY_SPLIT).singleElement()
                .satisfies(e -> {
                    assertThat(e.detail()).startsWith("by=" + reversal + " at=" + h09);
                    assertThat(e.before()).contains("\"weight\":\"2\"", "\"last_seen_at\":\"" + h17 + "\"");
                    assertThat(e.after()).contains("\"weight\":\"1\"", "\"last_seen_at\":\"" + h06 + "\"");
                });
        assertThat(again.events()).extracting(AuditEvent::kind, AuditEvent::detail).contains(
                org.assertj.core.groups.Tuple.tuple(AuditKind.MEMORY_CREATED,
                        "type=project_advance source=explicit split_from=" + first));
    }

    @Test
    void aReplayedMessageAfterTheSplitChangesNothingAndAnswersWithItsMemoryNow() {
        Instant h06 = Instant.parse("2026-05-02T06:00:00Z");
        Instant h09 = Instant.parse("2026-05-02T09:00:00Z");
        Instant h17 = Instant.parse("2026-05-02T17:00:00Z");
        intake.add(UseCases.feedbackWithId(P, "Mistral AI 可以推进", h06, "m-06"));
        intake.add(UseCases.feedbackWithId(P, "Mistral AI 可以推进", h17, "m-17"));
        intake.add(UseCases.feedbackWithId(P, "Mistral AI 商业化弱", h09, "m-09"));
        List<MemoryView> stored = list(null, null);

        FeedbackResult replayed = intake.add(UseCases.feedbackWithId(P, "Mistral AI 可以推进", h17, "m-17"));
        intake.add(UseCases.feedbackWithId(P, "Mistral AI 商业化弱", h09, "m-09"));
        intake.add(UseCases.feedbackWithId(P, "Mistral AI 可以推进", h06, "m-06"));

        assertThat(replayed.outcome()).isEqualTo(FeedbackOutcome.REPLAYED);
        assertThat(replayed.memory().orElseThrow().memory().createdAt()).as("the memory the 17:00 mention is in now")
                .isEqualTo(h17);
        assertThat(list(null, null)).isEqualTo(stored);
        assertThat(stored).extracting(v -> v.memory().weight()).containsOnly(1);
        assertThat(stored).hasSize(3);
    }

    @Test
    void aPendingMemoryReadsPendingUntilItWasConfirmed() {
        String advance = add("Anthropic 可以推进", MAY_02);
        FeedbackResult r = intake.add(UseCases.feedback(P, "Anthropic 商业化弱", MAY_03, Source.INFERRED));
        assertThat(r.outcome()).isEqualTo(FeedbackOutcome.PENDING);
        String pending = r.memory().orElseThrow().memory().id();
        clock.set(MAY_20);
        corrections.confirm(new MemoryActionCommand(P, pending, PM));
        clock.set(MAY_21.plus(Duration.ofDays(1)));

        Instant may10 = Instant.parse("2026-05-10T00:00:00Z");
        assertThat(detail(pending, may10).memory().status()).isEqualTo(MemoryStatus.PENDING);
        assertThat(detail(advance, may10).memory().status()).isEqualTo(MemoryStatus.ACTIVE);
        assertThat(list(MemoryStatus.PENDING, may10)).extracting(v -> v.memory().id()).containsExactly(pending);
        assertThat(detail(pending, MAY_21).memory().status()).isEqualTo(MemoryStatus.ACTIVE);
        assertThat(detail(advance, MAY_21).memory().status()).isEqualTo(MemoryStatus.SUPERSEDED);
        assertThat(detail(advance, null).links())
                .containsExactly(new VersionLink(advance, pending, Set.of("anthropic"), MAY_20, true));
    }

    @Test
    void aDeletedMemoryReadsActiveBeforeItWasDeleted() {
        String id = add(PERPLEXITY, MAY_02);
        clock.set(MAY_20);
        corrections.delete(new MemoryActionCommand(P, id, PM));
        clock.set(MAY_21);

        assertThat(listedAt(MAY_03, id).status()).isEqualTo(MemoryStatus.ACTIVE);
        assertThat(list(MemoryStatus.DELETED, MAY_03)).isEmpty();
        assertThat(listedAt(MAY_20, id).status()).isEqualTo(MemoryStatus.DELETED);
    }

    @Test
    void anExpirySetByHandHoldsFromTheCorrectionOn() {
        String id = add(PERPLEXITY, MAY_02);
        clock.set(MAY_20);
        Instant byHand = Instant.parse("2026-05-25T00:00:00Z");
        corrections.correct(CorrectMemoryCommand.of(P, id, Map.of("expires_at", byHand.toString()), PM));
        clock.set(MAY_21);

        assertThat(detail(id, MAY_03).memory().memory().expiresAt()).isEqualTo(MAY_02.plus(Duration.ofDays(30)));
        assertThat(detail(id, MAY_20).memory().memory().expiresAt()).isEqualTo(byHand);
    }

    @Test
    void aListOfThePastIsPagedNewestFirstAmongWhatWasSaidByThen() {
        for (int day = 1; day <= 5; day++) {
            add("Perplexity 商业化弱 " + "第" + day + "点", Instant.parse("2026-05-0" + day + "T09:00:00Z"));
        }

        ListMemoriesQuery first = new ListMemoriesQuery(P, MemoryStatus.ACTIVE, null, null, 2, null,
                Instant.parse("2026-05-04T12:00:00Z"));
        var page1 = queries.list(first);
        assertThat(page1.items()).extracting(v -> v.memory().createdAt())
                .containsExactly(Instant.parse("2026-05-04T09:00:00Z"), Instant.parse("2026-05-03T09:00:00Z"));
        var page2 = queries.list(new ListMemoriesQuery(P, MemoryStatus.ACTIVE, null, null, 2,
                PagePosition.fromCursor(page1.nextCursor()).orElseThrow(), Instant.parse("2026-05-04T12:00:00Z")));
        assertThat(page2.items()).extracting(v -> v.memory().createdAt())
                .containsExactly(Instant.parse("2026-05-02T09:00:00Z"), Instant.parse("2026-05-01T09:00:00Z"));
        assertThat(page2.nextCursor()).isNull();
    }

    @Test
    void aReadOfThePastWritesNothing() {
        String id = add(PERPLEXITY, MAY_02);
        add(PERPLEXITY, MAY_21);
        Memory before = store().read(tx -> tx.memories().findById(P, id)).orElseThrow();

        detail(id, MAY_03);
        list(null, MAY_03);
        context("Perplexity", MAY_03);

        Memory after = store().read(tx -> tx.memories().findById(P, id)).orElseThrow();
        assertThat(after).isEqualTo(before);
    }
}
