package dev.pmmemory.domain.privacy;

import java.util.List;
import java.util.regex.Pattern;

/**
 * API keys and tokens recognisable by their own shape, wherever they appear: OpenAI/Anthropic style
 * {@code sk-…} (sk-proj-…, sk-ant-…), AWS access key ids, GitHub tokens, and the token after
 * "Bearer" (the word itself stays). Boundaries keep "task-…" or a longer upper-case run from matching.
 */
final class ApiKeyFinder implements SecretFinder {
    private static final List<Pattern> WHOLE = List.of(
            Pattern.compile("(?<![A-Za-z0-9_-])sk-[A-Za-z0-9_-]{16,}"),
            Pattern.compile("(?<![A-Za-z0-9])AKIA[A-Z0-9]{16}(?![A-Za-z0-9])"),
            Pattern.compile("(?<![A-Za-z0-9_])(?:gh[pousr]_|github_pat_)[A-Za-z0-9_]{20,}"));
    private static final Pattern BEARER = Pattern.compile(
            "(?<![A-Za-z0-9])(?i:bearer)[ \\t]+([A-Za-z0-9._~+/-]{16,}=*)");

    @Override
    public void find(String view, Claims claims) {
        for (Pattern pattern : WHOLE) {
            Matches.offerEach(pattern, view, m -> claims.claim(m.start(), m.end(), SecretKind.API_KEY));
        }
        // the whole token after Bearer, also when a key shape inside it was claimed above
        Matches.offerEach(BEARER, view, m -> claims.claimFreeParts(m.start(1), m.end(1), SecretKind.API_KEY));
    }
}
