package dev.pmmemory.application.port.in;

import dev.pmmemory.application.Validation;
import java.time.Instant;
import java.util.Objects;

/** A valid request for one memory; {@code asOf} null means now. */
public record GetMemoryQuery(String profileId, String memoryId, Instant asOf) {

    public GetMemoryQuery {
        Validation v = new Validation();
        v.profileId("profile_id", profileId);
        v.check();
        Objects.requireNonNull(memoryId, "memoryId");
    }
}
