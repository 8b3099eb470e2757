package dev.pmmemory.application;

import java.util.Optional;

/**
 * The owner id a team's memories are stored under: {@value #PREFIX} and the team id. A profile id never
 * holds {@code ~} ({@link Validation#PROFILE_ID_REGEX}), so a team's memories never mix with a profile's,
 * while classification, dedup, conflict, expiry and storage treat them as any owner's (docs/rules.md §12).
 */
public final class TeamOwner {
    public static final String PREFIX = "~team:";

    private TeamOwner() {
    }

    /** The owner id of a team's memories. */
    public static String of(String teamId) {
        return PREFIX + teamId;
    }

    /** The team whose memories this owner id holds; empty for a profile. */
    public static Optional<String> teamOf(String ownerId) {
        return ownerId != null && ownerId.startsWith(PREFIX) ? Optional.of(ownerId.substring(PREFIX.length()))
                : Optional.empty();
    }

    public static boolean isTeam(String ownerId) {
        return teamOf(ownerId).isPresent();
    }
}
