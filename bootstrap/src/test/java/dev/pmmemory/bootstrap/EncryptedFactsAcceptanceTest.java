package dev.pmmemory.bootstrap;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;

/** {@link FactsAcceptanceTest}, every case, with encryption at rest on (SQLite). */
@QuarkusTest
@TestProfile(EncryptedProfile.class)
class EncryptedFactsAcceptanceTest extends FactsAcceptanceTest {
}
