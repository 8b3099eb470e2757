package dev.pmmemory.domain.privacy;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The test helpers agree with the well-known sample numbers, and so with the production checks. */
class FakesTest {
    @Test
    void luhnDigitOfKnownTestCards() {
        assertThat(Fakes.withLuhnDigit("411111111111111")).isEqualTo("4111111111111111");
        assertThat(Fakes.withLuhnDigit("37828224631000")).isEqualTo("378282246310005");
        assertThat(Checksums.passesLuhn("4111111111111111")).isTrue();
        assertThat(Checksums.passesLuhn("4111111111111112")).isFalse();
    }

    @Test
    void residentIdCheckCharOfTheStandardSample() {
        assertThat(Fakes.withResidentIdCheckChar("11010519491231002")).isEqualTo("11010519491231002X");
        assertThat(Checksums.isResidentId("11010519491231002X")).isTrue();
        assertThat(Checksums.isResidentId("11010519491231002x")).isTrue();
        assertThat(Checksums.isResidentId("110105194912310021")).isFalse();
    }
}
