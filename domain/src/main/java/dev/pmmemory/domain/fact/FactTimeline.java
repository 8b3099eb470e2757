package dev.pmmemory.domain.fact;

import java.time.Instant;
import java.util.Optional;

/**
 * The rules of one attribute's versions (rules.md §8): at most one open version; a new value
 * closes it at the new version's valid_from and links to it; the same value again changes
 * nothing; history is never rewritten, so a version may not start before the latest one started
 * (nor before it was closed).
 */
public final class FactTimeline {
    private FactTimeline() {
    }

    /** What putting a value does to an attribute's timeline. */
    public sealed interface Change {
    }

    /** The value is the current one already: nothing is stored. */
    public record Unchanged(Fact current) implements Change {
    }

    /**
     * A new version.
     *
     * @param closed  the previous version, now closed at the new one's valid_from (empty when the
     *                latest version was closed already, or there was none)
     * @param created the new version, linked to the latest previous one
     */
    public record NewVersion(Optional<Fact> closed, Fact created) implements Change {
    }

    /** The change would rewrite history; {@code reason} says why, for the caller. */
    public record Refused(String reason) implements Change {
    }

    /**
     * @param latest   the attribute's latest version (open or closed), if any
     * @param proposed the new version as asked for; its {@code supersedes} is set here
     */
    public static Change put(Optional<Fact> latest, Fact proposed) {
        if (latest.isEmpty()) {
            return new NewVersion(Optional.empty(), proposed);
        }
        Fact last = latest.get();
        if (last.isOpen() && last.value().equals(proposed.value())) {
            return new Unchanged(last);
        }
        Fact linked = new Fact(proposed.id(), proposed.profileId(), proposed.attribute(), proposed.value(),
                proposed.confidence(), proposed.source(), proposed.validFrom(), null, last.id(),
                proposed.recordedAt(), proposed.recordedBy());
        if (last.isOpen()) {
            if (!proposed.validFrom().isAfter(last.validFrom())) {
                return new Refused("valid_from " + proposed.validFrom() + " is not after the current version's"
                        + " valid_from " + last.validFrom() + ": history is not rewritten");
            }
            return new NewVersion(Optional.of(last.closedAt(proposed.validFrom())), linked);
        }
        if (proposed.validFrom().isBefore(last.validUntil())) {
            return new Refused("valid_from " + proposed.validFrom() + " is before " + last.validUntil()
                    + ", when the latest version was closed: history is not rewritten");
        }
        return new NewVersion(Optional.empty(), linked);
    }

    /**
     * Closing the current version at {@code now} (DELETE): empty when there is none. A version that
     * starts only later is closed at its own start, so that it never takes effect.
     */
    public static Optional<Fact> close(Optional<Fact> latest, Instant now) {
        return latest.filter(Fact::isOpen)
                .map(f -> f.closedAt(f.validFrom().isAfter(now) ? f.validFrom() : now));
    }
}
