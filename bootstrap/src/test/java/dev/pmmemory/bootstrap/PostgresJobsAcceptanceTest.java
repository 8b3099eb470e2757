package dev.pmmemory.bootstrap;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;

/** {@link JobsAcceptanceTest}, every case, with the service on PostgreSQL: the two-runner case there is two instances on one database. */
@QuarkusTest
@TestProfile(PostgresProfile.class)
class PostgresJobsAcceptanceTest extends JobsAcceptanceTest {
}
