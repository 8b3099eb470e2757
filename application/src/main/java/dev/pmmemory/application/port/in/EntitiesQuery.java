package dev.pmmemory.application.port.in;

/**
 * {@code GET /v1/entities} as given, before validation.
 *
 * @param query  a part of a name (any alias, any case), or null for all
 * @param limit  page size as given, or null for the default
 * @param cursor the previous page's {@code next_cursor}, or null
 */
public record EntitiesQuery(String query, String limit, String cursor) {
}
