package dev.pmmemory.domain.text;

import java.text.Normalizer;
import java.util.Locale;

/**
 * Pure text normalisation shared by extraction, dedup and classification.
 * NFKC first so that full-width forms (Ｏｐｅｎ, ！) compare equal to their ASCII forms.
 */
public final class TextNormalizer {

    /** Fixpoints are reached in one or two rounds; the bound only guards against a pathological cycle. */
    private static final int MAX_ROUNDS = 8;

    private TextNormalizer() {
    }

    /** NFKC then lower case (ROOT locale, so results never depend on the machine's locale). */
    public static String nfkcLower(String s) {
        // most text (ASCII, Han, the usual CJK punctuation) is already NFKC: skip the normaliser, which
        // is most of the lexicon's parse at start-up and a share of every add
        if (onlyStableChars(s)) {
            return s.toLowerCase(Locale.ROOT);
        }
        return nfkcLowerFully(s);
    }

    /** {@link #nfkcLower} without the shortcut: the reference its tests compare with. */
    static String nfkcLowerFully(String s) {
        // Lower-casing can produce a string that NFKC changes again (and vice versa) for a few
        // exotic code points; iterating to a fixpoint keeps the function idempotent.
        String current = Normalizer.normalize(s, Normalizer.Form.NFKC).toLowerCase(Locale.ROOT);
        for (int i = 0; i < MAX_ROUNDS; i++) {
            String next = Normalizer.normalize(current, Normalizer.Form.NFKC).toLowerCase(Locale.ROOT);
            if (next.equals(current)) {
                break;
            }
            current = next;
        }
        return current;
    }

    /**
     * Whether every character is one NFKC leaves as it is and composes with none of the others, with a
     * lower case that is ASCII or itself: tab and line ends, printable ASCII, CJK unified ideographs,
     * 、。 〈〉《》「」『』【】〔〕, curly quotes, middle dot and em dash (not …, which NFKC makes "...").
     */
    static boolean onlyStableChars(String s) {
        for (int i = 0; i < s.length(); i++) {
            if (!stable(s.charAt(i))) {
                return false;
            }
        }
        return true;
    }

    private static boolean stable(char c) {
        return (c >= 0x20 && c <= 0x7E) || (c >= 0x4E00 && c <= 0x9FFF) || c == '\t' || c == '\n' || c == '\r'
                || c == 0x3001 || c == 0x3002 || (c >= 0x3008 && c <= 0x3011) || c == 0x3014 || c == 0x3015
                || c == 0x2018 || c == 0x2019 || c == 0x201C || c == 0x201D || c == 0x00B7 || c == 0x2014;
    }

    /**
     * The dedup form of a message: NFKC, lower case, with every whitespace, separator,
     * punctuation, symbol and invisible control/format character removed.
     * "OpenAI 估值高！" and "openai估值高" normalise equal.
     */
    public static String normalise(String content) {
        // Removing a character can bring a base letter next to a combining mark that NFKC then
        // composes, so normalise and strip until nothing changes (idempotence).
        String current = strip(nfkcLower(content));
        for (int i = 0; i < MAX_ROUNDS; i++) {
            String next = strip(nfkcLower(current));
            if (next.equals(current)) {
                break;
            }
            current = next;
        }
        return current;
    }

    private static String strip(String s) {
        StringBuilder out = new StringBuilder(s.length());
        s.codePoints().filter(cp -> !isNoise(cp)).forEach(out::appendCodePoint);
        return out.toString();
    }

    /** Whitespace, separators, punctuation, symbols and invisible characters. */
    static boolean isNoise(int cp) {
        if (Character.isWhitespace(cp) || Character.isSpaceChar(cp)) {
            return true;
        }
        switch (Character.getType(cp)) {
            case Character.CONNECTOR_PUNCTUATION:
            case Character.DASH_PUNCTUATION:
            case Character.START_PUNCTUATION:
            case Character.END_PUNCTUATION:
            case Character.INITIAL_QUOTE_PUNCTUATION:
            case Character.FINAL_QUOTE_PUNCTUATION:
            case Character.OTHER_PUNCTUATION:
            case Character.MATH_SYMBOL:
            case Character.CURRENCY_SYMBOL:
            case Character.MODIFIER_SYMBOL:
            case Character.OTHER_SYMBOL:
            case Character.CONTROL:
            case Character.FORMAT:
                return true;
            default:
                return false;
        }
    }
}
