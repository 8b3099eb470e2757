package dev.pmmemory.bootstrap;

import io.quarkus.test.junit.QuarkusTestProfile;
import java.util.Map;

/** The application with the seed's order by score alone ({@code memory.ranking=score-only}). */
public class SeedRankingProfile implements QuarkusTestProfile {

    @Override
    public Map<String, String> getConfigOverrides() {
        return Map.of("memory.ranking", "score-only");
    }
}
