package dev.pmmemory.domain.privacy;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class NumberRedactionTest {
    private final Redactor redactor = new Redactor();

    @ParameterizedTest
    @CsvSource(delimiter = '|', textBlock = """
            卡号 4111111111111111，请打款          | 卡号 [REDACTED:bank_card]，请打款
            卡号4111111111111111                  | 卡号[REDACTED:bank_card]
            card 5500 0000 0000 0004 exp 12/28    | card [REDACTED:bank_card] exp 12/28
            工行 6222 0212 3456 7890 128 收款      | 工行 [REDACTED:bank_card] 收款
            pay to 4111-1111-1111-1111 today      | pay to [REDACTED:bank_card] today
            Amex 378282246310005                  | Amex [REDACTED:bank_card]
            old visa 4222222222222.               | old visa [REDACTED:bank_card].
            储蓄卡６２２２０２１２３４５６７８９４      | 储蓄卡[REDACTED:bank_card]
            4111 1111 1111 1111 2026年到期          | [REDACTED:bank_card] 2026年到期
            18位卡号110105194912310028             | 18位卡号[REDACTED:bank_card]
            """)
    void bankCardsPassingLuhn(String message, String expected) {
        assertRedacted(message, expected, SecretKind.BANK_CARD);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', textBlock = """
            身份证号 11010519491231002X。          | 身份证号 [REDACTED:resident_id]。
            身份证11010519491231002x号             | 身份证[REDACTED:resident_id]号
            ID: 110105199003074472                | ID: [REDACTED:resident_id]
            born on a leap day: 440304200002291236 | born on a leap day: [REDACTED:resident_id]
            """)
    void residentIdsWithValidChecksum(String message, String expected) {
        assertRedacted(message, expected, SecretKind.RESIDENT_ID);
    }

    @Test
    void aResidentIdThatAlsoPassesLuhnIsAResidentId() {
        // 310115209912310002 has a valid MOD 11-2 checksum and passes Luhn too
        assertRedacted("证件 310115209912310002", "证件 [REDACTED:resident_id]", SecretKind.RESIDENT_ID);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', textBlock = """
            手机 13800138000                      | 手机 [REDACTED:mobile_number]
            联系人19912345678谢谢                   | 联系人[REDACTED:mobile_number]谢谢
            电话：+86 138 0013 8000，随时打          | 电话：[REDACTED:mobile_number]，随时打
            whatsapp +8613912345678 please        | whatsapp [REDACTED:mobile_number] please
            86-139-1234-5678                      | [REDACTED:mobile_number]
            call me at 159-1234-5678.             | call me at [REDACTED:mobile_number].
            8613800138000                         | [REDACTED:mobile_number]
            """)
    void mainlandMobileNumbers(String message, String expected) {
        assertRedacted(message, expected, SecretKind.MOBILE_NUMBER);
    }

    private void assertRedacted(String message, String expected, SecretKind kind) {
        Redaction redaction = redactor.redact(message);

        assertThat(redaction.text()).isEqualTo(expected);
        assertThat(redaction.kinds()).containsExactly(kind);
        assertThat(redaction.redactedAnything()).isTrue();
    }
}
