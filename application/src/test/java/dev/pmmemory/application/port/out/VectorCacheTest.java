package dev.pmmemory.application.port.out;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class VectorCacheTest {

    @Test
    void aVectorIsServedOnlyForTheStampOfTheRowItWasReadFrom() {
        VectorCache cache = new VectorCache(10);
        cache.put("pm-a", "m1", 7L, new float[] {1f});

        assertThat(cache.get("m1", 7L)).containsExactly(1f);
        assertThat(cache.get("m1", 8L)).as("the row was rewritten since").isNull();
        assertThat(cache.get("m2", 7L)).isNull();
    }

    @Test
    void onceFullItKeepsWhatItHasAndStillRefreshesThose() {
        VectorCache cache = new VectorCache(2);
        cache.put("pm-a", "m1", 1L, new float[] {1f});
        cache.put("pm-a", "m2", 1L, new float[] {2f});
        cache.put("pm-a", "m3", 1L, new float[] {3f});
        cache.put("pm-a", "m1", 2L, new float[] {4f});

        assertThat(cache.size()).isEqualTo(2);
        assertThat(cache.get("m3", 1L)).isNull();
        assertThat(cache.get("m1", 2L)).containsExactly(4f);
    }

    @Test
    void anErasedProfileLeavesNothingBehind() {
        VectorCache cache = new VectorCache(10);
        cache.put("pm-a", "m1", 1L, new float[] {1f});
        cache.put("pm-b", "m2", 1L, new float[] {2f});

        cache.forgetProfile("pm-a");

        assertThat(cache.get("m1", 1L)).isNull();
        assertThat(cache.get("m2", 1L)).containsExactly(2f);
    }
}
