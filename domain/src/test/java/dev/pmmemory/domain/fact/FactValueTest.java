package dev.pmmemory.domain.fact;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pmmemory.domain.privacy.Redactor;
import dev.pmmemory.domain.privacy.SecretKind;
import java.math.BigDecimal;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A fact's value as canonical JSON. */
class FactValueTest {
    private final Redactor redactor = new Redactor();

    private String json(Object value) {
        return FactValue.canonical(value, redactor).json();
    }

    @Test
    void everyJsonKindHasOneSpelling() {
        Map<String, Object> object = new LinkedHashMap<>();
        object.put("regions", List.of("overseas", "东南亚"));
        object.put("early", true);
        object.put("ticket", Arrays.asList(2, 5.5, null));

        assertThat(json(object)).isEqualTo("{\"early\":true,\"regions\":[\"overseas\",\"东南亚\"],"
                + "\"ticket\":[2,5.5,null]}");
        assertThat(json("say \"hi\"\n")).isEqualTo("\"say \\\"hi\\\"\\n\"");
    }

    @Test
    void theSameValueWrittenDifferentlyIsTheSameText() {
        Map<String, Object> ab = new LinkedHashMap<>();
        ab.put("a", 1);
        ab.put("b", 2);
        Map<String, Object> ba = new LinkedHashMap<>();
        ba.put("b", 2.0);
        ba.put("a", new BigDecimal("1.000"));

        assertThat(json(ab)).isEqualTo(json(ba)).isEqualTo("{\"a\":1,\"b\":2}");
        assertThat(json(20)).isEqualTo("20");
        assertThat(json(0.0)).isEqualTo("0");
        assertThat(json(new BigDecimal("1E+400"))).isEqualTo("1E+400");
    }

    @Test
    void secretsInStringsKeysAndNumbersAreRedacted() {
        FactValue.Canonical c = FactValue.canonical(Map.of("contact", "手机 13812345678",
                "card", 6222020200112233440L), redactor);

        assertThat(c.json()).doesNotContain("13812345678").contains("[REDACTED:");
        assertThat(c.redactions()).contains(SecretKind.MOBILE_NUMBER);
    }
}
