package dev.pmmemory.adapters.jdbc;

import dev.pmmemory.application.port.out.FieldProtection;
import dev.pmmemory.application.port.out.KeyCheck;
import java.time.Instant;
import java.util.List;

/**
 * The key checks a store recorded (table {@code key_checks}): the check of every key that was primary at a start.
 * A start is allowed when one of them belongs to a configured key (after a rotation the new primary was recorded
 * too, so the old key can be retired), or when nothing was ever sealed and no key is configured.
 */
public final class StoredKeyChecks {
    private StoredKeyChecks() {
    }

    /**
     * Checks the configured keys against the recorded ones, then records the primary's check if it is new.
     *
     * @throws WrongKeyException when the keys do not fit the store
     */
    public static void verifyAndRecord(Sql sql, FieldProtection protection, Instant now) {
        List<KeyCheck> recorded = sql.query("SELECT key_id, check_value FROM key_checks ORDER BY recorded_at, key_id",
                rs -> new KeyCheck(rs.getString(1), rs.getString(2)));
        List<KeyCheck> configured = protection.keyChecks();
        if (configured.isEmpty()) {
            if (!recorded.isEmpty()) {
                throw new WrongKeyException("this store holds values sealed under key '" + recorded.get(0).keyId()
                        + "' but no key is configured: set memory.encryption.key or memory.encryption.keyset"
                        + " to the key(s) it was written with");
            }
            return;
        }
        if (!recorded.isEmpty() && recorded.stream().noneMatch(protection::recognises)) {
            throw new WrongKeyException("the configured encryption key(s) " + configured.stream().map(KeyCheck::keyId)
                    .toList() + " do not include a key this store was written with " + recorded.stream()
                    .map(KeyCheck::keyId).toList() + " (same id with another key, or another key altogether):"
                    + " refusing to start rather than serve values that cannot be opened");
        }
        KeyCheck primary = configured.get(0);
        // another instance may record it at the same moment: the first insert wins, both agree
        if (!recorded.contains(primary)) {
            sql.update("INSERT INTO key_checks (key_id, check_value, recorded_at) VALUES (?, ?, ?)"
                    + " ON CONFLICT (key_id) DO NOTHING",
                    primary.keyId(), primary.value(), now.toEpochMilli());
        }
    }
}
