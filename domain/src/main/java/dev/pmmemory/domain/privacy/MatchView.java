package dev.pmmemory.domain.privacy;

import java.text.Normalizer;

/**
 * The text the finders match against: each character replaced by its NFKC form when that form is a
 * single character, so full-width letters, digits, '=' and spaces match like ASCII ones, while every
 * index still points at the same character of the original message (the replacement is done there).
 * Punctuation is kept as written: Chinese punctuation such as ，；： must stay distinguishable from
 * ASCII punctuation, because it ends a password while ASCII punctuation may be part of one.
 */
final class MatchView {
    private MatchView() {
    }

    static String of(String text) {
        char[] chars = text.toCharArray();
        for (int i = 0; i < chars.length; i++) {
            chars[i] = viewChar(chars[i]);
        }
        return new String(chars);
    }

    private static char viewChar(char c) {
        if (c < 0x80 || Character.isSurrogate(c) || Text.isPunctuation(c)) {
            return c;
        }
        String normalized = Normalizer.normalize(String.valueOf(c), Normalizer.Form.NFKC);
        return normalized.length() == 1 ? normalized.charAt(0) : c;
    }
}
