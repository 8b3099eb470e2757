package dev.pmmemory.application.service;

import static dev.pmmemory.application.testing.UseCases.feedback;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.pmmemory.application.port.in.ContextResult;
import dev.pmmemory.application.port.in.ContextResult.RecalledMemory;
import dev.pmmemory.application.port.in.FeedbackResult;
import dev.pmmemory.application.port.in.RecallContextQuery;
import dev.pmmemory.application.testing.InMemoryMemoryStore;
import dev.pmmemory.application.testing.MutableClock;
import dev.pmmemory.application.testing.SequentialIds;
import dev.pmmemory.application.testing.UseCases;
import dev.pmmemory.domain.memory.Memory;
import dev.pmmemory.domain.memory.MemoryType;
import dev.pmmemory.domain.recall.ScoreFactors;
import dev.pmmemory.domain.text.Jaccard;
import java.time.Duration;
import java.time.Instant;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/** The read path of rules.md §6 and the acceptance cases of §11, on the in-memory store. */
class ContextRecallTest {
    /** Shared with {@code ContextRecallOraclePropertiesTest}: one bug, found by the oracle, shown by an example. */
    private static final String P = "pm-alice";
    private static final Instant NOW = Instant.parse("2026-05-20T09:00:00Z");
    private static final String PREFERENCE = "以后少推国内大模型";

    private final InMemoryMemoryStore store = new InMemoryMemoryStore();
    private final MutableClock clock = new MutableClock(NOW);
    private final FeedbackIntake intake = UseCases.feedbackIntake(store, clock, new SequentialIds());
    private final ContextRecall recall = UseCases.contextRecall(store, clock);

    private FeedbackResult add(String profileId, String message, Instant createdAt) {
        return intake.add(feedback(profileId, message, createdAt));
    }

    private FeedbackResult add(String message, Instant createdAt) {
        return add(P, message, createdAt);
    }

    private static Instant daysAgo(double days) {
        return NOW.minusMillis((long) (days * 86_400_000L));
    }

    private ContextResult recall(String query, int limit) {
        return recall.recall(new RecallContextQuery(P, query, limit, null, Set.of(), null));
    }

    private ContextResult recall(String query, int limit, Set<MemoryType> types) {
        return recall.recall(new RecallContextQuery(P, query, limit, null, types, null));
    }

    private ContextResult recallAsOf(String query, int limit, Instant asOf) {
        return recall.recall(new RecallContextQuery(P, query, limit, asOf, Set.of(), null));
    }

    private static List<String> contents(ContextResult r) {
        return r.items().stream().map(i -> i.view().memory().content()).toList();
    }

    private static RecalledMemory item(ContextResult r, String content) {
        return r.items().stream().filter(i -> i.view().memory().content().equals(content)).findFirst().orElseThrow();
    }

    // --- rules.md §11 ----------------------------------------------------------------------------

    @Nested
    class AcceptanceCases {

        @Test
        void case1_profileIsolation() {
            add("pm-a", PREFERENCE, daysAgo(1));
            add("pm-a", "OpenAI 估值高", daysAgo(1));

            ContextResult forB = recall.recall(new RecallContextQuery("pm-b", "OpenAI 估值", 10, null, Set.of(), null));
            ContextResult forA = recall.recall(new RecallContextQuery("pm-a", "OpenAI 估值", 10, null, Set.of(), null));

            assertThat(forB.items()).isEmpty();
            assertThat(forB.promptBlock()).doesNotContain("OpenAI").doesNotContain("大模型");
            assertThat(forA.items()).hasSize(2);
            assertThat(forA.items()).allSatisfy(i -> assertThat(i.view().memory().profileId()).isEqualTo("pm-a"));
        }

