package dev.pmmemory.domain.recall;

import dev.pmmemory.domain.memory.MemoryType;
import dev.pmmemory.domain.memory.RecallUse;
import java.time.Duration;
import java.time.Instant;
import java.util.EnumMap;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;

/**
 * The optional fifth score factor (docs/rules.md "Use in the score"): how much present recalls used a
 * memory, a capped count fading with a half-life per type since the last recall, in [0, 1]:
 *
 * <pre>
 * use   = min(recall_count, cap) / cap · 2^(−max(0, as_of − last_recalled_at) / half_life(type))
 * score = min(1, the four factors of §6 + weight · use)
 * </pre>
 *
 * {@link #OFF} (weight 0) leaves the score of §6 as it is, to the last bit.
 *
 * @param weight    the factor's weight in the score, in [0, 1]; 0 is off
 * @param cap       recalls from which more add nothing (at least 1)
 * @param halfLives per type, how long a recall takes to count half (every type, each positive)
 */
public record UseFactor(double weight, int cap, Map<MemoryType, Duration> halfLives) {
    public static final UseFactor OFF = new UseFactor(0.0, 1, halfLives(type -> Duration.ofDays(1)));

    /** The weight when on, by default: the weight of weight_normalized, so use counts as much as repeats. */
    static final double DEFAULT_WEIGHT = 0.1;
    static final int DEFAULT_CAP = 10;
    /** The half-life of a permanent type, which has no TTL to take half of. */
    public static final Duration PERMANENT_HALF_LIFE = Duration.ofDays(90);

    public UseFactor {
        if (!(weight >= 0 && weight <= 1)) {
            throw new IllegalArgumentException("use-weight must be in [0, 1], was " + weight);
        }
        if (cap < 1) {
            throw new IllegalArgumentException("use-cap must be at least 1, was " + cap);
        }
        halfLives = Map.copyOf(halfLives);
        for (MemoryType type : MemoryType.values()) {
            Duration h = halfLives.get(type);
            if (h == null || h.isNegative() || h.isZero()) {
                throw new IllegalArgumentException("a use half-life is positive, was " + h + " for " + type.wireName());
            }
        }
    }

    /** The defaults of docs/rules.md (weight 0.1, cap 10) with half-lives from the TTLs, as {@link #of}. */
    public static UseFactor defaults(Function<MemoryType, java.util.Optional<Duration>> ttl) {
        return of(DEFAULT_WEIGHT, DEFAULT_CAP, ttl);
    }

    /** Half-lives of half the type's TTL, {@link #PERMANENT_HALF_LIFE} for a type without one. */
    public static UseFactor of(double weight, int cap, Function<MemoryType, java.util.Optional<Duration>> ttl) {
        return new UseFactor(weight, cap, halfLives(type -> ttl.apply(type).map(d -> d.dividedBy(2))
                .orElse(PERMANENT_HALF_LIFE)));
    }

    private static Map<MemoryType, Duration> halfLives(Function<MemoryType, Duration> halfLife) {
        Map<MemoryType, Duration> out = new EnumMap<>(MemoryType.class);
        for (MemoryType type : MemoryType.values()) {
            out.put(type, Objects.requireNonNull(halfLife.apply(type)));
        }
        return out;
    }

    public boolean on() {
        return weight > 0;
    }

    /** The factor of a memory of that type and use, asked at {@code asOf}: {@link RankingFormula#use}, evaluated. */
    public double of(MemoryType type, RecallUse use, Instant asOf) {
        if (use.never()) {
            return 0.0;
        }
        return RankingFormula.use(this).evaluate(RankingValues.ofUse(type, use.count(),
                use.lastRecalledAt().toEpochMilli(), asOf.toEpochMilli()));
    }
}
