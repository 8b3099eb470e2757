package dev.pmmemory.bootstrap;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** memory.text.segmenter=hanlp over REST: a query shares words with a memory, never a noise bigram. */
@QuarkusTest
@TestProfile(WithHanlpSegmenter.class)
class HanlpSegmenterAcceptanceTest {

    private static float keywordMatch(String profile, String query) {
        return Api.context(profile, Map.of("query", query)).statusCode(200)
                .extract().path("items[0].factors.keyword_match");
    }

    @Test
    void aQueryMatchesTheWordsOfAMemoryNotTheBigramsAcrossThem() {
        String profile = Api.newProfile("seg");
        Api.feedback(profile, "那家国内大模型公司估值太高").statusCode(201);

        assertThat(keywordMatch(profile, "大模型")).isGreaterThan(0f).isLessThanOrEqualTo(1f);
        assertThat(keywordMatch(profile, "估值")).isGreaterThan(0f);
        // 内大 (国内 | 大模型) was a term of the bigram analysis; it is no word
        assertThat(keywordMatch(profile, "内大")).isZero();
    }

    @Test
    void aDomainWordOfTheLexiconIsOneTerm() {
        String profile = Api.newProfile("seg");
        Api.feedback(profile, "智谱的商业化太慢").statusCode(201);
        assertThat(keywordMatch(profile, "商业化")).isGreaterThan(0f);
        assertThat(keywordMatch(profile, "业化")).isZero(); // a bigram inside 商业化
    }

    @Test
    void aQueryOfAWordMatchesWhateverTheStoredContextCutItInto() {
        // 长文本有亮点 is cut 长 / 文本 / 有 / 亮点, 长文本 alone 长文 / 本: one analysis gives both 文本 and 长文
        String profile = Api.newProfile("seg");
        Api.feedback(profile, "Kimi 长文本有亮点").statusCode(201);
        for (String query : new String[] {"长文本", "长文本能力", "文本"}) {
            Boolean matched = Api.context(profile, Map.of("query", query)).statusCode(200).extract().path("items[0].matched");
            assertThat(matched).as(query).isTrue();
            assertThat(keywordMatch(profile, query)).as(query).isGreaterThan(0f);
        }
    }
}
