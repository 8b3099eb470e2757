package dev.pmmemory.application.eval;

import dev.pmmemory.domain.classify.Classification;
import dev.pmmemory.domain.classify.Classifier;
import dev.pmmemory.domain.classify.SecondOpinion;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * bench/eval for a classifier link that lives in an adapter module (test code, public for those
 * modules' tests): the labelled sets, the rules' answer per message, and the figures of the rules
 * followed by a link, printed as {@link FreshHoldoutEvaluationTest} prints the rules alone.
 */
public final class ChainEvaluation {

    /**
     * The development data: every labelled set the rules were written or tuned from (issue 12, 3rd round), and
     * since issue 31 item 1's second round the held-out sets run more than once (holdout-6, 11 to 14), since its third
     * round holdout-15 too, since its fourth round holdout-16.
     */
    public static final List<String> DEVELOPMENT = List.of(EvalSet.MESSAGES, EvalSet.HOLDOUT, EvalSet.LONGTAIL_DEV,
            EvalSet.LONGTAIL_DEV_2, EvalSet.LONGTAIL_DEV_3, EvalSet.HOLDOUT_3, EvalSet.HOLDOUT_4, EvalSet.HOLDOUT_5,
            EvalSet.LONGTAIL_DEV_4, EvalSet.HOLDOUT_7, EvalSet.HOLDOUT_8, EvalSet.TRAIN_VOICE_A, EvalSet.TRAIN_VOICE_B,
            EvalSet.TRAIN_VOICE_C, EvalSet.HOLDOUT_9, EvalSet.TRAIN_VOICE_D, EvalSet.TRAIN_VOICE_E, EvalSet.HOLDOUT_10,
            EvalSet.HOLDOUT_6, EvalSet.HOLDOUT_11, EvalSet.HOLDOUT_12, EvalSet.HOLDOUT_13, EvalSet.HOLDOUT_14,
            EvalSet.HOLDOUT_15, EvalSet.HOLDOUT_16);

    /**
     * The sets held out from the link's training and from every rule: holdout-17, written before issue 31 item 1's
     * fourth round, printed once before and once after it (HeldOutSignEvaluationTest with
     * -Dpmmemory.eval.heldout17=true), never tuned on. The earlier held-out sets joined the development data, each
     * after its after-figure was taken.
     */
    public static final List<String> HELD_OUT = List.of(EvalSet.HOLDOUT_17);

    /** The held-out set of the second round, kept printable for its recorded figures; development data since. */
    public static final String HOLDOUT_15 = EvalSet.HOLDOUT_15;

    /** The held-out set of the third round, kept printable for its recorded figures; development data since. */
    public static final String HOLDOUT_16 = EvalSet.HOLDOUT_16;

    /** A labelled message: its id, whether it is hard, its expected type ("none" = no memory), tags and text. */
    public record Example(String id, boolean hard, String type, Set<String> tags, String message) {
    }

    private static final Pipeline RULES = Pipeline.configured();

    private ChainEvaluation() {
    }

    public static List<Example> examples(String file) {
        Path dir = EvalSet.locate();
        return EvalSet.labelled(dir, file).stream()
                .map(m -> new Example(m.id(), m.hard(), m.type(), m.tags(), m.message())).toList();
    }

    /** What the shipped rules make of a message on the write path (redacted, entities extracted). */
    public static Classification rules(String message) {
        return RULES.rules(message);
    }

    /** What the rules of {@code lexicon} make of a message on the write path (an ablation of the shipped rules). */
    public static java.util.function.Function<String, Classification> rulesOf(dev.pmmemory.domain.lexicon.Lexicon lexicon) {
        return new Pipeline(lexicon)::rules;
    }

    /** The text a link is given: the message after redaction. */
    public static String redacted(String message) {
        return RULES.redacted(message);
    }

    /** The figures block (accuracy all / hard / by tag, entity P/R) of the rules followed by {@code link}, on {@code file}. */
    public static String figures(String title, String file, Classifier link) {
        return figures(title, file, link, Optional.empty());
    }

    /** The figures block of {@code chain} (built around the shipped rules, which it is given) on {@code file}. */
    public static String figuresOfChain(String title, String file,
                                        java.util.function.Function<Classifier, Classifier> chain) {
        List<EvalSet.LabelledMessage> set = EvalSet.labelled(EvalSet.locate(), file);
        return ClassificationEval.run(RULES.withChain(chain), set).figures(title, set.size()).toString();
    }

    /** The type and entity misses of {@code chain} on {@code file}, one line each (for the analysis after a figure is taken). */
    public static String missesOfChain(String file, java.util.function.Function<Classifier, Classifier> chain) {
        List<EvalSet.LabelledMessage> set = EvalSet.labelled(EvalSet.locate(), file);
        return ClassificationEval.run(RULES.withChain(chain), set).appendMisses(new StringBuilder()).toString();
    }

    /** As {@link #figures(String, String, Classifier)}, the rules' type also open to {@code second}. */
    public static String figures(String title, String file, Classifier link, Optional<SecondOpinion> second) {
        List<EvalSet.LabelledMessage> set = EvalSet.labelled(EvalSet.locate(), file);
        return ClassificationEval.run(RULES.withFallback(link, second), set).figures(title, set.size()).toString();
    }
}
