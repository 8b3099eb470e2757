package dev.pmmemory.adapters.rest.dto;

import io.quarkus.runtime.annotations.RegisterForReflection;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** The optional body of a confirm (documentation of the wire shape; the resource reads a map). */
@RegisterForReflection
@Schema(name = "ConfirmRequest")
public class ConfirmRequest {
    @Schema(nullable = true, enumeration = {"long_term_preference", "project_negative", "project_advance",
            "project_positive", "market_info", "temp_status"},
            description = "the type to confirm the memory as: its own type or one of its alternatives")
    public String type;
}
