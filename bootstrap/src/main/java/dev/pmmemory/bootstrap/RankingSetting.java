package dev.pmmemory.bootstrap;

import dev.pmmemory.domain.recall.RankingMode;
import io.quarkus.runtime.configuration.ConfigurationException;
import org.eclipse.microprofile.config.spi.Converter;

/** Reads {@code memory.ranking}: {@code relevance} or {@code score-only} ({@code seed}, its earlier name, too). */
public final class RankingSetting implements Converter<RankingMode> {

    static RankingMode parse(String configured) {
        return RankingMode.fromName(configured).orElseThrow(() -> new ConfigurationException(
                "memory.ranking: expected relevance or score-only (seed: the same), got '" + configured + "'"));
    }

    @Override
    public RankingMode convert(String value) {
        return parse(value);
    }
}
