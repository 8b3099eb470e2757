/**
 * The lifecycle tables as Hibernate ORM entities with Panache: rows written once and read back, closed or
 * scrubbed later (facts, experiences, audit events, job runs, the entity registry). Their columns are the
 * Flyway migrations' ({@code db/postgres}); Hibernate creates and validates nothing. The memories and their
 * lookup rows are not here: they are the shared JDBC core's, measured hot.
 */
package dev.pmmemory.adapters.postgres.rows;
