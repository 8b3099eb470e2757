package dev.pmmemory.domain.privacy;

import java.util.ArrayList;
import java.util.List;

/**
 * Bank-card numbers: 13–19 digits passing Luhn, written as one run or in groups of four separated
 * by single spaces or hyphens (the last group may be shorter: 6222 0212 3456 7890 123).
 *
 * <p>A plain run must be the whole digit run and not touch ASCII letters. A grouped number may be
 * followed by further digit groups ("4111 1111 1111 1111 2026"): every group boundary that gives
 * 13–19 digits is tried, longest first, and the first that passes Luhn is the card.
 */
final class BankCardFinder implements SecretFinder {
    private static final int MIN_DIGITS = 13;
    private static final int MAX_DIGITS = 19;
    private static final int GROUP = 4;

    @Override
    public void find(String view, Claims claims) {
        for (int start = 0; start < view.length(); start++) {
            if (Text.isAsciiDigit(view.charAt(start)) && (start == 0 || !Text.isAsciiAlnum(view.charAt(start - 1)))) {
                claimLongestValid(view, start, claims);
            }
        }
    }

    private static void claimLongestValid(String view, int start, Claims claims) {
        List<Integer> ends = candidateEnds(view, start);
        for (int k = ends.size() - 1; k >= 0; k--) {
            int end = ends.get(k);
            boolean touchesLetter = end < view.length() && Text.isAsciiLetter(view.charAt(end));
            if (!touchesLetter && Checksums.passesLuhn(Text.digitsOnly(view.substring(start, end)))
                    && claims.claim(start, end, SecretKind.BANK_CARD)) {
                return;
            }
        }
    }

    /** Ends (exclusive, increasing) of the 13–19-digit readings starting at {@code start}. */
    private static List<Integer> candidateEnds(String view, int start) {
        List<Integer> ends = new ArrayList<>();
        int runEnd = digitRunEnd(view, start);
        int runLength = runEnd - start;
        if (runLength >= MIN_DIGITS && runLength <= MAX_DIGITS) {
            ends.add(runEnd);
        }
        if (runLength != GROUP) {
            return ends;
        }
        int digits = GROUP;
        int pos = runEnd;
        while (pos + 1 < view.length() && isGroupSeparator(view.charAt(pos))
                && Text.isAsciiDigit(view.charAt(pos + 1))) {
            int groupEnd = digitRunEnd(view, pos + 1);
            int group = groupEnd - (pos + 1);
            digits += group;
            if (group > GROUP || digits > MAX_DIGITS) {
                break;
            }
            pos = groupEnd;
            if (digits >= MIN_DIGITS) {
                ends.add(pos);
            }
            if (group < GROUP) {
                break; // a short group can only be the last one
            }
        }
        return ends;
    }

    private static boolean isGroupSeparator(char c) {
        return c == ' ' || c == '-';
    }

    private static int digitRunEnd(String view, int from) {
        int i = from;
        while (i < view.length() && Text.isAsciiDigit(view.charAt(i))) {
            i++;
        }
        return i;
    }
}
