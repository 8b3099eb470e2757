package dev.pmmemory.adapters.jdbc;

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

    @Test
    void resolvingReadsOnlyTheVectorsNotCachedUnderTheirStampAndKeepsThem() {
        VectorCache cache = new VectorCache(10);
        cache.put("pm-a", "m1", 1L, new float[] {1f});
        java.util.List<java.util.List<String>> asked = new java.util.ArrayList<>();

        java.util.Map<String, float[]> vectors = cache.resolve("pm-a", java.util.List.of(
                new VectorCache.Stamped("m1", 1L), new VectorCache.Stamped("m2", 5L)), ids -> {
                    asked.add(ids);
                    return java.util.List.of(new VectorCache.StoredVector("m2", 5L, new float[] {2f}));
                });

        assertThat(asked).containsExactly(java.util.List.of("m2"));
        assertThat(vectors.get("m1")).containsExactly(1f);
        assertThat(vectors.get("m2")).containsExactly(2f);
        assertThat(cache.get("m2", 5L)).containsExactly(2f);
        assertThat(VectorCache.newStamp()).isNotZero();
    }
}
