package dev.pmmemory.domain.privacy;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.YearMonth;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.statistics.Statistics;
import net.jqwik.api.Tuple;
import net.jqwik.api.Tuple.Tuple2;

class RedactorPropertiesTest {
    private final Redactor redactor = new Redactor();

    @Property
    void redactingTwiceChangesNothing(@ForAll("mixedText") String text) {
        Redaction once = redactor.redact(text);
        Redaction twice = redactor.redact(once.text());

        assertThat(twice.text()).isEqualTo(once.text());
        assertThat(twice.kinds()).isEmpty();
        assertThat(once.kinds()).allSatisfy(kind -> assertThat(once.text()).contains(kind.marker()));
        // the generator must actually produce secrets, or the property proves little
        Statistics.collect(once.redactedAnything() ? "redacted" : "untouched");
        Statistics.coverage(coverage -> coverage.check("redacted").percentage(p -> p > 30));
    }

    @Property
    void validCardNumbersNeverSurvive(@ForAll("cardNumber") String card, @ForAll("chinese") String before,
            @ForAll("chinese") String after) {
        assertSecretGone(before + card + after, card);
    }

    @Property
    void validResidentIdsNeverSurvive(@ForAll("residentId") String id, @ForAll("chinese") String before,
            @ForAll("chinese") String after) {
        assertSecretGone(before + id + after, id);
    }

    @Property
    void mobileNumbersNeverSurvive(@ForAll("mobileNumber") String mobile, @ForAll("chinese") String before,
            @ForAll("chinese") String after) {
        assertSecretGone(before + mobile + after, mobile);
    }

    @Property
    void chineseTextWithoutDigitsOrLabelsIsUnchanged(@ForAll("chinese") String text) {
        // the generated range has no 密码/口令/密钥/令牌 pair only by chance; the check tolerates it
        Redaction redaction = redactor.redact(text);

        if (!text.contains("密码") && !text.contains("口令") && !text.contains("密钥") && !text.contains("令牌")) {
            assertThat(redaction.text()).isEqualTo(text);
        }
    }

    private void assertSecretGone(String message, String secret) {
        Redaction redaction = redactor.redact(message);

        assertThat(redaction.text()).doesNotContain(secret);
        assertThat(redaction.text()).doesNotContain(Fakes.digitsOf(secret));
        assertThat(redaction.text()).doesNotContainPattern("[0-9]");
        assertThat(redaction.redactedAnything()).isTrue();
    }

    @Provide
    Arbitrary<String> chinese() {
        return Arbitraries.strings().withCharRange('\u4e00', '\u9fa5').withChars('，', '。', '：', ' ')
                .ofMaxLength(8);
    }

    @Provide
    Arbitrary<String> cardNumber() {
        Arbitrary<String> digits = Arbitraries.integers().between(13, 19)
                .flatMap(length -> Arbitraries.strings().numeric().ofLength(length - 1))
                .map(Fakes::withLuhnDigit);
        return Combinators.combine(digits, Arbitraries.of("", " ", "-"))
                .as((card, separator) -> separator.isEmpty() ? card : Fakes.grouped(card, separator));
    }

    @Provide
    Arbitrary<String> residentId() {
        Arbitrary<String> region = Arbitraries.strings().numeric().ofLength(6);
        Arbitrary<YearMonth> yearMonth = Combinators.combine(
                Arbitraries.integers().between(1900, 2099), Arbitraries.integers().between(1, 12)).as(YearMonth::of);
        Arbitrary<String> birthDate = yearMonth.flatMap(ym -> Arbitraries.integers().between(1, ym.lengthOfMonth())
                .map(day -> String.format("%04d%02d%02d", ym.getYear(), ym.getMonthValue(), day)));
        Arbitrary<String> sequence = Arbitraries.strings().numeric().ofLength(3);
        return Combinators.combine(region, birthDate, sequence, Arbitraries.of(true, false))
                .as((r, b, s, upper) -> {
                    String id = Fakes.withResidentIdCheckChar(r + b + s);
                    return upper ? id : id.toLowerCase();
                });
    }

    @Provide
    Arbitrary<String> mobileNumber() {
        Arbitrary<String> number = Combinators.combine(
                Arbitraries.integers().between(3, 9), Arbitraries.strings().numeric().ofLength(9))
                .as((second, rest) -> "1" + second + rest);
        Arbitrary<String> format = Arbitraries.of("plain", "+86", "+86 ", "86", "spaced", "hyphenated", "+86 spaced");
        return Combinators.combine(number, format).as(Fakes::formatMobile);
    }

    @Provide
    Arbitrary<String> mixedText() {
        Arbitrary<String> token = Arbitraries.frequencyOf(List.of(
                weighted(4, Arbitraries.strings().withCharRange('\u4e00', '\u9fa5').ofMinLength(1).ofMaxLength(4)),
                weighted(3, Arbitraries.strings().alpha().ofMinLength(1).ofMaxLength(20)),
                weighted(4, Arbitraries.strings().numeric().ofMinLength(1).ofMaxLength(20)),
                weighted(1, Arbitraries.strings().withCharRange('!', '~').ofMinLength(1).ofMaxLength(6)),
                weighted(6, Arbitraries.of(List.of("密码", "口令", "password", "PWD", "passwd", "ｐａｓｓｗｏｒｄ", "key",
                        "token", "secret", "api_key", "密钥", "令牌", "Bearer ", "sk-", "sk-proj-", "AKIA", "ghp_",
                        "是", "为", " is ", ":", "：", "=", "＝", " ", " ", "　", "-", "+86", "86", "，", "。", "\"",
                        "'", "“", "\n", "X", "[REDACTED:password]", "[REDACTED:bank_card]", "[REDACTED:", "]",
                        "４１１１", "2026-05-09", "估值 300 亿"))),
                weighted(1, cardNumber()),
                weighted(1, residentId()),
                weighted(1, mobileNumber())));
        return token.list().ofMaxSize(25).map(tokens -> String.join("", tokens));
    }

    private static Tuple2<Integer, Arbitrary<String>> weighted(int weight, Arbitrary<String> arbitrary) {
        return Tuple.of(weight, arbitrary);
    }
}
