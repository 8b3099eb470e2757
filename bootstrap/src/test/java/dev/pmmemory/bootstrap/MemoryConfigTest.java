package dev.pmmemory.bootstrap;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.pmmemory.application.UnreadableFieldException;
import dev.pmmemory.application.port.out.AssociatedData;
import dev.pmmemory.application.port.out.FieldProtection;
import dev.pmmemory.domain.recall.RankingMode;
import io.quarkus.runtime.configuration.DurationConverter;
import io.quarkus.runtime.configuration.MemorySize;
import io.quarkus.runtime.configuration.MemorySizeConverter;
import io.smallrye.config.PropertiesConfigSource;
import io.smallrye.config.SmallRyeConfig;
import io.smallrye.config.SmallRyeConfigBuilder;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** memory.*: typed values, read once at start; a bad value stops the start naming the setting and its choices. */
class MemoryConfigTest {

    private static MemoryConfig config(String... keyValues) {
        Map<String, String> values = new HashMap<>(Map.of(
                "memory.registry.refresh-interval", "30s",
                "memory.jobs.sweep.cron", "0 */10 * * * ?",
                "memory.jobs.purge.cron", "0 30 3 * * ?",
                "memory.jobs.compact.cron", "0 0 4 * * ?",
                "memory.jobs.derive.cron", "0 30 4 * * ?",
                "memory.jobs.reencrypt.cron", "0 0 5 * * ?",
                "memory.recall-counts.flush-interval", "10s"));
        for (int i = 0; i < keyValues.length; i += 2) {
            values.put(keyValues[i], keyValues[i + 1]);
        }
        // the converters Quarkus registers for these types
        SmallRyeConfig config = new SmallRyeConfigBuilder()
                .withConverter(Duration.class, 200, new DurationConverter())
                .withConverter(MemorySize.class, 200, new MemorySizeConverter())
                .withSources(new PropertiesConfigSource(values, "test", 500))
                .withMapping(MemoryConfig.class)
                .build();
        return config.getConfigMapping(MemoryConfig.class);
    }

    @Test
    void theDefaultsReadAsTypedValues() {
        MemoryConfig c = config();
        assertThat(c.store()).isEqualTo(StoreKind.SQLITE);
        assertThat(c.ranking()).isEqualTo(RankingMode.RELEVANCE);
        assertThat(c.retention()).isEqualTo(Duration.ofDays(180));
        assertThat(c.text().segmenter()).isEqualTo(SegmenterKind.HANLP);
        assertThat(c.sessions().store()).isEqualTo(SessionStoreKind.EMBEDDED);
        assertThat(c.registry().refreshInterval()).isEqualTo(Duration.ofSeconds(30));
        assertThat(c.http().maxBodySize().asLongValue()).isEqualTo(256 * 1024);
        assertThat(c.http().maxBatchBodySize().asLongValue()).isEqualTo(4 * 1024 * 1024);
        assertThat(c.encryption().key()).isEmpty();
        assertThat(c.encryption().keyset()).isEmpty();
        assertThat(c.encryption().readPlain()).isTrue();
        assertThat(c.classify().holdBelow()).isEqualTo(0.99);
        assertThat(c.classifier().llm().holdBelow()).isEqualTo(0.9);
    }

    @Test
    void theLlmsStatedConfidenceFloorIsReadAsANumber() {
        assertThat(config("memory.classifier.llm.hold-below", "0.75").classifier().llm().holdBelow()).isEqualTo(0.75);
        assertThatThrownBy(() -> config("memory.classifier.llm.hold-below", "high"))
                .hasMessageContaining("memory.classifier.llm.hold-below");
    }

    @Test
    void anEncryptionKeyOrKeysetFileIsReadAsGiven() {
        MemoryConfig c = config("memory.encryption.key", "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=",
                "memory.encryption.keyset", "/etc/pm-memory/keyset");
        assertThat(c.encryption().key()).contains("AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=");
        assertThat(c.encryption().keyset()).contains("/etc/pm-memory/keyset");
    }

    @Test
    void withAKeyPlainValuesAreServedUnlessReadPlainIsFalse() {
        AssociatedData where = new AssociatedData("memories", "content", "m1", "pm-zhang");
        FieldProtection readsPlain = EncryptionAtRest.protection(
                config("memory.encryption.key", EncryptedStoreContract.KEY).encryption());
        assertThat(readsPlain.open("written before the key", where)).isEqualTo("written before the key");

        MemoryConfig strict = config("memory.encryption.key", EncryptedStoreContract.KEY,
                "memory.encryption.read-plain", "false");
        assertThat(strict.encryption().readPlain()).isFalse();
        assertThatThrownBy(() -> EncryptionAtRest.protection(strict.encryption()).open("written before the key", where))
                .isInstanceOf(UnreadableFieldException.class);
    }

    @Test
    void eachChoiceIsReadByItsName() {
        MemoryConfig c = config("memory.store", "postgres", "memory.ranking", "seed", "memory.retention", "12h",
                "memory.text.segmenter", "ngram", "memory.sessions.store", "redis");
        assertThat(c.store()).isEqualTo(StoreKind.POSTGRES);
        assertThat(c.ranking()).isEqualTo(RankingMode.SCORE_ONLY);
        assertThat(c.retention()).isEqualTo(Duration.ofHours(12));
        assertThat(c.text().segmenter()).isEqualTo(SegmenterKind.NGRAM);
        assertThat(c.sessions().store()).isEqualTo(SessionStoreKind.REDIS);
    }

    @Test
    void aBadValueStopsTheStartNamingTheSettingItsVariableAndTheChoices() {
        assertThatThrownBy(() -> config("memory.store", "Postgres"))
                .hasMessageContaining("memory.store").hasMessageContaining("MEMORY_STORE")
                .hasMessageContaining("'Postgres'").hasMessageContaining("supported: sqlite, postgres");
        assertThatThrownBy(() -> config("memory.sessions.store", "memcached"))
                .hasMessageContaining("MEMORY_SESSIONS_STORE").hasMessageContaining("supported: embedded, redis");
        assertThatThrownBy(() -> config("memory.text.segmenter", "jieba"))
                .hasMessageContaining("MEMORY_TEXT_SEGMENTER").hasMessageContaining("supported: ngram, hanlp");
        assertThatThrownBy(() -> config("memory.ranking", "score"))
                .hasMessageContaining("memory.ranking").hasMessageContaining("relevance or score-only");
        assertThatThrownBy(() -> config("memory.retention", "1y"))
                .hasMessageContaining("memory.retention").hasMessageContaining("180d");
        assertThatThrownBy(() -> config("memory.http.max-body-size", "lots"))
                .hasMessageContaining("memory.http.max-body-size");
        assertThatThrownBy(() -> config("memory.registry.refresh-interval", "often"))
                .hasMessageContaining("memory.registry.refresh-interval");
    }
}
