package dev.pmmemory.domain.recall;

/** How recall orders what it scores (config {@code memory.ranking}). */
public enum RankingMode {
    /**
     * Relevance first: every memory that matches the query (a shared term, an entity or alias, a
     * lexicon synonym, or with semantic recall a cosine above the model's unrelated-text level)
     * ranks above every memory that does not; the seed's score orders each group.
     */
    RELEVANCE,
    /** The seed's order: score alone (rules.md §6), so type priority can outrank a match. */
    SEED;

    /** @return the mode named {@code seed} or {@code relevance} (case-insensitive), if it is one */
    public static java.util.Optional<RankingMode> fromName(String name) {
        for (RankingMode m : values()) {
            if (m.name().equalsIgnoreCase(name == null ? "" : name.strip())) {
                return java.util.Optional.of(m);
            }
        }
        return java.util.Optional.empty();
    }
}
