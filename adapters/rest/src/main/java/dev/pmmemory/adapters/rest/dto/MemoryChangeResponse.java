package dev.pmmemory.adapters.rest.dto;

import dev.pmmemory.application.port.in.MemoryChange;
import io.quarkus.runtime.annotations.RegisterForReflection;
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** A memory after a correction, delete, confirm or reject. */
@RegisterForReflection
@Schema(name = "MemoryChange")
public record MemoryChangeResponse(
        MemoryDto memory,
        @Schema(description = "ids of the memories this change superseded (wholly or for some entities)")
        List<String> superseded) {

    public static MemoryChangeResponse of(MemoryChange change) {
        return new MemoryChangeResponse(new MemoryDto(change.memory()), change.superseded());
    }
}
