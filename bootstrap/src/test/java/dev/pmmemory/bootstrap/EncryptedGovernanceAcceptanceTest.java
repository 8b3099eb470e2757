package dev.pmmemory.bootstrap;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;

/** {@link GovernanceAcceptanceTest}, every case, with encryption at rest on (SQLite). */
@QuarkusTest
@TestProfile(EncryptedProfile.class)
class EncryptedGovernanceAcceptanceTest extends GovernanceAcceptanceTest {
}