        @Test
        void case2_aPreferenceIsRecalledForAnUnrelatedQuery() {
            add(PREFERENCE, daysAgo(3));
            add("OpenAI 估值高", daysAgo(1));
            add("Anthropic 可以推进", daysAgo(1));
            add("Mistral AI 不错", daysAgo(1));

            ContextResult r = recall("今天天气如何", 3);

            assertThat(contents(r)).contains(PREFERENCE);
            assertThat(item(r, PREFERENCE).factors().keywordMatch()).isEqualTo(0.3);
            assertThat(r.promptBlock()).contains(PREFERENCE);
        }

        @Test
        void case3_aQueryNamingAnEntityFindsTheNegativeFeedbackAboutIt() {
            add("OpenAI 估值高", daysAgo(2));
            add("Anthropic 可以推进", daysAgo(1));
            add("本周在路上", daysAgo(1));
            add("Mistral AI 不错", daysAgo(1));

            ContextResult r = recall("OpenAI 最近怎么样", 3);

            assertThat(contents(r)).first().isEqualTo("OpenAI 估值高");
            assertThat(r.items().get(0).view().memory().type()).isEqualTo(MemoryType.PROJECT_NEGATIVE);
            assertThat(r.items().get(0).factors().keywordMatch()).isPositive();
        }

        @Test
        void case4_theSameFeedbackTenTimesIsOneMemoryOfWeightTen() {
            for (int i = 0; i < 10; i++) {
                add("OpenAI 估值高", daysAgo(1).plusSeconds(i));
            }

            ContextResult r = recall("OpenAI", 10);

            assertThat(r.items()).singleElement().satisfies(i -> {
                assertThat(i.view().memory().weight()).isEqualTo(10);
                assertThat(i.factors().weightNormalized()).isEqualTo(1.0);
            });
        }

        @Test
        void case5_aTempStatusIsNotReturnedTenDaysLater() {
            add("本周在路上", NOW);
            assertThat(contents(recall("本周", 10))).containsExactly("本周在路上");

            clock.advance(Duration.ofDays(10));

            assertThat(recall("本周", 10).items()).isEmpty();
            assertThat(recall("", 10).items()).isEmpty();
        }

        @Test
        void case6_anAdvanceIsSupersededByALaterNegative() {
            add("Anthropic 可以推进", daysAgo(2));
            add("Anthropic 商业化弱", daysAgo(1));

            ContextResult r = recall("Anthropic", 10);

            assertThat(contents(r)).containsExactly("Anthropic 商业化弱");
        }

        @Test
        void case7_aCallerProvidedCreatedAtDrivesRecency() {
            add("OpenAI 估值高", daysAgo(20));
            add("Anthropic 估值高", daysAgo(1));
            add("pm-b", "OpenAI 估值高", daysAgo(1));
            add("pm-b", "Anthropic 估值高", daysAgo(20));

            ContextResult a = recall("估值高", 10);
            ContextResult b = recall.recall(new RecallContextQuery("pm-b", "估值高", 10, null, Set.of(), null));

            assertThat(contents(a)).containsExactly("Anthropic 估值高", "OpenAI 估值高");
            assertThat(contents(b)).containsExactly("OpenAI 估值高", "Anthropic 估值高");
            RecalledMemory old = item(a, "OpenAI 估值高");
            assertThat(old.view().memory().createdAt()).isEqualTo(daysAgo(20));
            assertThat(old.view().memory().lastSeenAt()).isEqualTo(daysAgo(20));
            assertThat(old.factors().recencyDecay()).isCloseTo(Math.exp(-20.0 / 30), within(1e-9));
            assertThat(item(a, "Anthropic 估值高").factors().recencyDecay()).isCloseTo(Math.exp(-1.0 / 30), within(1e-9));
        }
    }

    // --- scoring ---------------------------------------------------------------------------------

    @Test
    void aPreferenceKeywordMatchIsFlooredAtPointThree() {
        add(PREFERENCE, daysAgo(1000));

        RecalledMemory unrelated = recall("OpenAI 估值", 3).items().get(0);
        RecalledMemory related = recall(PREFERENCE, 3).items().get(0);

        assertThat(unrelated.factors().keywordMatch()).isEqualTo(0.3);
        assertThat(unrelated.score()).isGreaterThanOrEqualTo(0.42);
        assertThat(related.factors().keywordMatch()).isEqualTo(1.0); // the floor never lowers a better match
    }

