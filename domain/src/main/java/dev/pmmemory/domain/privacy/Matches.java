package dev.pmmemory.domain.privacy;

import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Runs a pattern over the view and offers each match to a claim. */
final class Matches {
    private Matches() {
    }

    /**
     * After a refused match (bad checksum, range already taken) the search resumes one character
     * later rather than after the match, so a refused candidate never hides a valid one that starts
     * inside it. Without this, redacting twice could find something the first pass skipped.
     */
    static void offerEach(Pattern pattern, String view, Predicate<Matcher> claim) {
        Matcher m = pattern.matcher(view);
        int from = 0;
        while (from <= view.length() && m.find(from)) {
            from = claim.test(m) ? Math.max(m.end(), m.start() + 1) : m.start() + 1;
        }
    }
}
