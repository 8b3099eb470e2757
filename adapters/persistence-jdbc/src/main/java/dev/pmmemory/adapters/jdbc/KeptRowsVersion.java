package dev.pmmemory.adapters.jdbc;

import java.util.OptionalLong;

/**
 * How a store tells whether the ranking rows kept of a profile ({@link RankingRows}) are still those a
 * read would find: SQLite sees every write in its one process; PostgreSQL asks the database, where every
 * write of a profile by any instance sets a new version.
 */
public interface KeptRowsVersion {

    /**
     * The tag rows read now, in this transaction, may be kept under; empty when they may not (a write
     * transaction, or a write of the profile under way).
     */
    OptionalLong forRead(String profileId);

    /** Whether rows kept under {@code tag} are still what a read in this transaction would find. */
    boolean current(String profileId, long tag);

    /** A write transaction: nothing is kept, nothing kept is served. */
    KeptRowsVersion WRITING = new KeptRowsVersion() {
        @Override
        public OptionalLong forRead(String profileId) {
            return OptionalLong.empty();
        }

        @Override
        public boolean current(String profileId, long tag) {
            return false;
        }
    };
}
