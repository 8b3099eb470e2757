package dev.pmmemory.adapters.sqlite;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pmmemory.domain.memory.MemoryType;
import java.util.List;
import org.junit.jupiter.api.Test;

class RankingFactsCacheTest {
    private static final List<RankingFactsCache.Row> ROWS = List.of(
            new RankingFactsCache.Row("m1", MemoryType.MARKET_INFO, 1, 10, 1_000, 5L, null, new float[] {1f}));

    @Test
    void whatAReadFoundServesLaterReadsUntilAWriteOfTheProfileEnds() {
        RankingFactsCache cache = new RankingFactsCache(100);
        long seq = cache.sequence();
        cache.put("pm-a", "model", seq, 100, ROWS);

        assertThat(cache.get("pm-a", "model", 150)).isEqualTo(ROWS);
        assertThat(cache.get("pm-a", "model", 99)).as("an instant before the read").isNull();
        assertThat(cache.get("pm-a", "other-model", 150)).isNull();
        cache.written("pm-b");
        assertThat(cache.get("pm-a", "model", 150)).as("another profile's write").isEqualTo(ROWS);
        cache.written("pm-a");
        assertThat(cache.get("pm-a", "model", 150)).isNull();
    }

    @Test
    void aReadThatAWriteOfTheProfileOvertookIsNotKept() {
        RankingFactsCache cache = new RankingFactsCache(100);
        long seq = cache.sequence(); // the read begins
        cache.written("pm-a");       // a write ends while it reads
        cache.put("pm-a", "model", seq, 100, ROWS);

        assertThat(cache.get("pm-a", "model", 100)).isNull();
    }

    @Test
    void whileAWriteOfTheProfileIsUnderWayNothingOfItIsServedOrKept() {
        RankingFactsCache cache = new RankingFactsCache(100);
        cache.put("pm-a", "model", cache.sequence(), 100, ROWS);

        cache.writing("pm-a"); // committed, perhaps, but not yet counted
        assertThat(cache.get("pm-a", "model", 150)).isNull();
        cache.put("pm-a", "model", cache.sequence(), 150, ROWS);
        cache.written("pm-a");
        assertThat(cache.get("pm-a", "model", 150)).as("read while the write was under way").isNull();
        long afterIt = cache.sequence();
        cache.put("pm-a", "model", afterIt, 160, ROWS);
        assertThat(cache.get("pm-a", "model", 160)).isEqualTo(ROWS);
    }

    @Test
    void itHoldsNoMoreRowsThanItsCapacityAndNothingOfAnErasedProfile() {
        RankingFactsCache cache = new RankingFactsCache(1);
        cache.put("pm-a", "model", cache.sequence(), 100, ROWS);
        cache.put("pm-b", "model", cache.sequence(), 100, ROWS);
        assertThat(cache.get("pm-a", "model", 100)).isNull();
        assertThat(cache.get("pm-b", "model", 100)).isEqualTo(ROWS);
        cache.put("pm-c", "model", cache.sequence(), 100, List.of(ROWS.get(0), ROWS.get(0)));
        assertThat(cache.get("pm-c", "model", 100)).as("larger than the cache").isNull();

        cache.forgetProfile("pm-b");
        assertThat(cache.get("pm-b", "model", 100)).isNull();
    }

    @Test
    void aRowIsVisibleInItsWindowOnly() {
        RankingFactsCache.Row r = new RankingFactsCache.Row("m", MemoryType.MARKET_INFO, 1, 0, 100, 10L, 50L, null);
        assertThat(List.of(r.visibleAt(9), r.visibleAt(10), r.visibleAt(49), r.visibleAt(50))).containsExactly(
                false, true, true, false);
        RankingFactsCache.Row pending = new RankingFactsCache.Row("p", MemoryType.MARKET_INFO, 1, 0, 100, null, null,
                null);
        assertThat(pending.visibleAt(20)).isFalse();
    }
}
