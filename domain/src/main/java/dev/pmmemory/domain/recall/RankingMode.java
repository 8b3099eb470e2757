package dev.pmmemory.domain.recall;

import java.util.Optional;

/** How recall orders what it scores (config {@code memory.ranking}). */
public enum RankingMode {
    /**
     * Relevance first: every memory that matches the query (a shared term, an entity or alias, a
     * lexicon synonym, or with semantic recall a cosine above the model's unrelated-text level)
     * ranks above every memory that does not; the score orders each group.
     */
    RELEVANCE("relevance"),
    /**
     * The score alone (rules.md §6), so type priority can outrank a match. Configured as
     * {@code score-only}; {@code seed}, its name in earlier versions, is read as the same.
     */
    SCORE_ONLY("score-only");

    private final String configName;

    RankingMode(String configName) {
        this.configName = configName;
    }

    /** The value of {@code memory.ranking} that selects this mode. */
    public String configName() {
        return configName;
    }

    /** @return the mode named {@code relevance}, {@code score-only} or {@code seed} (case-insensitive), if it is one */
    public static Optional<RankingMode> fromName(String name) {
        String n = name == null ? "" : name.strip();
        if (n.equalsIgnoreCase("seed")) {
            return Optional.of(SCORE_ONLY);
        }
        for (RankingMode m : values()) {
            if (m.configName.equalsIgnoreCase(n)) {
                return Optional.of(m);
            }
        }
        return Optional.empty();
    }
}
