package dev.pmmemory.adapters.rest;

import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** Shared OpenAPI wording for the problem responses every operation may return. */
final class ApiDocs {
    static final String PROBLEM = "application/problem+json";
    static final String INVALID = "invalid input: every bad field is named in errors";
    static final String UNAVAILABLE = "the store cannot be reached; retry after Retry-After seconds";
    static final String SESSIONS_UNAVAILABLE = "the session store (Redis) cannot be reached; retry after Retry-After "
            + "seconds";

    /**
     * The memory types as they are on the wire, for typed query parameters (a generated client gets an
     * enum, not a string). Constants in wire spelling; ApiContractTest checks them against the domain's.
     */
    @Schema(name = "MemoryType", description = "a memory type")
    @SuppressWarnings("java:S115") // named as on the wire
    enum MemoryTypeName {
        long_term_preference, project_negative, project_advance, project_positive, market_info, temp_status, summary
    }

    /** The sections {@code include} may add to a context response. */
    @Schema(name = "ContextSection")
    @SuppressWarnings("java:S115") // named as on the wire
    enum ContextSection {
        experiences
    }

    private ApiDocs() {
    }
}
