package dev.pmmemory.adapters.jdbc;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pmmemory.domain.memory.MemoryType;
import java.util.List;
import org.junit.jupiter.api.Test;

class RankingRowsTest {
    private static final List<RankingRows.Row> ROWS = List.of(
            new RankingRows.Row("m1", MemoryType.MARKET_INFO, 1, 10, 1_000, 5L, null, new float[] {1f}));

    @Test
    void whatAReadFoundServesLaterReadsWhileItsTagIsCurrent() {
        RankingRows cache = new RankingRows(100);
        cache.put("pm-a", "model", 7, 100, ROWS);

        assertThat(cache.get("pm-a", "model", 150, tag -> tag == 7)).isEqualTo(ROWS);
        assertThat(cache.get("pm-a", "model", 99, tag -> tag == 7)).as("an instant before the read").isNull();
        assertThat(cache.get("pm-a", "other-model", 150, tag -> true)).isNull();
        assertThat(cache.get("pm-a", "model", 150, tag -> tag == 8)).as("the store's tag moved on").isNull();
        assertThat(cache.get("pm-a", "model", 150, tag -> true)).as("a stale snapshot is dropped").isNull();
    }

    @Test
    void itHoldsNoMoreRowsThanItsCapacityAndNothingOfAnErasedProfile() {
        RankingRows cache = new RankingRows(1);
        cache.put("pm-a", "model", 0, 100, ROWS);
        cache.put("pm-b", "model", 0, 100, ROWS);
        assertThat(cache.get("pm-a", "model", 100, tag -> true)).isNull();
        assertThat(cache.get("pm-b", "model", 100, tag -> true)).isEqualTo(ROWS);
        cache.put("pm-c", "model", 0, 100, List.of(ROWS.get(0), ROWS.get(0)));
        assertThat(cache.get("pm-c", "model", 100, tag -> true)).as("larger than the cache").isNull();

        cache.forgetProfile("pm-b");
        assertThat(cache.get("pm-b", "model", 100, tag -> true)).isNull();
    }

    @Test
    void aRowIsVisibleInItsWindowOnly() {
        RankingRows.Row r = new RankingRows.Row("m", MemoryType.MARKET_INFO, 1, 0, 100, 10L, 50L, null);
        assertThat(List.of(r.visibleAt(9), r.visibleAt(10), r.visibleAt(49), r.visibleAt(50))).containsExactly(
                false, true, true, false);
        RankingRows.Row pending = new RankingRows.Row("p", MemoryType.MARKET_INFO, 1, 0, 100, null, null, null);
        assertThat(pending.visibleAt(20)).isFalse();
        assertThat(RankingRows.visibleAt(List.of(r, pending), 20)).extracting(c -> c.key().id())
                .containsExactly("m");
    }
}
