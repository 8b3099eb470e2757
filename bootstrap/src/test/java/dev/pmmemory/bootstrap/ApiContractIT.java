package dev.pmmemory.bootstrap;

import io.quarkus.test.junit.QuarkusIntegrationTest;

/**
 * The REST contract against the packaged build: the native executable with {@code ./mvnw verify -Dnative}
 * (src-native/README.md), the jar with {@code -DskipITs=false}. Off in the normal verify, which runs
 * {@link ApiContractTest} itself.
 */
@QuarkusIntegrationTest
class ApiContractIT extends ApiContractTest {
}
