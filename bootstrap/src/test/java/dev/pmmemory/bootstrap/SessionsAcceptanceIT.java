package dev.pmmemory.bootstrap;

import io.quarkus.test.junit.QuarkusIntegrationTest;

/**
 * Short-term sessions against the packaged build (native with {@code ./mvnw verify -Dnative}, the jar with
 * {@code -DskipITs=false}): add, read, expire and validate turns through the executable itself.
 */
@QuarkusIntegrationTest
class SessionsAcceptanceIT extends SessionsAcceptanceTest {
}
