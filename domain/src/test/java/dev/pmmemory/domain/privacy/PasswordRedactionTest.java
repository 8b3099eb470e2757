package dev.pmmemory.domain.privacy;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class PasswordRedactionTest {
    private final Redactor redactor = new Redactor();

    @ParameterizedTest
    @CsvSource(delimiter = '|', quoteCharacter = '`', textBlock = """
            密码是 Abc12345!                       | 密码是 [REDACTED:password]
            我的登录密码：hunter2，别外传            | 我的登录密码：[REDACTED:password]，别外传
            密码Abc12345请保管好                    | 密码[REDACTED:password]请保管好
            口令为 Qwe!2026。                       | 口令为 [REDACTED:password]。
            支付密码是654321；明天改                 | 支付密码是[REDACTED:password]；明天改
            密码是：s3cret                          | 密码是：[REDACTED:password]
            密码：芝麻开门，记住                      | 密码：[REDACTED:password]，记住
            密码是“芝麻开门”                         | 密码是“[REDACTED:password]”
            password: s3cr3t! and more             | password: [REDACTED:password] and more
            PASSWORD=Tr0ub4dor&3                   | PASSWORD=[REDACTED:password]
            passwd = hunter2                       | passwd = [REDACTED:password]
            pwd Abc12345!                          | pwd [REDACTED:password]
            my password is hunter2                 | my password is [REDACTED:password]
            Password is required                   | Password is [REDACTED:password]
            db_password=pa55word                   | db_password=[REDACTED:password]
            `{"password": "p@ssw0rd"}`             | `{"password": "[REDACTED:password]"}`
            ｐａｓｓｗｏｒｄ：abc123                   | ｐａｓｓｗｏｒｄ：[REDACTED:password]
            密码　Abc12345                          | 密码　[REDACTED:password]
            """)
    void replacesOnlyTheValueAfterAPasswordLabel(String message, String expected) {
        Redaction redaction = redactor.redact(message);

        assertThat(redaction.text()).isEqualTo(expected);
        assertThat(redaction.kinds()).containsExactly(SecretKind.PASSWORD);
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "password",
        "请把密码",
        "the password policy needs review",
        "password manager adoption is a good signal",
        "passwords are rotated monthly",
        "Password123 is not a label",
        "see https://example.com/pwd/reset",
        "密码错误",
        "密码是否安全要确认",
        "密码为空",
        "密码学公司值得关注",
        "password:",
        "密码： ",
    })
    void leavesTalkAboutPasswordsAlone(String message) {
        Redaction redaction = redactor.redact(message);

        assertThat(redaction.text()).isEqualTo(message);
        assertThat(redaction.kinds()).isEmpty();
        assertThat(redaction.redactedAnything()).isFalse();
    }

    @ParameterizedTest
    @ValueSource(strings = {"密码是 [REDACTED:password]", "password: [REDACTED:password]", "pwd [REDACTED:bank_card]"})
    void doesNotTakeAnExistingMarkerForAPassword(String message) {
        assertThat(redactor.redact(message)).isEqualTo(new Redaction(message, List.of()));
    }
}