    @Test
    void otherTypesHaveNoFloor() {
        add("OpenAI 估值高", daysAgo(1));

        assertThat(recall("今天天气如何", 3).items().get(0).factors().keywordMatch()).isZero();
    }

    @Test
    void everyScoreIsInTheUnitIntervalAndMadeOfItsFourFactors() {
        add(PREFERENCE, daysAgo(40));
        add("我更倾向海外早期项目", daysAgo(2));
        add("OpenAI 估值高", daysAgo(1));
        for (int i = 0; i < 12; i++) {
            add("Anthropic 可以推进", daysAgo(5).plusSeconds(i));
        }
        add("Mistral AI 不错", daysAgo(29));
        add("最近 AI 赛道很火", daysAgo(6));
        add("本周在路上", daysAgo(0.5));
        add("月之暗面 约一下", NOW);

        for (String query : List.of("", "OpenAI", "海外早期项目", "Anthropic 可以推进", "AI 赛道", "今天天气如何")) {
            ContextResult r = recall(query, 50);
            assertThat(r.items()).as(query).hasSize(8);
            Set<String> terms = UseCases.ANALYZER.queryTerms(query);
            for (RecalledMemory i : r.items()) {
                Memory m = i.view().memory();
                ScoreFactors f = i.factors();
                assertThat(List.of(f.keywordMatch(), f.recencyDecay(), f.typePriority(), f.weightNormalized()))
                        .as("factors of %s for %s", m.content(), query)
                        .allSatisfy(x -> assertThat(x).isBetween(0.0, 1.0));
                assertThat(i.score()).isBetween(0.0, 1.0)
                        .isCloseTo(0.4 * f.keywordMatch() + 0.2 * f.recencyDecay() + 0.3 * f.typePriority()
                                + 0.1 * f.weightNormalized(), within(1e-12));
                Set<String> memoryTerms = new HashSet<>(m.keywords());
                memoryTerms.addAll(m.entityKeys());
                double jaccard = Jaccard.similarity(terms, memoryTerms);
                assertThat(f.keywordMatch()).isEqualTo(m.type() == MemoryType.LONG_TERM_PREFERENCE
                        ? Math.max(0.3, jaccard) : jaccard);
                assertThat(i.matched()).as("matched: %s for %s", m.content(), query).isEqualTo(jaccard > 0);
                double days = Math.max(0, Duration.between(m.lastSeenAt(), NOW).toMillis() / 86_400_000.0);
                assertThat(f.recencyDecay()).isCloseTo(Math.exp(-days / 30), within(1e-12));
                assertThat(f.typePriority()).isEqualTo(UseCases.LEXICON.ruleFor(m.type()).priority())
                        .isEqualTo(i.view().typePriority());
                assertThat(f.weightNormalized()).isEqualTo(Math.min(m.weight() / 10.0, 1.0));
            }
            // relevance first (the default): the matching memories, then the others, each by score
            assertThat(r.items()).isSortedAccordingTo(java.util.Comparator
                    .comparing((RecalledMemory x) -> !x.matched())
                    .thenComparing(RecalledMemory::score, java.util.Comparator.reverseOrder()));
        }
        assertThat(item(recall("", 50), "Anthropic 可以推进").factors().weightNormalized()).isEqualTo(1.0);
    }

    // --- order -----------------------------------------------------------------------------------

    @Nested
    class TieBreaks {

