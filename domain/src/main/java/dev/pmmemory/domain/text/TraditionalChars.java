package dev.pmmemory.domain.text;

import java.util.Arrays;
import java.util.Map;

/**
 * Traditional Han characters read as their simplified forms before matching: a PM who writes
 * 商湯 or 智譜可以推進 means 商汤 and 智谱可以推进, and the dictionary, the triggers and the
 * registry are written in simplified characters. One character for one, within the BMP, so
 * every offset in the read text is the offset in the text as written.
 */
public final class TraditionalChars {
    /** No folding: text is matched as written. */
    public static final TraditionalChars NONE = new TraditionalChars(new char[0]);

    /** Indexed by the traditional character; 0 where a character stays as it is. */
    private final char[] simplified;

    private TraditionalChars(char[] simplified) {
        this.simplified = simplified;
    }

    /** @param pairs traditional → simplified, each one BMP character */
    public static TraditionalChars of(Map<Character, Character> pairs) {
        int size = pairs.keySet().stream().mapToInt(c -> c + 1).max().orElse(0);
        char[] table = new char[size];
        pairs.forEach((from, to) -> table[from] = to);
        return new TraditionalChars(table);
    }

    /** How many characters are folded. */
    public int size() {
        int n = 0;
        for (char c : simplified) {
            if (c != 0) {
                n++;
            }
        }
        return n;
    }

    /** {@code text} with every listed traditional character replaced by its simplified form (same length). */
    public String simplify(String text) {
        char[] chars = null;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c < simplified.length && simplified[c] != 0) {
                if (chars == null) {
                    chars = text.toCharArray();
                }
                chars[i] = simplified[c];
            }
        }
        return chars == null ? text : new String(chars);
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof TraditionalChars that && Arrays.equals(simplified, that.simplified);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(simplified);
    }
}
