package dev.pmmemory.domain.text;

import java.util.ArrayList;
import java.util.List;

/**
 * A text as the units phrases are matched on: every Latin/digit word is one unit
 * ("interested", "let's", "50"), every other letter or ideograph is a unit of its own (一 Han
 * character each). Whitespace, punctuation and symbols separate units and are otherwise
 * ignored, so "可 以 推 进" and "可以推进" are the same units, and a Latin phrase never matches
 * inside a longer word ("pass" is not in "passenger").
 */
public final class Units {

    private Units() {
    }

    /** One unit and where it is in the text it came from. */
    public record Unit(String text, int start, int end, boolean latin) {
    }

    /** @param text already in {@link TextNormalizer#nfkcLower} form */
    public static List<Unit> of(String text) {
        List<Unit> units = new ArrayList<>();
        int i = 0;
        while (i < text.length()) {
            int cp = text.codePointAt(i);
            int next = i + Character.charCount(cp);
            if (isWordChar(cp)) {
                int end = next;
                while (end < text.length()) {
                    int c = text.codePointAt(end);
                    if (isWordChar(c)) {
                        end += Character.charCount(c);
                    } else if (isApostrophe(c) && end + 1 < text.length() && isWordChar(text.codePointAt(end + 1))) {
                        end += Character.charCount(c); // "let's", "don't": one word
                    } else {
                        break;
                    }
                }
                units.add(new Unit(text.substring(i, end).replace('\u2019', '\''), i, end, true));
                i = end;
            } else {
                if (Character.isLetter(cp) || Character.getType(cp) == Character.OTHER_LETTER) {
                    units.add(new Unit(text.substring(i, next), i, next, false));
                }
                i = next;
            }
        }
        return units;
    }

    /** The unit texts of a phrase, for matching. */
    public static List<String> texts(String phrase) {
        return of(TextNormalizer.nfkcLower(phrase)).stream().map(Unit::text).toList();
    }

    static boolean isWordChar(int cp) {
        return Character.isDigit(cp)
                || (Character.isLetter(cp) && Character.UnicodeScript.of(cp) == Character.UnicodeScript.LATIN);
    }

    private static boolean isApostrophe(int cp) {
        return cp == '\'' || cp == '\u2019';
    }
}
