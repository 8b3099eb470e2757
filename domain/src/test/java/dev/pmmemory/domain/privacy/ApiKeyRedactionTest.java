package dev.pmmemory.domain.privacy;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class ApiKeyRedactionTest {
    private final Redactor redactor = new Redactor();

    @ParameterizedTest
    @CsvSource(delimiter = '|', quoteCharacter = '`', textBlock = """
            用这个 sk-proj-AbCdEf1234567890XyZ 跑一下                  | 用这个 [REDACTED:api_key] 跑一下
            key is sk-ant-api03-abcdefghijklmnop_qrstu               | key is [REDACTED:api_key]
            OpenAI的key：sk-abcdefghijklmnop1234，用完删              | OpenAI的key：[REDACTED:api_key]，用完删
            AWS: AKIAIOSFODNN7EXAMPLE                                | AWS: [REDACTED:api_key]
            token ghp_abcdefghijklmnopqrstuvwxyz0123456789 expires    | token [REDACTED:api_key] expires
            github_pat_11ABCDEFG0123456789_abcdefghij                | [REDACTED:api_key]
            Authorization: Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.abc | Authorization: Bearer [REDACTED:api_key]
            api_key=9f8e7d6c5b4a3f2e1d0c                             | api_key=[REDACTED:api_key]
            apikey: AbCdEfGhIjKlMnOpQr                               | apikey: [REDACTED:api_key]
            access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCY               | access_key = [REDACTED:api_key]
            `"client_secret": "Q2xpZW50U2VjcmV0MTIz"`                | `"client_secret": "[REDACTED:api_key]"`
            x-api-key: 0123456789abcdef0123                          | x-api-key: [REDACTED:api_key]
            secret 3f2e1d0c9b8a7f6e5d4c                              | secret [REDACTED:api_key]
            密钥：Zx9Yw8Vu7Ts6Rq5P，别外传                             | 密钥：[REDACTED:api_key]，别外传
            令牌是 abcdefghijklmnop1234                               | 令牌是 [REDACTED:api_key]
            ＴＯＫＥＮ＝abcdefghijklmnop1234                           | ＴＯＫＥＮ＝[REDACTED:api_key]
            """)
    void replacesKeysAndTokens(String message, String expected) {
        Redaction redaction = redactor.redact(message);

        assertThat(redaction.text()).isEqualTo(expected);
        assertThat(redaction.kinds()).containsExactly(SecretKind.API_KEY);
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "sk-short",
        "task-abcdefghijklmnopqrstu",
        "AKIAIOSFODNN7EXAMPL",
        "AKIAIOSFODNN7EXAMPLEX",
        "ghp_tooshort",
        "Bearer short",
        "token: abc123",
        "the key takeaway: valuation is high",
        "key internationalization matters",
        "tokens and secrets of the trade",
        "token_type bearer",
        "monkey: abcdefghijklmnop1234",
        "关键密钥管理公司估值上升",
    })
    void leavesOrdinaryTextAlone(String message) {
        Redaction redaction = redactor.redact(message);

        assertThat(redaction.text()).isEqualTo(message);
        assertThat(redaction.kinds()).isEmpty();
    }
}