        @Test
        void equalScoresAndLastSeenAreOrderedById() {
            add("Anthropic 估值高", daysAgo(1)); // id-…1: smaller id
            add("OpenAI 估值高", daysAgo(1));
            add("pm-b", "OpenAI 估值高", daysAgo(1));
            add("pm-b", "Anthropic 估值高", daysAgo(1));

            ContextResult a = recall("估值高", 10);
            ContextResult b = recall.recall(new RecallContextQuery("pm-b", "估值高", 10, null, Set.of(), null));

            assertThat(a.items().get(0).score()).isEqualTo(a.items().get(1).score());
            assertThat(contents(a)).containsExactly("Anthropic 估值高", "OpenAI 估值高");
            assertThat(contents(b)).containsExactly("OpenAI 估值高", "Anthropic 估值高");
            assertThat(a.items().get(0).view().memory().id()).isLessThan(a.items().get(1).view().memory().id());
        }

        @Test
        void equalScoresAreOrderedByLastSeenBeforeId() {
            // recency is clamped to 1 for a last_seen_at after now (repeats dated ahead), so both score the same
            Instant t = daysAgo(1);
            add("Anthropic 估值高", t);              // smaller id ...
            add("Anthropic 估值高", daysAgo(-3));
            add("OpenAI 估值高", t);
            add("OpenAI 估值高", daysAgo(-5)); // ... but seen later

            ContextResult r = recall("估值高", 10);

            assertThat(r.items().get(0).score()).isEqualTo(r.items().get(1).score());
            assertThat(r.items()).allSatisfy(i -> assertThat(i.factors().recencyDecay()).isEqualTo(1.0));
            assertThat(contents(r)).containsExactly("OpenAI 估值高", "Anthropic 估值高");
        }

        @Test
        void higherScoresComeFirst() {
            add("本周在路上", daysAgo(1));
            add("OpenAI 估值高", daysAgo(1));
            add("Anthropic 可以推进", daysAgo(1));

            assertThat(contents(recall("", 3)))
                    .containsExactly("OpenAI 估值高", "Anthropic 可以推进", "本周在路上"); // by type_priority
        }
    }

    // --- top-K guard -----------------------------------------------------------------------------

    @Nested
    class TopKGuard {

        private void aStalePreferenceAndFourFreshOpenAiMemories() {
            add(PREFERENCE, daysAgo(200));
            add("OpenAI 估值高", daysAgo(1));
            add("OpenAI 商业化弱", daysAgo(1));
            add("OpenAI 不错", daysAgo(1));
            add("OpenAI 有意思", daysAgo(1));
        }

        @Test
        void aPreferenceOutsideTheTopKReplacesTheLastItem() {
            aStalePreferenceAndFourFreshOpenAiMemories();
            List<RecalledMemory> others = recall("OpenAI", 50,
                    Set.of(MemoryType.PROJECT_NEGATIVE, MemoryType.PROJECT_POSITIVE)).items();

            ContextResult r = recall("OpenAI", 3);

            assertThat(r.items()).hasSize(3);
            assertThat(contents(r).subList(0, 2)).containsExactly(
                    others.get(0).view().memory().content(), others.get(1).view().memory().content());
            assertThat(contents(r).get(2)).isEqualTo(PREFERENCE);
            // the guard really changed the ranking: the third-best plain memory scores higher
            assertThat(r.items().get(2).score()).isLessThan(others.get(2).score());
            assertThat(r.promptBlock()).contains(PREFERENCE);
        }

        @Test
        void aTypesFilterWithoutPreferencesCarriesNone() {
            aStalePreferenceAndFourFreshOpenAiMemories();

            ContextResult r = recall("OpenAI", 3, Set.of(MemoryType.PROJECT_NEGATIVE, MemoryType.PROJECT_POSITIVE));

            assertThat(r.items()).hasSize(3)
                    .noneMatch(i -> i.view().memory().type() == MemoryType.LONG_TERM_PREFERENCE);
        }

        @Test
        void aTypesFilterWithPreferencesStillCarriesOne() {
            aStalePreferenceAndFourFreshOpenAiMemories();

            ContextResult r = recall("OpenAI", 2, Set.of(MemoryType.PROJECT_NEGATIVE, MemoryType.LONG_TERM_PREFERENCE));

            assertThat(contents(r)).hasSize(2).last().isEqualTo(PREFERENCE);
            assertThat(r.items().get(0).view().memory().type()).isEqualTo(MemoryType.PROJECT_NEGATIVE);
        }

