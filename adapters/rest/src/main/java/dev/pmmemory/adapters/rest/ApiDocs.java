package dev.pmmemory.adapters.rest;

/** Shared OpenAPI wording for the problem responses every operation may return. */
final class ApiDocs {
    static final String PROBLEM = "application/problem+json";
    static final String INVALID = "invalid input: every bad field is named in errors";
    static final String UNAVAILABLE = "the store cannot be reached; retry after Retry-After seconds";
    static final String SESSIONS_UNAVAILABLE = "the session store (Redis) cannot be reached; retry after Retry-After "
            + "seconds";

    private ApiDocs() {
    }
}
