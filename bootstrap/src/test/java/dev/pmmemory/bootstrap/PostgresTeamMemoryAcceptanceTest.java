package dev.pmmemory.bootstrap;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;

/** {@link TeamMemoryAcceptanceTest}, every case, with the service on PostgreSQL (memory.store=postgres). */
@QuarkusTest
@TestProfile(PostgresProfile.class)
class PostgresTeamMemoryAcceptanceTest extends TeamMemoryAcceptanceTest {
}