        @Test
        void anEntityFilterStillCarriesThePreference() {
            aStalePreferenceAndFourFreshOpenAiMemories();

            ContextResult r = recall.recall(new RecallContextQuery(P, "OpenAI", 3, null, Set.of(), "openai"));

            assertThat(contents(r)).hasSize(3).last().isEqualTo(PREFERENCE);
        }

        @Test
        void anEntityFilterCarriesThePreferenceThatMatchesTheQueryBest() {
            add("我更倾向海外早期项目", daysAgo(10)); // matches the query, but is not among the most recent
            add(PREFERENCE, daysAgo(1));
            add("以后不要推硬件项目", daysAgo(2));
            add("OpenAI 估值高", daysAgo(1));
            add("OpenAI 商业化弱", daysAgo(1));

            ContextResult withoutEntity = recall("海外早期项目", 2, Set.of(MemoryType.LONG_TERM_PREFERENCE));
            ContextResult aboutOpenAi = recall.recall(new RecallContextQuery(P, "海外早期项目", 2, null, Set.of(),
                    "OpenAI"));

            // premise: it is the best-scoring preference for this query
            assertThat(contents(withoutEntity)).first().isEqualTo("我更倾向海外早期项目");
            assertThat(contents(aboutOpenAi)).hasSize(2).last().isEqualTo("我更倾向海外早期项目");
        }

        @Test
        void theBestScoringPreferenceIsCarried() {
            aStalePreferenceAndFourFreshOpenAiMemories();
            add("我更倾向海外早期项目", daysAgo(100));

            ContextResult r = recall("OpenAI", 3);

            assertThat(contents(r)).hasSize(3).last().isEqualTo("我更倾向海外早期项目");
            assertThat(contents(r)).doesNotContain(PREFERENCE);
        }

        @Test
        void aPreferenceAlreadyInTheTopKIsNotAddedTwice() {
            aStalePreferenceAndFourFreshOpenAiMemories();

            ContextResult r = recall(PREFERENCE, 3);

            assertThat(contents(r)).hasSize(3).first().isEqualTo(PREFERENCE);
            assertThat(contents(r)).doesNotHaveDuplicates().filteredOn(PREFERENCE::equals).hasSize(1);
        }

        @Test
        void withRoomLeftThePreferenceIsSimplyIncluded() {
            aStalePreferenceAndFourFreshOpenAiMemories();

            ContextResult r = recall("OpenAI", 10);

            assertThat(r.items()).hasSize(5);
            assertThat(contents(r).get(4)).isEqualTo(PREFERENCE);
        }

        @Test
        void withoutAVisiblePreferenceTheTopKIsPlain() {
            add("OpenAI 估值高", daysAgo(1));
            add("OpenAI 商业化弱", daysAgo(1));

            assertThat(recall("OpenAI", 1).items()).hasSize(1)
                    .noneMatch(i -> i.view().memory().type() == MemoryType.LONG_TERM_PREFERENCE);
        }
    }

    // --- as_of -----------------------------------------------------------------------------------

    @Nested
    class AsOf {
        private final Instant may1 = Instant.parse("2026-05-01T10:00:00Z");
        private final Instant may9 = Instant.parse("2026-05-09T10:00:00Z");
        private final Instant may10 = Instant.parse("2026-05-10T10:00:00Z");

        @Test
        void whatTheBotKnewOnAGivenDay() {
            add("Anthropic 可以推进", may1);
            add("Anthropic 商业化弱", may10);

            ContextResult onMay9 = recallAsOf("Anthropic", 10, may9);
            ContextResult onMay10 = recallAsOf("Anthropic", 10, may10);
            ContextResult today = recall("Anthropic", 10);

            assertThat(onMay9.asOf()).isEqualTo(may9);
            assertThat(contents(onMay9)).containsExactly("Anthropic 可以推进");
            assertThat(onMay9.items().get(0).factors().recencyDecay()).isCloseTo(Math.exp(-8.0 / 30), within(1e-12));
            assertThat(contents(onMay10)).containsExactly("Anthropic 商业化弱");
            assertThat(contents(today)).containsExactly("Anthropic 商业化弱");
            assertThat(today.asOf()).isEqualTo(NOW);
        }

