package dev.pmmemory.domain.recall;

import java.util.OptionalDouble;

/**
 * A visible memory not read whole, reduced to what ranks it when it shares no term with the query
 * (jaccard 0): semantic recall scores every such memory and reads only the few that can be picked.
 *
 * @param cosine empty when the memory has no vector of the model in use
 */
public record UnreadMemory(RankingKey key, OptionalDouble cosine) {
}
