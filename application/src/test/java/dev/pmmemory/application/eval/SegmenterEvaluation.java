package dev.pmmemory.application.eval;

import dev.pmmemory.domain.lexicon.TextAnalyzers;
import dev.pmmemory.application.eval.EvalSet.LabelledMessage;
import dev.pmmemory.domain.lexicon.Lexicon;
import dev.pmmemory.domain.text.Jaccard;
import dev.pmmemory.domain.text.Segmenter;
import dev.pmmemory.domain.text.TextAnalyzer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Predicate;

/**
 * The evaluation of a {@link Segmenter} (issue 12) for a segmenter adapter's own test: retrieval
 * with its recall terms on the main and held-out retrieval sets (semantic recall off), what its
 * keywords look like on every labelled message, and the time it adds to analysing a message.
 */
public final class SegmenterEvaluation {

    /**
     * @param keywordsPerMessage  mean number of recall terms of a labelled message
     * @param hanTermPrecision    share of the Han recall terms that are words by {@code isWord} (a proxy
     *                            for keyword precision: a bigram such as 内大 or 外早 is no word)
     * @param domainWordsWhole    share of the lexicon's Chinese words occurring in a message that come
     *                            out as one term (估值, 可以推进, 月之暗面 …; stop words not counted)
     * @param unrelatedSimilarity mean keyword_match between two different messages of messages.tsv (noise)
     * @param analyseMicrosP50    median time to analyse one message, µs (entities + keywords)
     */
    public record Figures(String segmenter, double recallAt3, double mrr, double heldOutRecallAt3, double heldOutMrr,
                          String noLeak, double keywordsPerMessage, double hanTermPrecision, double domainWordsWhole,
                          double unrelatedSimilarity, double analyseMicrosP50, double analyseMicrosMean,
                          List<String> misses) {
        @Override
        public String toString() {
            return String.format("%-8s recall@3 %.3f MRR %.3f | held-out recall@3 %.3f MRR %.3f | no-leak %s | "
                            + "terms/msg %.1f, Han-term precision %.3f, domain words whole %.3f, unrelated sim %.4f | "
                            + "analyse p50 %.1f µs mean %.1f µs",
                    segmenter, recallAt3, mrr, heldOutRecallAt3, heldOutMrr, noLeak, keywordsPerMessage,
                    hanTermPrecision, domainWordsWhole, unrelatedSimilarity, analyseMicrosP50, analyseMicrosMean);
        }
    }

    private SegmenterEvaluation() {
    }

    /** The texts of every labelled message: messages.tsv, holdout.tsv and holdout-3.tsv. */
    public static List<String> allMessages() {
        EvalSet set = EvalSet.load(EvalSet.locate());
        List<String> texts = new ArrayList<>();
        set.messages().forEach(m -> texts.add(m.message()));
        set.holdout().forEach(m -> texts.add(m.message()));
        EvalSet.holdout3(EvalSet.locate()).forEach(m -> texts.add(m.message()));
        return texts;
    }

