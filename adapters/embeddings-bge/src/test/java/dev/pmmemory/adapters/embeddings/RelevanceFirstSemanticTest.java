package dev.pmmemory.adapters.embeddings;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pmmemory.application.port.in.ContextResult;
import dev.pmmemory.application.port.in.ContextResult.RecalledMemory;
import dev.pmmemory.application.service.ContextRecall;
import dev.pmmemory.application.service.FeedbackIntake;
import dev.pmmemory.application.testing.InMemoryMemoryStore;
import dev.pmmemory.application.testing.UseCases;
import dev.pmmemory.domain.classify.ClassifierChain;
import dev.pmmemory.domain.classify.RuleClassifier;
import dev.pmmemory.domain.privacy.Redactor;
import dev.pmmemory.domain.recall.Cosine;
import dev.pmmemory.domain.recall.HybridMatch;
import dev.pmmemory.domain.recall.RankingMode;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * Issue 11's semantic example with the real model: a memory about a company "做大模型的", asked for
 * as "LLM 项目", matches the query through the lexicon's synonym 大模型 ↔ LLM; newer memories of
 * higher-priority types about other companies ("Cohere 团队差", "Figure AI 商业化弱") share nothing
 * with it and their cosines (0.43, 0.44) are below the model's match level (0.60), so relevance
 * first puts the LLM memory ahead of them, with semantic recall on. While any cosine above the
 * unrelated level (0.40) made a match they matched too and kept their lead: this model rates the
 * LLM memory only 0.47, so the cosine alone cannot tell it from them (printed below).
 */
class RelevanceFirstSemanticTest {
    private static final Instant NOW = Instant.parse("2026-06-01T09:00:00Z");
    private static final Clock CLOCK = Clock.fixed(NOW, ZoneOffset.UTC);
    private static final HybridMatch MIX = HybridMatch.defaults(SharedModel.CACHED.unrelatedCosine(), SharedModel.CACHED.matchCosine());

    private static ContextResult ask(InMemoryMemoryStore store, RankingMode mode) {
        ContextRecall recall = new ContextRecall(store, UseCases.LEXICON, UseCases.ANALYZER, CLOCK,
                Optional.of(SharedModel.CACHED), MIX, mode);
        return recall.recall(UseCases.context("pm-llm", "LLM 项目", 3, NOW));
    }

    @Test
    void aMemoryFoundByMeaningRanksAheadOfHigherPriorityMemoriesThatDoNotMatch() {
        InMemoryMemoryStore store = new InMemoryMemoryStore();
        FeedbackIntake intake = new FeedbackIntake(store, new ClassifierChain(List.of(new RuleClassifier(UseCases.LEXICON))),
                UseCases.LEXICON, UseCases.ANALYZER, new Redactor(), UseCases.UUIDS, CLOCK, Optional.of(SharedModel.CACHED));
        String llm = intake.add(UseCases.feedback("pm-llm", "智源是做大模型的，感兴趣 聊聊", NOW.minus(Duration.ofDays(20))))
                .memory().orElseThrow().memory().id();
        intake.add(UseCases.feedback("pm-llm", "Cohere 团队差", NOW.minus(Duration.ofDays(1))));
        intake.add(UseCases.feedback("pm-llm", "Figure AI 商业化弱", NOW.minus(Duration.ofDays(2))));
        intake.add(UseCases.feedback("pm-llm", "本周在路上", NOW.minus(Duration.ofHours(5))));

        ContextResult relevance = ask(store, RankingMode.RELEVANCE);
        ContextResult seed = ask(store, RankingMode.SCORE_ONLY);
        for (String text : List.of("智源是做大模型的，感兴趣 聊聊", "Cohere 团队差", "Figure AI 商业化弱", "本周在路上")) {
            System.out.printf("cosine(LLM 项目, %s) = %.4f%n", text,
                    Cosine.similarity(SharedModel.CACHED.embed("LLM 项目"), SharedModel.CACHED.embed(text)));
        }
        System.out.println("LLM 项目, relevance first: " + summary(relevance) + "\nLLM 项目, seed order: " + summary(seed));

        assertThat(relevance.items().get(0).view().memory().id()).isEqualTo(llm);
        assertThat(relevance.items().get(0).matched()).isTrue();
        assertThat(relevance.items().get(0).factors().keywordMatch()).isPositive();
        assertThat(relevance.items().subList(1, relevance.items().size())).as("the others match by nothing")
                .noneMatch(RecalledMemory::matched);
        assertThat(seed.items().get(0).view().memory().id()).as("the seed's order keeps type priority first")
                .isNotEqualTo(llm);
    }

    private static List<String> summary(ContextResult r) {
        return r.items().stream().map(RelevanceFirstSemanticTest::line).toList();
    }

    private static String line(RecalledMemory i) {
        return i.view().memory().content() + (i.matched() ? " (matched " : " (") + String.format("%.3f)", i.score());
    }
}
