package dev.pmmemory.domain.recall;

import java.util.OptionalDouble;

/**
 * A visible memory sharing query terms, as far as its score depends on it: read without its text,
 * its set similarity follows from the counts ({@link dev.pmmemory.domain.text.Jaccard#fromCounts}).
 *
 * @param sharedTerms how many distinct query terms are among its keywords
 * @param termCount   how many distinct keywords it has
 * @param partlySuperseded it gave up entities: its counts are over keywords that include them, so
 *                         they do not give its Jaccard (over its live terms) and it is read whole
 * @param cosine      to the query's vector, semantic recall on and the memory embedded
 */
public record TermSharer(RankingKey key, int sharedTerms, int termCount,
                         boolean partlySuperseded, OptionalDouble cosine) {
}
