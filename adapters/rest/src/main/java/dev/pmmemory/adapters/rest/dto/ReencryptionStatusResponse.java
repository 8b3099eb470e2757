package dev.pmmemory.adapters.rest.dto;

import dev.pmmemory.application.port.in.ReencryptionStatus;
import io.quarkus.runtime.annotations.RegisterForReflection;
import java.util.Map;
import java.util.TreeMap;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

@RegisterForReflection
@Schema(name = "ReencryptionStatus")
public record ReencryptionStatusResponse(
        @Schema(description = "the key new writes are sealed under; empty without encryption") String primaryKey,
        @Schema(description = "rows with a value under each key id ('plain': not sealed); an older key can be"
                + " retired when it has none") Map<String, Long> rowsByKey,
        @Schema(description = "rows the re-encryption job still has to rewrite under the primary key")
        long rowsLeft) {

    public static ReencryptionStatusResponse of(ReencryptionStatus s) {
        return new ReencryptionStatusResponse(s.primaryKeyId(), new TreeMap<>(s.rowsByKey()), s.rowsToReseal());
    }
}
