package dev.pmmemory.adapters.rest.dto;

import com.fasterxml.jackson.annotation.JsonAnySetter;
import dev.pmmemory.application.Validation;
import dev.pmmemory.application.port.in.ConfirmChoice;
import io.quarkus.runtime.annotations.RegisterForReflection;
import java.util.Map;
import java.util.TreeSet;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** The optional body of a confirm; a field other than type is named, not ignored. */
@RegisterForReflection
@Schema(name = "ConfirmRequest")
public record ConfirmRequest(
        @Schema(nullable = true, enumeration = {"long_term_preference", "project_negative", "project_advance",
                "project_positive", "market_info", "temp_status"},
                description = "the type to confirm the memory as: its own type or one of its alternatives")
        String type,
        @Schema(hidden = true) @JsonAnySetter Map<String, Object> unknown) {

    public ConfirmChoice toChoice() {
        if (unknown != null && !unknown.isEmpty()) {
            Validation v = new Validation();
            new TreeSet<>(unknown.keySet()).forEach(k -> v.fail(k, "is not a field of a confirm (only type)"));
            v.check();
        }
        return ConfirmChoice.named(type);
    }
}
