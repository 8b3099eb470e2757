package dev.pmmemory.adapters.postgres;

/**
 * Whether a write transaction changed a memory or a vector, what semantic recall keeps of a
 * profile: only then does the transaction give the profile a new version (profile_versions, V10),
 * so a write of raw messages, facts or the registry alone costs no extra statement.
 */
final class RowChanges {
    private boolean any;

    void changed() {
        any = true;
    }

    boolean any() {
        return any;
    }
}
