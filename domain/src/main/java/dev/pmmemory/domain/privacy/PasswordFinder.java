package dev.pmmemory.domain.privacy;

import java.util.regex.Pattern;

/**
 * A password given with a label: {@code 密码是 Abc12345!} → {@code 密码是 [REDACTED:password]}.
 * Only the value is replaced; the label stays so the message still reads naturally.
 *
 * <p>Decided rules, all to keep ordinary talk about passwords intact:
 * <ul>
 *   <li>The value is a run of non-whitespace characters; it stops at Chinese/full-width punctuation
 *       (，。；：！？、…) and at an existing {@code [REDACTED:…]} marker. ASCII punctuation may be part
 *       of a password, so it does not stop the value.</li>
 *   <li>After 是 / 为 / is or no separator, the value also stops at Chinese characters: unspaced
 *       Chinese text such as 密码是Abc123请保管 keeps 请保管, and 密码是否 / 密码为空 / 密码学 are no
 *       passwords at all. After : ： = or inside quotes anything up to the stop characters is taken.</li>
 *   <li>With no separator at all (label, spaces, value) the value must look like a credential — a
 *       digit or a symbol such as @#$%&*_ — so "password policy", "password manager" stay as they
 *       are while "pwd Abc12345!" is redacted.</li>
 *   <li>A label followed by nothing ({@code password} at the end of the text) is left untouched.</li>
 * </ul>
 */
final class PasswordFinder implements SecretFinder {
    private static final Pattern LABEL = Pattern.compile(
            "(?<![A-Za-z0-9])(?:password|passwd|pwd)(?![A-Za-z0-9])|密码|口令", Pattern.CASE_INSENSITIVE);
    private static final String CREDENTIAL_SYMBOLS = "@#$%^&*_+=~|\\<>{}[]";

    @Override
    public void find(String view, Claims claims) {
        LabelSyntax.claimLabelledValues(LABEL, view, claims, PasswordFinder::claimValue);
    }

    private static boolean claimValue(String view, LabelSyntax.ValueStart value, Claims claims) {
        int start = value.start();
        int end = start;
        while (end < view.length()) {
            char c = view.charAt(end);
            int codePoint = view.codePointAt(end);
            if (c == value.closingQuote() || Text.isBlank(c) || Text.isNonAsciiPunctuation(c)
                    || claims.isTaken(end) || (!value.explicit() && Text.isHan(codePoint))) {
                break;
            }
            end += Character.charCount(codePoint);
        }
        if (end == start) {
            return false;
        }
        boolean bare = value.separator() == LabelSyntax.Separator.NONE && !value.quoted();
        return (!bare || looksLikeCredential(view.substring(start, end)))
                && claims.claim(start, end, SecretKind.PASSWORD);
    }

    private static boolean looksLikeCredential(String value) {
        return value.chars().anyMatch(c -> Text.isAsciiDigit((char) c) || CREDENTIAL_SYMBOLS.indexOf(c) >= 0);
    }
}
