import dev.pmmemory.adapters.classifier.ngram.NgramClassifier;
import dev.pmmemory.domain.classify.ClassifierChain;
import dev.pmmemory.domain.classify.RuleClassifier;
import dev.pmmemory.domain.classify.SecondOpinion;
import dev.pmmemory.domain.lexicon.Lexicon;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * {@link AddLatency} with the production chain of issue 12's 7th round: rules, then the n-gram link at its
 * shipped floor, the link also the rules' second opinion at its shipped margin.
 */
public final class AddLatencyWithLink {
    public static void main(String[] args) throws Exception {
        Lexicon lexicon = Lexicon.loadDefault();
        NgramClassifier link = NgramClassifier.shipped(NgramClassifier.DEFAULT_MIN_CONFIDENCE);
        SecondOpinion second = (message, entities, rules) ->
                link.overrule(message, rules, NgramClassifier.DEFAULT_OVERRULE_MARGIN);
        AddLatency.run(Path.of(args[0]), args[1], lexicon,
                new ClassifierChain(List.of(new RuleClassifier(lexicon), link::classify), Optional.of(second)));
    }
}
