package dev.pmmemory.adapters.postgres;

import dev.pmmemory.adapters.jdbc.KeptRowsVersion;
import dev.pmmemory.adapters.jdbc.Sql;
import java.util.HashMap;
import java.util.Map;
import java.util.OptionalLong;

/**
 * The version of a profile in {@code profile_versions} (V10), as one read transaction sees it: every write
 * transaction of the profile, by any instance on the database, sets a new random version
 * ({@link PostgresMemoryStore#write}), and a version never comes back, so rows kept under it are current
 * exactly while it is the one read.
 */
final class ProfileVersions implements KeptRowsVersion {
    private final Sql sql;
    /** Read once per profile: the transaction's snapshot does not change. */
    private final Map<String, Long> read = new HashMap<>();

    ProfileVersions(Sql sql) {
        this.sql = sql;
    }

    @Override
    public OptionalLong forRead(String profileId) {
        return OptionalLong.of(version(profileId));
    }

    @Override
    public boolean current(String profileId, long tag) {
        return tag == version(profileId);
    }

    private long version(String profileId) {
        return read.computeIfAbsent(profileId, p -> sql.query("SELECT version FROM profile_versions WHERE profile_id = ?",
                rs -> rs.getLong(1), p).stream().findFirst().orElse(0L));
    }
}
