package dev.pmmemory.domain.privacy;

import java.util.regex.Pattern;

/**
 * Mainland mobile numbers: 1[3-9] + 9 digits, optionally after +86 / 86 and grouped 3-4-4 by spaces
 * or hyphens. The country code is replaced with the number. Like cards and IDs, the number must not
 * be glued to other digits or ASCII letters (a 12-digit run or a hash is no phone number).
 * Runs before the bank-card finder so that 86 + a mobile number (13 digits) is a mobile number even
 * when it happens to pass Luhn.
 */
final class MobileNumberFinder implements SecretFinder {
    private static final Pattern CANDIDATE = Pattern.compile(
            "(?<![0-9A-Za-z])(?:\\+?86[ -]?)?1[3-9][0-9](?:[0-9]{8}|[ -][0-9]{4}[ -][0-9]{4})(?![0-9A-Za-z])");

    @Override
    public void find(String view, Claims claims) {
        Matches.offerEach(CANDIDATE, view, m -> claims.claim(m.start(), m.end(), SecretKind.MOBILE_NUMBER));
    }
}
