package dev.pmmemory.domain.text;

import java.util.List;

/** Where words and runs of Han characters start and end: what every name rule needs. */
final class HanText {
    private HanText() {
    }

    static boolean isHan(int cp) {
        return Character.UnicodeScript.of(cp) == Character.UnicodeScript.HAN;
    }

    static boolean isLatinOrDigit(char c) {
        return Character.isDigit(c) || (Character.isLetter(c) && Character.UnicodeScript.of(c) == Character.UnicodeScript.LATIN);
    }

    /** Length-preserving lower case, so match offsets in the folded text are offsets in the original. */
    static String fold(String s) {
        char[] chars = s.toCharArray();
        for (int i = 0; i < chars.length; i++) {
            chars[i] = Character.toLowerCase(chars[i]);
        }
        return new String(chars);
    }

    static boolean startsWithAny(String s, int at, List<String> words) {
        for (String word : words) {
            if (s.startsWith(word, at)) {
                return true;
            }
        }
        return false;
    }

    /** At the start of the text or after punctuation, spaces aside. */
    static boolean opensClause(String nfkc, int at) {
        int i = at;
        while (i > 0 && Character.isWhitespace(nfkc.codePointBefore(i))) {
            i -= Character.charCount(nfkc.codePointBefore(i));
        }
        return i == 0 || !Character.isLetterOrDigit(nfkc.codePointBefore(i));
    }

    /** {@code start} moved past the clause openers there (虽然|硅基流动的…), never up to {@code end}. */
    static int afterClauseOpeners(String nfkc, int start, int end, List<String> clauseOpeners) {
        int at = start;
        for (boolean stripped = true; stripped; ) {
            stripped = false;
            for (String opener : clauseOpeners) {
                if (nfkc.startsWith(opener, at) && at + opener.length() < end) {
                    at += opener.length();
                    stripped = true;
                    break;
                }
            }
        }
        return at;
    }

    /**
     * Where the Han run starting at {@code from} ends: the first index from there that holds no Han
     * character, scanning no further than {@code limit} (an index of the text).
     */
    static int runEnd(String text, int from, int limit) {
        int end = from;
        while (end < limit && isHan(text.codePointAt(end))) {
            end += Character.charCount(text.codePointAt(end));
        }
        return end;
    }

    /**
     * Where the Han run ending at {@code end} starts, after its last boundary character (少推|国内大模型), at
     * most {@code limit} characters back.
     */
    static int runStartBefore(String nfkc, int end, int limit, String boundaryChars) {
        int start = end;
        while (start > 0 && end - start < limit) {
            int cp = nfkc.codePointBefore(start);
            if (!isHan(cp) || boundaryChars.indexOf(cp) >= 0) {
                break;
            }
            start -= Character.charCount(cp);
        }
        return start;
    }
}
