package dev.pmmemory.bootstrap;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;

/** {@link WritePathByTimeAcceptanceTest} with the service on PostgreSQL. */
@QuarkusTest
@TestProfile(PostgresProfile.class)
class PostgresWritePathByTimeAcceptanceTest extends WritePathByTimeAcceptanceTest {
}
