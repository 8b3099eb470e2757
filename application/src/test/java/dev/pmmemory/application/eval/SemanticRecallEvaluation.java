package dev.pmmemory.application.eval;

import dev.pmmemory.application.port.out.Embeddings;
import dev.pmmemory.domain.recall.HybridMatch;
import dev.pmmemory.domain.recall.RankingMode;
import java.util.List;

/**
 * The retrieval part of the evaluation (bench/eval) with semantic recall on, for an
 * {@link Embeddings} adapter's own test: the same set, write and read paths and figures as
 * {@link QualityEvaluationTest}'s retrieval, with a real model.
 */
public final class SemanticRecallEvaluation {

    /** recall@3, its value on the hard cases, MRR, and the cases without a must-not memory in the top 3. */
    public record Figures(double recallAt3, double recallAt3Hard, double mrr, int noLeak, int leakCases, int cases,
                          List<String> misses) {
        @Override
        public String toString() {
            return String.format("recall@3 %.3f (hard %.3f), MRR %.3f, no must-not in top 3 %d/%d, %d cases",
                    recallAt3, recallAt3Hard, mrr, noLeak, leakCases, cases);
        }
    }

    private SemanticRecallEvaluation() {
    }

    /** The texts of the labelled messages (messages.tsv), e.g. to measure a model's cosine between unrelated texts. */
    public static List<String> messageTexts() {
        return EvalSet.load(EvalSet.locate()).messages().stream().map(EvalSet.LabelledMessage::message).toList();
    }

    /** Keyword recall only (semantic recall off): the baseline. */
    public static Figures keywordOnly() {
        return keywordOnly(RankingMode.RELEVANCE);
    }

    public static Figures keywordOnly(RankingMode mode) {
        return figures(Pipeline.configured().withRanking(mode));
    }

    public static Figures run(Embeddings model, HybridMatch mix) {
        return run(model, mix, RankingMode.RELEVANCE);
    }

    public static Figures run(Embeddings model, HybridMatch mix, RankingMode mode) {
        return figures(Pipeline.configured().withRanking(mode).withSemanticRecall(model, mix));
    }

    /** Keyword recall only, on the held-out retrieval cases (recall-holdout.tsv). */
    public static Figures keywordOnlyHeldOut() {
        return keywordOnlyHeldOut(RankingMode.RELEVANCE);
    }

    public static Figures keywordOnlyHeldOut(RankingMode mode) {
        return heldOutFigures(Pipeline.configured().withRanking(mode));
    }

    /** Semantic recall on, on the held-out retrieval cases (recall-holdout.tsv). */
    public static Figures runHeldOut(Embeddings model, HybridMatch mix) {
        return runHeldOut(model, mix, RankingMode.RELEVANCE);
    }

    public static Figures runHeldOut(Embeddings model, HybridMatch mix, RankingMode mode) {
        return heldOutFigures(Pipeline.configured().withRanking(mode).withSemanticRecall(model, mix));
    }

    private static Figures figures(Pipeline pipeline) {
        EvalSet set = EvalSet.load(EvalSet.locate());
        return figures(RecallEval.run(pipeline, set.profiles(), set.cases()));
    }

    private static Figures heldOutFigures(Pipeline pipeline) {
        EvalSet set = EvalSet.load(EvalSet.locate());
        return figures(RecallEval.run(pipeline, set.holdoutProfiles(), set.holdoutCases()));
    }

    private static Figures figures(RecallEval.Result r) {
        return new Figures(r.recallAt3(), r.recallAt3Hard(), r.mrr(), r.noLeak().hits(), r.noLeak().total(),
                r.cases(), r.misses());
    }
}
