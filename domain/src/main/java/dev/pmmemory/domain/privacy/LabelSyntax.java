package dev.pmmemory.domain.privacy;

import java.util.Optional;
import java.util.regex.Pattern;

/**
 * What may stand between a label (密码, password, token, …) and its value:
 * {@code 密码是 Abc12345!}, {@code password: x}, {@code "api_key": "…"}, {@code pwd x}.
 */
final class LabelSyntax {
    private LabelSyntax() {
    }

    /** Takes the value that starts at {@code value}, if it is one; says whether it did. */
    interface ValueClaim {
        boolean take(String view, ValueStart value, Claims claims);
    }

    /**
     * For each free match of {@code label}, finds where its value starts and lets {@code claim}
     * decide what of it is the secret: the part every labelled finder shares.
     */
    static void claimLabelledValues(Pattern label, String view, Claims claims, ValueClaim claim) {
        Matches.offerEach(label, view, m -> !claims.isTaken(m.start())
                && valueAfter(view, m.end(), Text.isAsciiLetter(view.charAt(m.start())))
                        .map(value -> claim.take(view, value, claims))
                        .orElse(false));
    }

    /** How explicitly the text says "the value follows". */
    enum Separator {
        /** nothing but spaces: the value must look like a credential to count */
        NONE,
        /** 是 / 为 / is: words that also begin ordinary sentences (密码是否…, 密码为空) */
        WORD,
        /** : ： =  */
        SYMBOL
    }

    /**
     * Where the value starts.
     *
     * @param start        index of the first value character (after an opening quote, if any)
     * @param separator    the strongest separator seen
     * @param closingQuote the quote that ends a quoted value, or 0 when the value is not quoted
     */
    record ValueStart(int start, Separator separator, char closingQuote) {
        boolean quoted() {
            return closingQuote != 0;
        }

        /** A symbol separator or quotes leave no doubt that what follows is the value. */
        boolean explicit() {
            return separator == Separator.SYMBOL || quoted();
        }
    }

    /**
     * Parses what follows a label ending at {@code labelEnd}. An ASCII label needs a separator or a
     * space before its value, so "pwd/reset" or "token_type" are no labels; a Chinese label may be
     * glued to its value ("密码Abc12345"), as Chinese text has no spaces.
     */
    static Optional<ValueStart> valueAfter(String view, int labelEnd, boolean asciiLabel) {
        int n = view.length();
        int i = labelEnd;
        if (i < n && isAsciiQuote(view.charAt(i))) {
            i++; // the closing quote of a quoted key: "password": "…"
        }
        int afterLabel = i;
        i = skipInlineSpace(view, i);
        Separator separator = Separator.NONE;
        for (int k = 0; k < 2 && i < n; k++) { // at most two, as in 密码是：…
            char c = view.charAt(i);
            if (c == ':' || c == '：' || c == '=') {
                separator = Separator.SYMBOL;
                i = skipInlineSpace(view, i + 1);
            } else if (c == '是' || c == '为') {
                separator = stronger(separator, Separator.WORD);
                i = skipInlineSpace(view, i + 1);
            } else if (i > afterLabel && isWordIs(view, i)) {
                separator = stronger(separator, Separator.WORD);
                i = skipInlineSpace(view, i + 2);
            } else {
                break;
            }
        }
        if (separator == Separator.NONE && asciiLabel && i == afterLabel) {
            return Optional.empty();
        }
        char closingQuote = 0;
        if (i < n) {
            closingQuote = closingQuoteFor(view.charAt(i));
            if (closingQuote != 0) {
                i++;
            }
        }
        return Optional.of(new ValueStart(i, separator, closingQuote));
    }

    private static Separator stronger(Separator a, Separator b) {
        return a.compareTo(b) >= 0 ? a : b;
    }

    /** "is" as a word followed by a space: "password is hunter2". */
    private static boolean isWordIs(String view, int i) {
        return i + 2 < view.length()
                && (view.charAt(i) == 'i' || view.charAt(i) == 'I')
                && (view.charAt(i + 1) == 's' || view.charAt(i + 1) == 'S')
                && Text.isInlineSpace(view.charAt(i + 2));
    }

    private static int skipInlineSpace(String view, int i) {
        while (i < view.length() && Text.isInlineSpace(view.charAt(i))) {
            i++;
        }
        return i;
    }

    private static boolean isAsciiQuote(char c) {
        return c == '"' || c == '\'';
    }

    private static char closingQuoteFor(char c) {
        return switch (c) {
            case '"' -> '"';
            case '\'' -> '\'';
            case '“' -> '”';
            case '‘' -> '’';
            case '「' -> '」';
            case '『' -> '』';
            default -> 0;
        };
    }
}
