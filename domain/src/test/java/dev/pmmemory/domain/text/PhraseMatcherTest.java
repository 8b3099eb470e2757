package dev.pmmemory.domain.text;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

class PhraseMatcherTest {

    private static PhraseMatcher<String> matcher(String... phraseValuePairs) {
        Map<String, String> phrases = new LinkedHashMap<>();
        for (int i = 0; i < phraseValuePairs.length; i += 2) {
            phrases.put(phraseValuePairs[i], phraseValuePairs[i + 1]);
        }
        return new PhraseMatcher<>(phrases);
    }

    private static List<String> longest(PhraseMatcher<String> matcher, String text) {
        return matcher.longest(Units.of(TextNormalizer.nfkcLower(text))).stream().map(PhraseMatcher.Match::value).toList();
    }

    @Test
    void longestMatchHidesTheShorterOneInsideIt() {
        PhraseMatcher<String> m = matcher("感兴趣", "advance", "不感兴趣", "negative", "贵", "negative", "宝贵", "neutral");
        assertThat(longest(m, "不感兴趣")).containsExactly("negative");
        assertThat(longest(m, "感兴趣")).containsExactly("advance");
        assertThat(longest(m, "宝贵的时间，太贵")).containsExactly("neutral", "negative");
    }

    @Test
    void allKeepsOverlappingMatches() {
        PhraseMatcher<String> m = matcher("valuation", "估值", "valuation is too high", "估值高");
        assertThat(m.all(Units.of("valuation is too high")).stream().map(PhraseMatcher.Match::value))
                .containsExactlyInAnyOrder("估值", "估值高");
    }

    @Test
    void latinPhrasesMatchWholeWords() {
        PhraseMatcher<String> m = matcher("pass", "no", "let's pass", "no!");
        assertThat(longest(m, "Let's pass on it")).containsExactly("no!");
        assertThat(longest(m, "the passenger, compass")).isEmpty();
    }

    @Test
    void endsAtFindsACueDirectlyBefore() {
        PhraseMatcher<String> cues = matcher("不", "x", "不是", "x", "not", "x");
        List<Units.Unit> units = Units.of("其实不是不行");
        assertThat(cues.endsAt(units, 4)).isTrue();   // 不是 before 不行
        assertThat(cues.endsAt(units, 2)).isFalse();  // 其实 before 不是
        assertThat(cues.endsAt(Units.of("not interested"), 1)).isTrue();
        assertThat(cues.endsAt(units, 0)).isFalse();
    }

    @ParameterizedTest(name = "{0} ~ {1}: {2}")
    @CsvSource({"interested, intrested, true", "valuation, valuaton, true", "expensive, expensiv, true",
            "traveling, travelling, true", "interested, interset, false", "interested, uninterested, false",
            "meeting, meetings, true", "invest, invent, false", "schedule, schedlue, true"})
    void longLatinWordsAllowOneTypo(String phrase, String text, boolean matches) {
        assertThat(matcher(phrase, "v").longest(Units.of(text))).hasSize(matches ? 1 : 0);
    }

    @Test
    void oneEditDistance() {
        assertThat(PhraseMatcher.withinOneEdit("abcdef", "abcdef")).isTrue();
        assertThat(PhraseMatcher.withinOneEdit("abcdef", "abdcef")).isTrue();
        assertThat(PhraseMatcher.withinOneEdit("abcdef", "abcde")).isTrue();
        assertThat(PhraseMatcher.withinOneEdit("abcdef", "xbcdef")).isTrue();
        assertThat(PhraseMatcher.withinOneEdit("abcdef", "abcdefgh")).isFalse();
        assertThat(PhraseMatcher.withinOneEdit("abcdef", "badcef")).isFalse();
    }

    @Test
    void digitsAndShortWordsMatchExactly() {
        assertThat(matcher("1000000", "v").longest(Units.of("1000001"))).isEmpty();
        assertThat(matcher("pass", "v").longest(Units.of("pas"))).isEmpty();
    }

    /** Typo tolerance is a property of each unit of a phrase, not only of its first one. */
    @Test
    void aTypoIsAllowedInAnyLongUnitOfAPhraseAndOnlyThere() {
        PhraseMatcher<String> m = matcher("too expensive", "v", "series b2c", "w");
        assertThat(m.longest(Units.of("too expensiv"))).hasSize(1);      // second unit, 9 letters: one typo
        assertThat(m.longest(Units.of("tooo expensive"))).isEmpty();     // first unit, 3 letters: exact only
        assertThat(m.all(Units.of("seriez b2c"))).isEmpty();             // 6 letters: exact only
        assertThat(PhraseMatcher.fuzzyEligible("expensive")).isTrue();
        assertThat(PhraseMatcher.fuzzyEligible("expens1ve")).isFalse(); // a digit
        assertThat(PhraseMatcher.fuzzyEligible("估值估值估值估值")).isFalse();   // Han: exact only
        assertThat(PhraseMatcher.fuzzyEligible("valuat")).isFalse();    // shorter than 7
    }

    @Test
    void aPhraseOpeningWithALongWordMatchesExactlyOrWithATypoAmidHan() {
        PhraseMatcher<String> m = matcher("valuation 太高", "v");
        assertThat(m.longest(Units.of("这个 valuation 太高了"))).hasSize(1);
        assertThat(m.longest(Units.of("这个 valuaton 太高了"))).hasSize(1);
        assertThat(m.longest(Units.of("这个 valu 太高了"))).isEmpty();
        assertThat(m.longest(Units.of("估值太高了"))).isEmpty();
    }
}
