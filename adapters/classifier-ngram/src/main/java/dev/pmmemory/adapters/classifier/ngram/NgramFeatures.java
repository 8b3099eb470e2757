package dev.pmmemory.adapters.classifier.ngram;

import dev.pmmemory.domain.text.TextNormalizer;
import java.util.ArrayList;
import java.util.List;

/**
 * What the model sees of a message: whole Latin words (with apostrophes: don't) and, of every run
 * of other letters (Han), its character 1-, 2- and 3-grams. No segmenter: a slip (推劲) or a name
 * nobody listed still shares most of its n-grams with what the PM usually writes.
 */
final class NgramFeatures {

    private NgramFeatures() {
    }

    static List<String> of(String message) {
        List<String> features = new ArrayList<>();
        String previousWord = null;
        for (String run : TextNormalizer.nfkcLower(message).split("[^\\p{L}\\p{N}']+")) {
            if (run.isEmpty()) {
                continue;
            }
            if (run.codePoints().allMatch(cp -> cp < 0x3000)) {
                features.add("w:" + run);
                if (previousWord != null) {
                    features.add("b:" + previousWord + " " + run);
                }
                previousWord = run;
                continue;
            }
            previousWord = null;
            int[] cps = run.codePoints().toArray();
            for (int n = 1; n <= 3; n++) {
                for (int i = 0; i + n <= cps.length; i++) {
                    features.add("c:" + new String(cps, i, n));
                }
            }
        }
        return features;
    }
}
