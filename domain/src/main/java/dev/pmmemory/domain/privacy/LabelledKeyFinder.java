package dev.pmmemory.domain.privacy;

import java.util.regex.Pattern;

/**
 * A long secret after a key / token / secret label: {@code api_key=AbC…}, {@code 密钥：…},
 * {@code "client_secret": "…"}. Only the value is replaced.
 *
 * <p>The value is at least 16 characters of {@code [A-Za-z0-9_\-./+=]}. "key" is also an ordinary
 * word, so with no separator ("key takeaways …") the value must also look random: a digit, or
 * upper and lower case mixed.
 */
final class LabelledKeyFinder implements SecretFinder {
    /**
     * key, token, secret, apikey as a word; a prefix joined by _ or - is allowed, so api_key,
     * access_key, x-api-key, client_secret, auth_token match on their last word. (No repeated prefix
     * group: Java's regex recursion overflows on long "a-a-a-…" input.)
     */
    private static final Pattern LABEL = Pattern.compile(
            "(?<![A-Za-z0-9])(?:apikey|accesskey|key|token|secret)(?![A-Za-z0-9])|密钥|秘钥|令牌",
            Pattern.CASE_INSENSITIVE);
    private static final int MIN_LENGTH = 16;

    @Override
    public void find(String view, Claims claims) {
        LabelSyntax.claimLabelledValues(LABEL, view, claims, LabelledKeyFinder::claimValue);
    }

    private static boolean claimValue(String view, LabelSyntax.ValueStart value, Claims claims) {
        int start = value.start();
        int end = start;
        while (end < view.length() && isSecretChar(view.charAt(end)) && !claims.isTaken(end)) {
            end++;
        }
        if (end - start < MIN_LENGTH) {
            return false;
        }
        boolean bare = value.separator() == LabelSyntax.Separator.NONE && !value.quoted();
        return (!bare || looksRandom(view.substring(start, end))) && claims.claim(start, end, SecretKind.API_KEY);
    }

    private static boolean isSecretChar(char c) {
        return Text.isAsciiAlnum(c) || "_-./+=".indexOf(c) >= 0;
    }

    private static boolean looksRandom(String value) {
        boolean digit = value.chars().anyMatch(c -> c >= '0' && c <= '9');
        boolean upper = value.chars().anyMatch(c -> c >= 'A' && c <= 'Z');
        boolean lower = value.chars().anyMatch(c -> c >= 'a' && c <= 'z');
        return digit || (upper && lower);
    }
}
