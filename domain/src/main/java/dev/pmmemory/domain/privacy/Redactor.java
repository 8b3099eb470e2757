package dev.pmmemory.domain.privacy;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Replaces secrets in a message with {@code [REDACTED:<kind>]} before anything is stored
 * (rules.md §7): labelled passwords, API keys and tokens, bank-card numbers (Luhn), PRC resident
 * ID numbers (checksum) and mainland mobile numbers.
 *
 * <p>Finders run in priority order and each claims only text no earlier finder took: labelled
 * passwords first (the label says what the value is), then key shapes, then resident IDs before
 * mobiles before bank cards. Markers already in the text are claimed up front, so redacting twice
 * changes nothing. Stateless and thread-safe.
 */
public final class Redactor {
    private static final Pattern MARKER = Pattern.compile("\\[REDACTED:[a-z_]+\\]");

    private final List<SecretFinder> finders = List.of(
            new PasswordFinder(),
            new ApiKeyFinder(),
            new LabelledKeyFinder(),
            new ResidentIdFinder(),
            new MobileNumberFinder(),
            new BankCardFinder());

    /**
     * The text with each redaction marker blanked out: a marker is not something the PM said, so
     * it must not become an entity or a keyword (two messages that both held a secret would
     * otherwise share the "entity" REDACTED).
     */
    public static String withoutMarkers(String text) {
        return MARKER.matcher(text).replaceAll(" ");
    }

    public Redaction redact(String text) {
        Objects.requireNonNull(text, "text");
        String view = MatchView.of(text);
        Claims claims = new Claims();
        Matcher marker = MARKER.matcher(view);
        while (marker.find()) {
            claims.protect(marker.start(), marker.end());
        }
        for (SecretFinder finder : finders) {
            finder.find(view, claims);
        }
        return replace(text, claims.inTextOrder());
    }

    private static Redaction replace(String text, List<Finding> findings) {
        if (findings.isEmpty()) {
            return new Redaction(text, List.of());
        }
        StringBuilder out = new StringBuilder(text.length());
        Set<SecretKind> kinds = new LinkedHashSet<>();
        int pos = 0;
        for (Finding finding : findings) {
            out.append(text, pos, finding.start()).append(finding.kind().marker());
            pos = finding.end();
            kinds.add(finding.kind());
        }
        out.append(text, pos, text.length());
        return new Redaction(out.toString(), List.copyOf(kinds));
    }
}
