package dev.pmmemory.bootstrap;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;

/**
 * {@link SessionsAcceptanceTest}, every case, on the embedded session store with encryption at rest on: its turns
 * stay in the heap and are never written to disk, so they are kept as given and the API works unchanged.
 */
@QuarkusTest
@TestProfile(EncryptedProfile.class)
class EncryptedSessionsAcceptanceTest extends SessionsAcceptanceTest {
}
