package dev.pmmemory.domain.privacy;

import java.util.regex.Pattern;

/**
 * PRC resident ID numbers: 17 digits + digit or X, a plausible birth date and a valid MOD 11-2
 * checksum. Runs before the bank-card finder: an 18-digit ID may pass Luhn by chance, and then it is
 * still an ID.
 */
final class ResidentIdFinder implements SecretFinder {
    private static final Pattern CANDIDATE = Pattern.compile("(?<![0-9A-Za-z])[0-9]{17}[0-9Xx](?![0-9A-Za-z])");

    @Override
    public void find(String view, Claims claims) {
        Matches.offerEach(CANDIDATE, view, m -> Checksums.isResidentId(m.group())
                && claims.claim(m.start(), m.end(), SecretKind.RESIDENT_ID));
    }
}
