package dev.pmmemory.application.access;

import java.time.Clock;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Token bucket per key: {@code perSecond} requests a second on average, bursts up to one second's
 * worth. Zero turns it off.
 */
public final class RateLimiter {
    private final double perSecond;
    private final Clock clock;
    private final Map<String, Bucket> buckets = new ConcurrentHashMap<>();

    public RateLimiter(double perSecond, Clock clock) {
        if (perSecond < 0 || Double.isNaN(perSecond)) {
            throw new IllegalArgumentException("memory.auth.rate-limit-per-second must be >= 0");
        }
        this.perSecond = perSecond;
        this.clock = clock;
    }

    public boolean enabled() {
        return perSecond > 0;
    }

    /** @return 0 when the request may go ahead, else the seconds to wait before the next one */
    public long secondsToWait(String keyName) {
        if (!enabled()) {
            return 0;
        }
        return buckets.computeIfAbsent(keyName, k -> new Bucket(Math.max(1, perSecond), clock.millis()))
                .take(perSecond, clock.millis());
    }

    private static final class Bucket {
        private final double capacity;
        private double tokens;
        private long lastMillis;

        Bucket(double capacity, long now) {
            this.capacity = capacity;
            this.tokens = capacity;
            this.lastMillis = now;
        }

        synchronized long take(double perSecond, long now) {
            tokens = Math.min(capacity, tokens + Math.max(0, now - lastMillis) / 1000.0 * perSecond);
            lastMillis = now;
            if (tokens >= 1) {
                tokens -= 1;
                return 0;
            }
            return (long) Math.ceil((1 - tokens) / perSecond);
        }
    }
}
