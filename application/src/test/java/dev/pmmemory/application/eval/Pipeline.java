package dev.pmmemory.application.eval;

import dev.pmmemory.domain.lexicon.TextAnalyzers;
import dev.pmmemory.application.port.out.Embeddings;
import dev.pmmemory.application.port.out.MemoryStore;
import dev.pmmemory.application.service.ContextRecall;
import dev.pmmemory.application.service.FeedbackIntake;
import dev.pmmemory.application.testing.SequentialIds;
import dev.pmmemory.domain.classify.Classifier;
import dev.pmmemory.domain.classify.ClassifierChain;
import dev.pmmemory.domain.lexicon.Lexicon;
import dev.pmmemory.domain.classify.RuleClassifier;
import dev.pmmemory.domain.memory.MemoryType;
import dev.pmmemory.domain.privacy.Redactor;
import dev.pmmemory.domain.recall.HybridMatch;
import dev.pmmemory.domain.recall.RankingMode;
import dev.pmmemory.domain.text.Segmenter;
import dev.pmmemory.domain.text.TextAnalyzer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Optional;

/**
 * The production wiring of the write and read paths (rules only, real redactor) for one lexicon:
 * the shipped default, or the deployment file named by {@code -Dpmmemory.eval.lexicon}.
 */
final class Pipeline {
    final Lexicon lexicon;
    final TextAnalyzer analyzer;
    final Classifier classifier;
    private final RuleClassifier ruleClassifier;
    private final Redactor redactor = new Redactor();
    /** Semantic recall: on when present. */
    private final Optional<Embeddings> embeddings;
    private final HybridMatch hybrid;
    private final RankingMode ranking;

    Pipeline(Lexicon lexicon) {
        this(lexicon, TextAnalyzers.from(lexicon), Optional.empty(), HybridMatch.defaults(0.0), RankingMode.RELEVANCE,
                new ClassifierChain(List.of(new RuleClassifier(lexicon))));
    }

    private Pipeline(Lexicon lexicon, TextAnalyzer analyzer, Optional<Embeddings> embeddings, HybridMatch hybrid,
                     RankingMode ranking, Classifier classifier) {
        this.lexicon = lexicon;
        this.analyzer = analyzer;
        this.classifier = classifier;
        this.ruleClassifier = new RuleClassifier(lexicon);
        this.embeddings = embeddings;
        this.hybrid = hybrid;
        this.ranking = ranking;
    }

    /** The same pipeline with semantic recall on. */
    Pipeline withSemanticRecall(Embeddings model, HybridMatch mix) {
        return new Pipeline(lexicon, analyzer, Optional.of(model), mix, ranking, classifier);
    }

    /** The same pipeline with Han text cut into recall terms by the given segmenter. */
    Pipeline withSegmenter(Segmenter segmenter) {
        return new Pipeline(lexicon, TextAnalyzers.from(lexicon, segmenter), embeddings, hybrid, ranking, classifier);
    }

    /** The same pipeline ordering recall in {@code mode} (memory.ranking). */
    Pipeline withRanking(RankingMode mode) {
        return new Pipeline(lexicon, analyzer, embeddings, hybrid, mode, classifier);
    }

    /** The same pipeline with {@code link} asked after the rules (the production chain: questions end it). */
    Pipeline withFallback(Classifier link) {
        return withFallback(link, java.util.Optional.empty());
    }

    /** As {@link #withFallback(Classifier)}, the rules' type also open to a second opinion. */
    Pipeline withFallback(Classifier link, java.util.Optional<dev.pmmemory.domain.classify.SecondOpinion> second) {
        return new Pipeline(lexicon, analyzer, embeddings, hybrid, ranking,
                new ClassifierChain(List.of(ruleClassifier, link), second));
    }

    /** The same pipeline with the classifier {@code chain} builds around the rules. */
    Pipeline withChain(java.util.function.Function<Classifier, Classifier> chain) {
        return new Pipeline(lexicon, analyzer, embeddings, hybrid, ranking, chain.apply(ruleClassifier));
    }

    /** The rules' answer, telling a recognised question apart from no signal, as the write path sees the message. */
    dev.pmmemory.domain.classify.Classification rules(String message) {
        String text = redactor.redact(message).text();
        return ruleClassifier.classification(text, analyzer.analyze(text).entities());
    }

    /** The redacted text the classifiers are given. */
    String redacted(String message) {
        return redactor.redact(message).text();
    }

    static Pipeline configured() {
        String path = System.getProperty("pmmemory.eval.lexicon");
        if (path == null || path.isBlank()) {
            return new Pipeline(Lexicon.loadDefault());
        }
        try {
            return new Pipeline(Lexicon.parse(Files.readString(Path.of(path), StandardCharsets.UTF_8)));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read lexicon " + path, e);
        }
    }

    /** What the write path decides for a message: its type (empty = unclassified) and entities. */
    Decision decide(String message) {
        String text = redactor.redact(message).text();
        TextAnalyzer.Analysis analysis = analyzer.analyze(text);
        dev.pmmemory.domain.classify.Classification answer = classifier.classification(text, analysis.entities());
        return new Decision(answer.type(), analysis.entities(), answer.held());
    }

    /** Sequential ids, so ties in the ranking (broken by id) and hence the figures are reproducible. */
    FeedbackIntake feedbackIntake(MemoryStore store, Clock clock) {
        return new FeedbackIntake(store, classifier, lexicon, analyzer, redactor, new SequentialIds(), clock, embeddings);
    }

    ContextRecall contextRecall(MemoryStore store, Clock clock) {
        return new ContextRecall(store, lexicon, analyzer, clock, embeddings, hybrid, ranking);
    }

    /** @param held stored pending for a person to pick the type (the chain was unsure of its sign) */
    record Decision(Optional<MemoryType> type, List<String> entities, boolean held) {
        String typeName() {
            return type.map(MemoryType::wireName).orElse("none");
        }
    }
}
