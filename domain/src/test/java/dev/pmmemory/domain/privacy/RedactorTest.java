package dev.pmmemory.domain.privacy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class RedactorTest {
    private final Redactor redactor = new Redactor();

    @Test
    void listsEveryKindOnceInOrderOfFirstOccurrence() {
        String message = "密码是 Abc12345!，卡号 4111111111111111，手机 13800138000，"
                + "另一张卡 5500000000000004，key 用 sk-proj-AbCdEf1234567890XyZ，密码：hunter2，"
                + "身份证 11010519491231002X";

        Redaction redaction = redactor.redact(message);

        assertThat(redaction.text()).isEqualTo("密码是 [REDACTED:password]，卡号 [REDACTED:bank_card]，"
                + "手机 [REDACTED:mobile_number]，另一张卡 [REDACTED:bank_card]，key 用 [REDACTED:api_key]，"
                + "密码：[REDACTED:password]，身份证 [REDACTED:resident_id]");
        assertThat(redaction.kinds()).containsExactly(SecretKind.PASSWORD, SecretKind.BANK_CARD,
                SecretKind.MOBILE_NUMBER, SecretKind.API_KEY, SecretKind.RESIDENT_ID);
    }

    @Test
    void aBearerTokenWithAKeyShapeInsideIsRedactedWholeSoASecondPassFindsNothing() {
        // found by RedactorPropertiesTest (seed 4730910447759479609): the ghp_ key inside was taken
        // first, and the token's head was left for a second pass to find
        String message = "Bearer AA0000000000000sk-ghp_AAAAAAAAAAAAAAAAAAAA";

        Redaction once = redactor.redact(message);

        assertThat(once.text()).doesNotContain("AA0000000000000").startsWith("Bearer [REDACTED:api_key]");
        assertThat(redactor.redact(once.text()).text()).isEqualTo(once.text());
        // nor does the token's tail after a key shape inside it survive
        for (String token : new String[] {"sk-abcdefghijklmnopqrstuvwx.more.secret.stuff",
                "ghp_AAAAAAAAAAAAAAAAAAAAAAAA.SECRETTAILpart123", "abcdefghijklmnop/AKIAABCDEFGHIJKLMNOP/tailtailtail"}) {
            String redacted = redactor.redact("auth: Bearer " + token + " ok").text();
            assertThat(redacted).doesNotContain("secret", "SECRETTAIL", "tailtail", "abcdefghijklmnop").endsWith(" ok");
            assertThat(redactor.redact(redacted).text()).isEqualTo(redacted);
        }
    }

    @Test
    void orderFollowsTheTextNotThePriorityOfTheRules() {
        Redaction redaction = redactor.redact("手机 13800138000 then password: x1");

        assertThat(redaction.kinds()).containsExactly(SecretKind.MOBILE_NUMBER, SecretKind.PASSWORD);
    }

    @Test
    void aLabelledPasswordWinsOverTheShapeOfItsValue() {
        Redaction redaction = redactor.redact("密码 4111111111111111");

        assertThat(redaction.text()).isEqualTo("密码 [REDACTED:password]");
        assertThat(redaction.kinds()).containsExactly(SecretKind.PASSWORD);
    }

    @Test
    void redactingTwiceChangesNothing() {
        String once = redactor.redact(
                "密码是 Abc12345! token=abcdefghijklmnop1234 卡 4111111111111111 手机 +86 138 0013 8000").text();

        assertThat(redactor.redact(once)).isEqualTo(new Redaction(once, List.of()));
    }

    @Test
    void leavesTextWithoutSecretsAsItIs() {
        assertThat(redactor.redact("")).isEqualTo(new Redaction("", List.of()));
        assertThat(redactor.redact("继续看好 OpenAI，估值高也跟")).isEqualTo(new Redaction("继续看好 OpenAI，估值高也跟", List.of()));
    }

    @Test
    void copesWithLongRepetitiveMessages() {
        // 4000 characters is the message limit (rules.md §3); no regex may recurse per character
        for (String piece : List.of("a-", "key=", "密码是", "1111 ", "+86 ", "password: ", "1")) {
            String message = piece.repeat(4000 / piece.length());

            assertThat(redactor.redact(redactor.redact(message).text()).kinds()).isEmpty();
        }
    }

    @Test
    void rejectsNull() {
        assertThatThrownBy(() -> redactor.redact(null)).isInstanceOf(NullPointerException.class);
    }

    @Test
    void wireNamesAreLowerSnakeCase() {
        assertThat(List.of(SecretKind.values()).stream().map(SecretKind::wireName))
                .containsExactly("password", "api_key", "bank_card", "resident_id", "mobile_number");
        assertThat(SecretKind.BANK_CARD.marker()).isEqualTo("[REDACTED:bank_card]");
    }

    @Test
    void redactionKeepsACopyOfDistinctKinds() {
        List<SecretKind> kinds = new ArrayList<>(List.of(SecretKind.API_KEY));
        Redaction redaction = new Redaction("[REDACTED:api_key]", kinds);
        kinds.add(SecretKind.PASSWORD);

        assertThat(redaction.kinds()).containsExactly(SecretKind.API_KEY);
        assertThat(redaction.redactedAnything()).isTrue();
        assertThatThrownBy(() -> new Redaction("x", List.of(SecretKind.API_KEY, SecretKind.API_KEY)))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
