package dev.pmmemory.domain.privacy;

/**
 * Builds obviously fake but valid test numbers. Check digits are computed here independently of the
 * production code, so a wrong checksum there cannot hide behind the same mistake here.
 */
final class Fakes {
    private static final int[] ID_WEIGHTS = {7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2};

    private Fakes() {
    }

    static String withLuhnDigit(String payload) {
        int sum = 0;
        for (int i = 0; i < payload.length(); i++) {
            int d = payload.charAt(payload.length() - 1 - i) - '0';
            if (i % 2 == 0) { // doubled, since the check digit will sit to its right
                d = d * 2 > 9 ? d * 2 - 9 : d * 2;
            }
            sum += d;
        }
        return payload + (10 - sum % 10) % 10;
    }

    static String withResidentIdCheckChar(String first17) {
        int sum = 0;
        for (int i = 0; i < 17; i++) {
            sum += (first17.charAt(i) - '0') * ID_WEIGHTS[i];
        }
        return first17 + "10X98765432".charAt(sum % 11);
    }

    static String grouped(String digits, String separator) {
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < digits.length(); i += 4) {
            if (i > 0) {
                out.append(separator);
            }
            out.append(digits, i, Math.min(i + 4, digits.length()));
        }
        return out.toString();
    }

    static String formatMobile(String number, String format) {
        String spaced = number.substring(0, 3) + " " + number.substring(3, 7) + " " + number.substring(7);
        return switch (format) {
            case "plain" -> number;
            case "+86" -> "+86" + number;
            case "+86 " -> "+86 " + number;
            case "86" -> "86" + number;
            case "spaced" -> spaced;
            case "hyphenated" -> spaced.replace(' ', '-');
            case "+86 spaced" -> "+86 " + spaced;
            default -> throw new IllegalArgumentException(format);
        };
    }

    static String digitsOf(String s) {
        return s.replaceAll("[^0-9]", "");
    }
}
