package dev.pmmemory.bootstrap;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;

/** {@link RecallUseAcceptanceTest}, every case, with the service on PostgreSQL. */
@QuarkusTest
@TestProfile(PostgresProfile.class)
class PostgresRecallUseAcceptanceTest extends RecallUseAcceptanceTest {
}
