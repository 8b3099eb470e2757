package dev.pmmemory.bootstrap;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;

/** {@link DataRightsAcceptanceTest}, every case, with the service on PostgreSQL (memory.store=postgres). */
@QuarkusTest
@TestProfile(PostgresProfile.class)
class PostgresDataRightsAcceptanceTest extends DataRightsAcceptanceTest {
    /** Rows are deleted; their space is VACUUM's to reclaim (docs/rules.md "Data rights"). */
    @Override
    protected boolean storeShredsBytes() {
        return false;
    }
}
