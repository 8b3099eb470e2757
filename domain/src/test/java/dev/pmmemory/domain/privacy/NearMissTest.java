package dev.pmmemory.domain.privacy;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Numbers that look a bit like secrets but are the substance of investment feedback. */
class NearMissTest {
    private final Redactor redactor = new Redactor();

    @ParameterizedTest
    @ValueSource(strings = {
        "4111111111111112",                 // 16 digits failing Luhn
        "订单号 4111 1111 1111 1112",          // grouped, failing Luhn
        "110105194912310021",               // 18 digits: bad ID checksum, fails Luhn
        "110105194913310021",               // valid ID checksum but month 13
        "110105194902290029",               // valid ID checksum but 1949-02-29
        "110105189912310023",               // valid ID checksum but born 1899
        "2026-05-09",
        "20260509",
        "2026年5月9日",
        "会议定在 2026-05-09 10:30",
        "估值 300 亿",
        "$4.5B",
        "估值1200亿美元",
        "A轮融资 5000 万美元",
        "raised $30M",
        "2025",
        "2025年",
        "1234567890",                       // 10 digits
        "12345678901",                      // phone-like, starts with 12
        "电话 120-1234-5678",
        "138001380001",                     // 12 digits: no mobile inside
        "41111111111111110",                // 17 digits, a valid card plus one digit
        "v4111111111111111",                // glued to letters
        "OpenAI 2025 年估值 3000 亿美元，A轮融资 5000 万美元，2026-05-09 开会",
        "Series B $120M at a $1.2B valuation, 2024-2025",
        "ARR 从 1500 万增长到 4500 万，增速 200%",
    })
    void staysUntouched(String message) {
        Redaction redaction = redactor.redact(message);

        assertThat(redaction.text()).isEqualTo(message);
        assertThat(redaction.kinds()).isEmpty();
        assertThat(redaction.redactedAnything()).isFalse();
    }
}
