package dev.pmmemory.domain.recall;

import dev.pmmemory.domain.memory.MemoryType;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * One group of the recency reads ({@link RecallPolicy#mostRecentPerGroup}): the memories of one type and one
 * {@link RecallPolicy#weightBucket weight bucket}, whose most recent hold the best of them sharing no term.
 */
public record RecencyGroup(MemoryType type, int weightBucket) {

    public RecencyGroup {
        Objects.requireNonNull(type, "type");
        if (weightBucket < 1 || weightBucket > RecallPolicy.WEIGHT_BUCKETS) {
            throw new IllegalArgumentException("weightBucket must be in 1.." + RecallPolicy.WEIGHT_BUCKETS);
        }
    }

    /** The group a memory of this type and weight is read in. */
    public static RecencyGroup of(MemoryType type, int weight) {
        return new RecencyGroup(type, RecallPolicy.weightBucket(weight));
    }

    /** Every group, by type then bucket (lightest first): what a recall without pruning reads. */
    public static List<RecencyGroup> all() {
        List<RecencyGroup> all = new ArrayList<>();
        for (MemoryType type : MemoryType.values()) {
            for (int bucket : RecallPolicy.weightBuckets()) {
                all.add(new RecencyGroup(type, bucket));
            }
        }
        return List.copyOf(all);
    }
}
