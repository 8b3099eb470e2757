package dev.pmmemory.domain.privacy;

/** Finds secrets of one shape in the matching view of a message and claims them. */
interface SecretFinder {
    /**
     * @param view   the message as {@link MatchView} prepared it: same length, same indices
     * @param claims what is already taken; a finder claims only free ranges
     */
    void find(String view, Claims claims);
}