        @Test
        void nothingSaidAfterAsOfIsVisible() {
            add("OpenAI 估值高", may10);

            assertThat(recallAsOf("OpenAI", 10, may9).items()).isEmpty();
            assertThat(recallAsOf("OpenAI", 10, may10).items()).hasSize(1);
        }

        @Test
        void ttlIsEvaluatedAtAsOf() {
            add("本周在路上", may1); // expires three days later

            assertThat(recallAsOf("本周", 10, may1.plus(Duration.ofDays(3)).minusMillis(1)).items()).hasSize(1);
            assertThat(recallAsOf("本周", 10, may1.plus(Duration.ofDays(3))).items()).isEmpty();
        }

        @Test
        void aPendingMemoryIsNeverVisible() {
            add("Anthropic 可以推进", may1);
            intake.add(feedback(P, "Anthropic 商业化弱", may9, dev.pmmemory.domain.memory.Source.BOT));

            assertThat(contents(recall("Anthropic", 10))).containsExactly("Anthropic 可以推进");
            assertThat(contents(recallAsOf("Anthropic", 10, may10))).containsExactly("Anthropic 可以推进");
        }

        @Test
        void aPartlySupersededMemoryStaysRecallableForItsOtherEntity() {
            add("OpenAI 和 Anthropic 都可以推进", may1);
            add("Anthropic 商业化弱", may9);

            ContextResult openai = recall.recall(new RecallContextQuery(P, "", 10, null, Set.of(), "OpenAI"));
            ContextResult anthropic = recall.recall(new RecallContextQuery(P, "", 10, null, Set.of(), "Anthropic"));

            assertThat(contents(openai)).containsExactly("OpenAI 和 Anthropic 都可以推进");
            assertThat(contents(anthropic)).containsExactly("Anthropic 商业化弱");
        }
    }

    // --- the rest of the contract of a read ------------------------------------------------------

    @Test
    void thePromptBlockSeparatesCorePreferencesFromRelevantMemories() {
        add(PREFERENCE, Instant.parse("2026-05-19T01:00:00Z"));
        add("OpenAI 估值高", Instant.parse("2026-05-18T01:00:00Z"));

        String block = recall("OpenAI", 3).promptBlock();

        int core = block.indexOf("Core preferences");
        int relevant = block.indexOf("Relevant memories");
        assertThat(core).isNotNegative().isLessThan(relevant);
        assertThat(block.indexOf("- [2026-05-19] (long_term_preference) " + PREFERENCE)).isBetween(core, relevant);
        assertThat(block.indexOf("- [2026-05-18] (project_negative) OpenAI 估值高")).isGreaterThan(relevant);
    }

    @Test
    void theLimitIsHonoured() {
        for (String m : List.of("OpenAI 估值高", "Anthropic 可以推进", "Mistral AI 不错", "本周在路上")) {
            add(m, daysAgo(1));
        }

        assertThat(recall("", 1).items()).hasSize(1);
        assertThat(recall("", 3).items()).hasSize(3);
        assertThat(recall("", 50).items()).hasSize(4);
    }

    @Test
    void readsNeverWrite() {
        add("本周在路上", daysAgo(10)); // expired, but only a sweep may say so in the store
        add("OpenAI 估值高", daysAgo(1));
        List<Memory> before = store.memories(P);
        int events = store.auditEvents(P).size();

        recall("OpenAI", 3);
        recallAsOf("本周", 3, daysAgo(9));

        assertThat(store.memories(P)).isEqualTo(before);
        assertThat(store.auditEvents(P)).hasSize(events);
        assertThat(store.rawMessages(P)).hasSize(2);
    }
}
