package dev.pmmemory.domain.classify;

import java.util.ArrayList;
import java.util.List;

/**
 * A message cut into clauses at punctuation, so negation and questions stay local:
 * in "OpenAI 估值太高，谁会投？" only the second clause is a question.
 */
final class Clauses {

    /** Clause-ending characters (after NFKC: full-width ，！？ are already ASCII). */
    private static final String TERMINATORS = ",;:!?\n\r\u3001\u3002\u2026\uFF61\uFF64";

    private Clauses() {
    }

    /** @param text ends with its terminator, if it had one; has at least one letter or digit */
    record Clause(String text) {
        /** True when the clause, without its trailing punctuation other than a marker, ends with a marker. */
        boolean endsWithAny(List<String> markers) {
            String trimmed = text.strip();
            if (markers.stream().anyMatch(trimmed::endsWith)) {
                return true;
            }
            int end = trimmed.length();
            while (end > 0 && (TERMINATORS.indexOf(trimmed.charAt(end - 1)) >= 0 || trimmed.charAt(end - 1) == '.'
                    || Character.isWhitespace(trimmed.charAt(end - 1)))) {
                end--;
            }
            String bare = trimmed.substring(0, end);
            return markers.stream().anyMatch(bare::endsWith);
        }
    }

    /**
     * @param text nfkcLower text; a full stop ends a clause unless a Latin letter or digit follows
     *             it ("01.ai", "3.5" stay whole)
     */
    static List<Clause> split(String text) {
        List<Clause> clauses = new ArrayList<>();
        int start = 0;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            boolean stop = TERMINATORS.indexOf(c) >= 0
                    || (c == '.' && (i + 1 == text.length() || !Character.isLetterOrDigit(text.charAt(i + 1))));
            if (stop) {
                add(clauses, text.substring(start, i + 1));
                start = i + 1;
            }
        }
        add(clauses, text.substring(start));
        return clauses;
    }

    private static void add(List<Clause> clauses, String text) {
        if (text.codePoints().anyMatch(Character::isLetterOrDigit)) {
            clauses.add(new Clause(text));
        }
    }
}
