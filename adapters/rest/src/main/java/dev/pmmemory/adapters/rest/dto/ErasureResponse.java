package dev.pmmemory.adapters.rest.dto;

import dev.pmmemory.application.port.in.EraseProfile.Erasure;
import io.quarkus.runtime.annotations.RegisterForReflection;
import java.time.Instant;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

@RegisterForReflection
@Schema(name = "Erasure", description = "what an erase removed (counts only)")
public record ErasureResponse(String profileId, int rawMessages, int memories, int experiences,
                              @Schema(description = "fact versions deleted (every version of every attribute)")
                              int facts,
                              @Schema(description = "audit events emptied of content; they stay as tombstones")
                              int auditEventsScrubbed,
                              Instant erasedAt,
                              @Schema(description = "true when the deleted bytes are also gone from the store's "
                                      + "files (SQLite: zeroed, WAL truncated); false on PostgreSQL, where VACUUM "
                                      + "reclaims them (docs/rules.md \"Data rights\")")
                              boolean storageShredded) {
    public static ErasureResponse of(Erasure e) {
        return new ErasureResponse(e.profileId(), e.rawMessages(), e.memories(), e.experiences(), e.facts(),
                e.auditEventsScrubbed(), e.erasedAt(), e.storageShredded());
    }
}
