package dev.pmmemory.domain.text;

import dev.pmmemory.domain.text.Units.Unit;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Finds phrases in a text by {@link Units}, each phrase carrying a value (a type, a cue kind…).
 * Latin words of at least {@value #FUZZY_MIN_LENGTH} letters (no digits) also match with one typo
 * (one insertion, deletion, substitution or swap: "intrested", "valuaton"); shorter words and
 * Han characters match exactly.
 *
 * @param <T> what a phrase stands for
 */
public final class PhraseMatcher<T> {

    static final int FUZZY_MIN_LENGTH = 7;

    private final List<Phrase<T>> phrases;
    /** Phrases by their first unit, for the ones whose first unit only matches exactly. */
    private final Map<String, List<Phrase<T>>> byFirstUnit;
    /** Phrases whose first unit may match with a typo: tried at every position where a typo can match. */
    private final List<Phrase<T>> fuzzyFirst;
    /** The same phrases by their first unit: where no typo can match, only these can (exactly). */
    private final Map<String, List<Phrase<T>>> fuzzyByFirstUnit;

    /** @param phrases phrase → value; a phrase without units (only punctuation) is ignored */
    public PhraseMatcher(Map<String, T> phrases) {
        List<Phrase<T>> compiled = new ArrayList<>();
        phrases.forEach((text, value) -> {
            List<String> units = Units.texts(text);
            if (!units.isEmpty()) {
                compiled.add(Phrase.of(text, units, Objects.requireNonNull(value)));
            }
        });
        this.phrases = List.copyOf(compiled);
        Map<String, List<Phrase<T>>> index = new HashMap<>();
        Map<String, List<Phrase<T>>> fuzzyIndex = new HashMap<>();
        List<Phrase<T>> fuzzy = new ArrayList<>();
        for (Phrase<T> phrase : this.phrases) {
            if (phrase.fuzzy()[0]) {
                fuzzy.add(phrase);
                fuzzyIndex.computeIfAbsent(phrase.units().get(0), k -> new ArrayList<>()).add(phrase);
            } else {
                index.computeIfAbsent(phrase.units().get(0), k -> new ArrayList<>()).add(phrase);
            }
        }
        this.byFirstUnit = index;
        this.fuzzyFirst = List.copyOf(fuzzy);
        this.fuzzyByFirstUnit = fuzzyIndex;
    }

    /** A phrase found at units [start, end) of the text. */
    public record Match<T>(String phrase, int start, int end, T value) {
        public int length() {
            return end - start;
        }

        boolean overlaps(Match<?> other) {
            return start < other.end && other.start < end;
        }
    }

    /**
     * @param fuzzy per unit, whether it may match with a typo: a property of the phrase, computed once
     *              here rather than at every comparison (that was the matcher's hottest spot in a profile)
     */
    private record Phrase<T>(String text, List<String> units, boolean[] fuzzy, T value) {
        static <T> Phrase<T> of(String text, List<String> units, T value) {
            boolean[] fuzzy = new boolean[units.size()];
            for (int i = 0; i < fuzzy.length; i++) {
                fuzzy[i] = fuzzyEligible(units.get(i));
            }
            return new Phrase<>(text, List.copyOf(units), fuzzy, value);
        }
    }

    /** Every occurrence of every phrase, overlapping ones included, in text order. */
    public List<Match<T>> all(List<Unit> units) {
        List<Match<T>> found = new ArrayList<>();
        for (int at = 0; at < units.size(); at++) {
            Unit unit = units.get(at);
            addMatchesAt(byFirstUnit.getOrDefault(unit.text(), List.of()), units, at, found);
            // most units (Han characters, short words) cannot be a typo of a long word: only an exact first unit
            addMatchesAt(mayBeATypo(unit) ? fuzzyFirst : fuzzyByFirstUnit.getOrDefault(unit.text(), List.of()),
                    units, at, found);
        }
        return found;
    }

    private static <T> void addMatchesAt(List<Phrase<T>> candidates, List<Unit> units, int at, List<Match<T>> found) {
        for (Phrase<T> phrase : candidates) {
            int n = phrase.units().size();
            if (at + n <= units.size() && matchesAt(phrase, units, at)) {
                found.add(new Match<>(phrase.text(), at, at + n, phrase.value()));
            }
        }
    }

    /**
     * The longest match wins where matches overlap (then the earliest, then the phrase text), so
     * 不感兴趣 hides 感兴趣 and 宝贵 hides 贵. Result in text order.
     */
    public List<Match<T>> longest(List<Unit> units) {
        List<Match<T>> candidates = all(units);
        candidates.sort(Comparator.comparingInt((Match<T> m) -> m.length()).reversed()
                .thenComparingInt(Match::start).thenComparing(Match::phrase));
        List<Match<T>> chosen = new ArrayList<>();
        for (Match<T> candidate : candidates) {
            if (chosen.stream().noneMatch(candidate::overlaps)) {
                chosen.add(candidate);
            }
        }
        chosen.sort(Comparator.comparingInt(Match::start));
        return chosen;
    }

    /** True when some phrase ends exactly at unit index {@code end} (a cue directly before a match). */
    public boolean endsAt(List<Unit> units, int end) {
        for (Phrase<T> phrase : phrases) {
            int start = end - phrase.units().size();
            if (start >= 0 && matchesAt(phrase, units, start)) {
                return true;
            }
        }
        return false;
    }

    private static boolean matchesAt(Phrase<?> phrase, List<Unit> units, int at) {
        List<String> expected = phrase.units();
        for (int i = 0; i < expected.size(); i++) {
            if (!same(expected.get(i), phrase.fuzzy()[i], units.get(at + i))) {
                return false;
            }
        }
        return true;
    }

    /** @param fuzzy whether {@code expected} may match with a typo ({@link #fuzzyEligible}) */
    private static boolean same(String expected, boolean fuzzy, Unit unit) {
        if (expected.equals(unit.text())) {
            return true;
        }
        return fuzzy && mayBeATypo(unit) && withinOneEdit(expected, unit.text());
    }

    /** Whether a text unit may match a fuzzy-eligible phrase unit with a typo (one letter fewer at least). */
    private static boolean mayBeATypo(Unit unit) {
        return unit.latin() && unit.text().length() >= FUZZY_MIN_LENGTH - 1;
    }

    static boolean fuzzyEligible(String unit) {
        if (unit.length() < FUZZY_MIN_LENGTH || !Units.isWordChar(unit.codePointAt(0))) {
            return false;
        }
        for (int i = 0; i < unit.length(); i++) {
            if (!Character.isLetter(unit.charAt(i))) {
                return false;
            }
        }
        return true;
    }

    /** Optimal string alignment distance ≤ 1: one insertion, deletion, substitution or adjacent swap. */
    static boolean withinOneEdit(String a, String b) {
        if (Math.abs(a.length() - b.length()) > 1) {
            return false;
        }
        int i = 0;
        while (i < a.length() && i < b.length() && a.charAt(i) == b.charAt(i)) {
            i++;
        }
        if (i == a.length() || i == b.length()) {
            return true; // equal, or one trailing insertion
        }
        String restA = a.substring(i + 1);
        String restB = b.substring(i + 1);
        return restA.equals(restB)                                   // substitution
                || a.substring(i).equals(restB)                      // insertion into b
                || restA.equals(b.substring(i))                      // deletion from b
                || (a.length() == b.length() && i + 1 < a.length()   // adjacent swap
                    && a.charAt(i) == b.charAt(i + 1) && a.charAt(i + 1) == b.charAt(i)
                    && a.substring(i + 2).equals(b.substring(i + 2)));
    }
}
