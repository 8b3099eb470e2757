package dev.pmmemory.adapters.embeddings;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pmmemory.application.eval.SemanticRecallEvaluation;
import dev.pmmemory.application.eval.SemanticRecallEvaluation.Figures;
import dev.pmmemory.domain.recall.HybridMatch;
import dev.pmmemory.domain.recall.RankingMode;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Issue 5 part 3: retrieval on the project's evaluation set (bench/eval) with semantic recall on
 * (the real model, the default mix α = 0.4) against keyword recall
 * only. Same set, write and read paths and figures as the application module's
 * QualityEvaluationTest, plus the held-out retrieval cases (printed, not asserted: they were
 * written to check that the mix was not fitted to the main set). {@code -Dpmmemory.eval.verbose=true}
 * prints every miss.
 */
class SemanticRecallQualityTest {

    /** Issue 5's target. */
    static final double TARGET_RECALL_AT_3 = 0.90;
    /** Floors on the figures reached in the seed's order (MRR 0.882, 8 of 9), against regressions. */
    static final double MIN_MRR = 0.85;
    static final double MIN_NO_LEAK = 0.85;
    /**
     * Relevance first with semantic recall on: 7 of 9 while any cosine above the unrelated level made
     * a match, 8 of 9 with the model's match level (issue 11); a floor against regressions.
     */
    static final int MIN_NO_LEAK_RELEVANCE_FIRST = 8;

    /** memory.ranking=relevance (default). */
    private static Figures off;
    private static Figures on;
    /** memory.ranking=seed. */
    private static Figures seedOff;
    private static Figures seedOn;

    @BeforeAll
    static void evaluate() {
        HybridMatch mix = HybridMatch.defaults(SharedModel.CACHED.unrelatedCosine(), SharedModel.CACHED.matchCosine());
        off = SemanticRecallEvaluation.keywordOnly();
        on = SemanticRecallEvaluation.run(SharedModel.CACHED, mix);
        Figures heldOutOff = SemanticRecallEvaluation.keywordOnlyHeldOut();
        Figures heldOutOn = SemanticRecallEvaluation.runHeldOut(SharedModel.CACHED, mix);
        System.out.println("\n=== retrieval on bench/eval, semantic recall off / on (" + BgeSmallZhEmbeddings.MODEL
                + ", alpha " + mix.alpha() + ", unrelated cosine " + mix.unrelatedCosine()
                + ", match cosine " + mix.matchCosine() + ") ===\noff: " + off
                + "\non:  " + on + "\nheld out, off: " + heldOutOff + "\nheld out, on:  " + heldOutOn);
        // memory.ranking=seed, for comparison (issue 11: relevance first is the default)
        seedOff = SemanticRecallEvaluation.keywordOnly(RankingMode.SCORE_ONLY);
        seedOn = SemanticRecallEvaluation.run(SharedModel.CACHED, mix, RankingMode.SCORE_ONLY);
        System.out.println("memory.ranking=seed, off: " + seedOff
                + "\nmemory.ranking=seed, on:  " + seedOn
                + "\nmemory.ranking=seed, held out, off: " + SemanticRecallEvaluation.keywordOnlyHeldOut(RankingMode.SCORE_ONLY)
                + "\nmemory.ranking=seed, held out, on:  "
                + SemanticRecallEvaluation.runHeldOut(SharedModel.CACHED, mix, RankingMode.SCORE_ONLY));
        if (Boolean.getBoolean("pmmemory.eval.verbose")) {
            on.misses().forEach(m -> System.out.println("  " + m));
            heldOutOn.misses().forEach(m -> System.out.println("  held out: " + m));
        }
    }

    @Test
    void recallAt3ReachesTheIssueTargetWithSemanticRecallOn() {
        assertThat(on.recallAt3()).as("recall@3, semantic recall on").isGreaterThanOrEqualTo(TARGET_RECALL_AT_3);
        assertThat(seedOn.recallAt3()).as("recall@3, semantic recall on, seed order")
                .isGreaterThanOrEqualTo(TARGET_RECALL_AT_3).isGreaterThanOrEqualTo(seedOff.recallAt3());
    }

    @Test
    void inTheSeedsOrderSemanticRecallRanksTheWantedMemoryHigherWithoutLettingUnwantedOnesIn() {
        assertThat(seedOn.mrr()).as("MRR, semantic recall on").isGreaterThanOrEqualTo(MIN_MRR).isGreaterThan(seedOff.mrr());
        assertThat((double) seedOn.noLeak() / seedOn.leakCases()).as("cases without a must-not memory in the top 3")
                .isGreaterThanOrEqualTo(MIN_NO_LEAK);
    }

    @Test
    void relevanceFirstRanksBetterThanTheSeedsOrderWithSemanticRecallOn() {
        assertThat(on.recallAt3()).as("recall@3").isGreaterThanOrEqualTo(seedOn.recallAt3());
        assertThat(on.mrr()).as("MRR").isGreaterThanOrEqualTo(MIN_MRR).isGreaterThan(seedOn.mrr());
        assertThat(on.noLeak()).as("cases without a must-not memory in the top 3")
                .isGreaterThanOrEqualTo(MIN_NO_LEAK_RELEVANCE_FIRST);
    }
}
