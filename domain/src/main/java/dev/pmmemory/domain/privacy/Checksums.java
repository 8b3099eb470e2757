package dev.pmmemory.domain.privacy;

import java.time.YearMonth;

/** The check-digit rules that separate real card and ID numbers from ordinary long numbers. */
final class Checksums {
    private static final int[] RESIDENT_ID_WEIGHTS = {7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2};
    private static final String RESIDENT_ID_CHECK_CHARS = "10X98765432";

    private Checksums() {
    }

    /** Luhn (mod 10) over a string of ASCII digits. */
    static boolean passesLuhn(String digits) {
        int sum = 0;
        boolean doubled = false;
        for (int i = digits.length() - 1; i >= 0; i--) {
            int d = digits.charAt(i) - '0';
            if (doubled) {
                d *= 2;
                if (d > 9) {
                    d -= 9;
                }
            }
            sum += d;
            doubled = !doubled;
        }
        return sum % 10 == 0;
    }

    /** The ISO 7064 MOD 11-2 check character ('0'–'9' or 'X') for the first 17 digits of a resident ID. */
    static char residentIdCheckChar(String first17Digits) {
        int sum = 0;
        for (int i = 0; i < 17; i++) {
            sum += (first17Digits.charAt(i) - '0') * RESIDENT_ID_WEIGHTS[i];
        }
        return RESIDENT_ID_CHECK_CHARS.charAt(sum % 11);
    }

    /** 17 digits + check character, a birth date YYYYMMDD (1900–2099) at positions 7–14, a valid checksum. */
    static boolean isResidentId(String id) {
        if (id.length() != 18) {
            return false;
        }
        for (int i = 0; i < 17; i++) {
            if (!Text.isAsciiDigit(id.charAt(i))) {
                return false;
            }
        }
        return hasPlausibleBirthDate(id)
                && Character.toUpperCase(id.charAt(17)) == residentIdCheckChar(id.substring(0, 17));
    }

    private static boolean hasPlausibleBirthDate(String id) {
        int year = Integer.parseInt(id.substring(6, 10));
        int month = Integer.parseInt(id.substring(10, 12));
        int day = Integer.parseInt(id.substring(12, 14));
        return year >= 1900 && year <= 2099
                && month >= 1 && month <= 12
                && day >= 1 && day <= YearMonth.of(year, month).lengthOfMonth();
    }
}