    /** The figures of one segmenter; {@code isWord} judges the Han terms (the same judge for every segmenter). */
    public static Figures run(Segmenter segmenter, Predicate<String> isWord) {
        EvalSet set = EvalSet.load(EvalSet.locate());
        Pipeline pipeline = Pipeline.configured().withSegmenter(segmenter);
        RecallEval.Result main = RecallEval.run(pipeline, set.profiles(), set.cases());
        RecallEval.Result heldOut = RecallEval.run(pipeline, set.holdoutProfiles(), set.holdoutCases());

        TextAnalyzer analyzer = pipeline.analyzer;
        // stop words are in the user dictionary only so that they do not glue onto neighbours; never a term
        Set<String> domainWords = new HashSet<>(TextAnalyzers.domainWords(pipeline.lexicon));
        domainWords.removeAll(pipeline.lexicon.stopWords());
        List<String> texts = allMessages();
        int terms = 0;
        int hanTerms = 0;
        int hanWords = 0;
        int domainOccurrences = 0;
        int domainWhole = 0;
        List<String> cut = new ArrayList<>();
        for (String text : texts) {
            List<String> keywords = analyzer.analyze(text).keywords();
            terms += keywords.size();
            for (String k : keywords) {
                if (k.codePoints().allMatch(SegmenterEvaluation::isHan) && k.codePointCount(0, k.length()) >= 2) {
                    hanTerms++;
                    hanWords += isWord.test(k) || domainWords.contains(k) ? 1 : 0;
                }
            }
            String lower = text.toLowerCase();
            for (String word : domainWords) {
                if (lower.contains(word) && !insideLongerDomainWord(lower, word, domainWords)) {
                    domainOccurrences++;
                    boolean whole = keywords.contains(word) || coveredByEntityOrSynonym(keywords, word, pipeline.lexicon);
                    domainWhole += whole ? 1 : 0;
                    if (!whole) {
                        cut.add(word + " in " + text + " → " + keywords);
                    }
                }
            }
        }
        List<Set<String>> messageTerms = new ArrayList<>();
        for (LabelledMessage m : set.messages()) {
            messageTerms.add(new HashSet<>(analyzer.analyze(m.message()).keywords()));
        }
        double similaritySum = 0;
        int pairs = 0;
        for (int i = 0; i < messageTerms.size(); i++) {
            for (int j = i + 1; j < messageTerms.size(); j++) {
                similaritySum += Jaccard.similarity(messageTerms.get(i), messageTerms.get(j));
                pairs++;
            }
        }
        double[] micros = timings(analyzer, texts);
        return new Figures(segmenter.name(), main.recallAt3(), main.mrr(), heldOut.recallAt3(), heldOut.mrr(),
                main.noLeak().toString(), (double) terms / texts.size(), (double) hanWords / hanTerms,
                (double) domainWhole / domainOccurrences, similaritySum / pairs, micros[0], micros[1],
                concat(concat(main.misses(), heldOut.misses()), cut));
    }

    /** A dictionary name is cut out of the text (its entity term stands for it); a synonym also adds its canonical term. */
    private static boolean coveredByEntityOrSynonym(List<String> keywords, String word, Lexicon lexicon) {
        for (List<String> group : lexicon.entities().groups()) {
            if (group.stream().anyMatch(alias -> alias.toLowerCase().equals(word))) {
                return keywords.contains(group.get(0).toLowerCase());
            }
        }
        return false;
    }

    /** 估值 inside 估值太高: the longer domain word is the one to keep whole. */
    private static boolean insideLongerDomainWord(String text, String word, Set<String> domainWords) {
        for (String longer : domainWords) {
            if (longer.length() > word.length() && longer.contains(word) && text.contains(longer)) {
                return true;
            }
        }
        return false;
    }

    /** Median and mean µs to analyse a message, after a warm-up, over 5 rounds of every message. */
    private static double[] timings(TextAnalyzer analyzer, List<String> texts) {
        for (int i = 0; i < 3; i++) {
            texts.forEach(analyzer::analyze);
        }
        int rounds = 5;
        double[] micros = new double[texts.size() * rounds];
        int n = 0;
        for (int r = 0; r < rounds; r++) {
            for (String text : texts) {
                long start = System.nanoTime();
                analyzer.analyze(text);
                micros[n++] = (System.nanoTime() - start) / 1000.0;
            }
        }
        double mean = Arrays.stream(micros).average().orElse(0);
        Arrays.sort(micros);
        return new double[] {micros[micros.length / 2], mean};
    }

    private static List<String> concat(List<String> a, List<String> b) {
        List<String> all = new ArrayList<>(a);
        all.addAll(b);
        return List.copyOf(all);
    }

    private static boolean isHan(int cp) {
        return Character.UnicodeScript.of(cp) == Character.UnicodeScript.HAN;
    }
}
