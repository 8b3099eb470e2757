package dev.pmmemory.application.port.in;

import java.util.Map;
import java.util.Objects;

/**
 * Where a key rotation stands: the primary key (empty without encryption), the rows under each key id ("plain":
 * not sealed), and how many still need the re-encryption job. An old key can be retired when it has no rows left.
 */
public record ReencryptionStatus(String primaryKeyId, Map<String, Long> rowsByKey, long rowsToReseal) {
    public ReencryptionStatus {
        Objects.requireNonNull(primaryKeyId, "primaryKeyId");
        rowsByKey = Map.copyOf(rowsByKey);
    }
}
