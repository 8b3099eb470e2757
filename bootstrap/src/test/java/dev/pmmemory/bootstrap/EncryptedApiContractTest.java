package dev.pmmemory.bootstrap;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;

/** {@link ApiContractTest}, every case, with encryption at rest on (SQLite). */
@QuarkusTest
@TestProfile(EncryptedProfile.class)
class EncryptedApiContractTest extends ApiContractTest {
}
