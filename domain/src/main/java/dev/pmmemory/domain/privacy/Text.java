package dev.pmmemory.domain.privacy;

/** Character classes shared by the finders. */
final class Text {
    private Text() {
    }

    static boolean isAsciiDigit(char c) {
        return c >= '0' && c <= '9';
    }

    static boolean isAsciiLetter(char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
    }

    static boolean isAsciiAlnum(char c) {
        return isAsciiDigit(c) || isAsciiLetter(c);
    }

    static boolean isBlank(char c) {
        return Character.isWhitespace(c) || Character.isSpaceChar(c);
    }

    /** Horizontal space only: a label and its value sit on the same line. */
    static boolean isInlineSpace(char c) {
        return c == ' ' || c == '\t';
    }

    static boolean isPunctuation(char c) {
        return switch (Character.getType(c)) {
            case Character.CONNECTOR_PUNCTUATION, Character.DASH_PUNCTUATION, Character.START_PUNCTUATION,
                    Character.END_PUNCTUATION, Character.INITIAL_QUOTE_PUNCTUATION,
                    Character.FINAL_QUOTE_PUNCTUATION, Character.OTHER_PUNCTUATION -> true;
            default -> false;
        };
    }

    /** Chinese / full-width punctuation (，。；：！？、“”（）…): never part of a secret. */
    static boolean isNonAsciiPunctuation(char c) {
        return c >= 0x80 && isPunctuation(c);
    }

    static boolean isHan(int codePoint) {
        return Character.UnicodeScript.of(codePoint) == Character.UnicodeScript.HAN;
    }

    static String digitsOnly(CharSequence s) {
        StringBuilder digits = new StringBuilder(s.length());
        for (int i = 0; i < s.length(); i++) {
            if (isAsciiDigit(s.charAt(i))) {
                digits.append(s.charAt(i));
            }
        }
        return digits.toString();
    }
}
