package dev.pmmemory.application.access;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.HexFormat;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ApiKeysTest {
    private static final String BOT_SECRET = "bot-secret-value";
    private static final String OPS_SECRET = "ops-secret-value";

    private static String hex(String secret) {
        return HexFormat.of().formatHex(ApiKeys.sha256(secret));
    }

    private static final ApiKeys KEYS = ApiKeys.parse(
            "bot:write:team-a-*:" + hex(BOT_SECRET) + ", ops:admin:*:" + hex(OPS_SECRET));

    @Test
    void aSecretIsRecognisedByItsHashOnly() {
        assertThat(KEYS.authenticate(BOT_SECRET)).map(ApiKey::name).contains("bot");
        assertThat(KEYS.authenticate(OPS_SECRET)).map(ApiKey::name).contains("ops");
        assertThat(KEYS.authenticate("bot-secret-valu")).isEmpty();
        assertThat(KEYS.authenticate(hex(BOT_SECRET))).as("the hash itself is not a key").isEmpty();
        assertThat(KEYS.authenticate("")).isEmpty();
    }

    @Test
    void noKeysMeansAuthenticationIsOff() {
        assertThat(ApiKeys.parse("").enabled()).isFalse();
        assertThat(ApiKeys.parse(null).enabled()).isFalse();
        assertThat(KEYS.enabled()).isTrue();
        assertThat(KEYS.size()).isEqualTo(2);
    }

    @ParameterizedTest
    @CsvSource({
            "team-a-*, team-a-1, true",
            "team-a-*, team-a-, true",
            "team-a-*, team-b-x, false",
            "team-a-*, xteam-a-1, false",
            "*, anything.at:all, true",
            "pm-zhang, pm-zhang, true",
            "pm-zhang, pm-zhang2, false",
            "a.b, axb, false",
            "*-ops, team-ops, true"})
    void profileGlobsMatchWholeIdsWithStarAsTheOnlyWildcard(String glob, String profile, boolean covered) {
        ApiKey key = ApiKey.parse("k:read:" + glob + ":" + hex("s"));
        assertThat(key.coversProfile(profile)).isEqualTo(covered);
    }

    @ParameterizedTest
    @CsvSource({"pm-zhang, pm-zhang", "team-a-*, ''", "*, ''", "*-ops, ''"})
    void aKeyIsBoundToAProfileOnlyWhenItsGlobNamesExactlyOne(String glob, String bound) {
        ApiKey key = ApiKey.parse("k:read:" + glob + ":" + hex("s"));
        assertThat(key.boundProfile().orElse("")).isEqualTo(bound);
    }

    @Test
    void aTeamScopedKeyReachesItsTeamAndNoProfileByItsGlob() {
        ApiKey desk = ApiKey.parse("desk:write:@desk-1:" + hex("s"));
        assertThat(desk.team()).contains("desk-1");
        assertThat(desk.boundProfile()).isEmpty();
        assertThat(desk.coversProfile("@desk-1")).isFalse();
        assertThat(desk.teamRefusal("desk-1")).isEmpty();
        assertThat(desk.teamRefusal("desk-2")).contains("key desk may not touch this team");
        ApiKey all = ApiKey.parse("ops:admin:*:" + hex("s"));
        assertThat(all.team()).isEmpty();
        assertThat(all.teamRefusal("desk-2")).isEmpty();
        assertThat(ApiKey.parse("k:read:team-a-*:" + hex("s")).teamRefusal("team-a-1")).isPresent();
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> ApiKey.parse("k:read:@desk*:" + hex("s")))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void aRefusalNamesTheKeyAndWhatWasMissing() {
        ApiKey reader = ApiKey.parse("reader:read:team-a-*:" + hex("s"));
        assertThat(reader.scopeRefusal(Scope.READ)).isEmpty();
        assertThat(reader.scopeRefusal(Scope.WRITE)).contains("key reader has scope read; this call needs write");
        assertThat(reader.profileRefusal("team-a-1")).isEmpty();
        assertThat(reader.profileRefusal("team-b-1")).contains("key reader may not touch this profile");
    }

    @Test
    void onlyABearerHeaderCarriesASecret() {
        assertThat(ApiKeys.bearerSecret("Bearer " + BOT_SECRET)).contains(BOT_SECRET);
        assertThat(ApiKeys.bearerSecret("bearer  " + BOT_SECRET + " ")).contains(BOT_SECRET);
        assertThat(ApiKeys.bearerSecret("Basic " + BOT_SECRET)).isEmpty();
        assertThat(ApiKeys.bearerSecret(null)).isEmpty();
        assertThat(KEYS.fromAuthorizationHeader("Bearer " + OPS_SECRET)).map(ApiKey::name).contains("ops");
    }

    @Test
    void scopesIncludeTheOnesBeforeThem() {
        assertThat(Scope.ADMIN.includes(Scope.WRITE)).isTrue();
        assertThat(Scope.ADMIN.includes(Scope.READ)).isTrue();
        assertThat(Scope.WRITE.includes(Scope.READ)).isTrue();
        assertThat(Scope.WRITE.includes(Scope.ADMIN)).isFalse();
        assertThat(Scope.READ.includes(Scope.WRITE)).isFalse();
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "bot:write:team-a-*|part(s)",
            "bot:superuser:*:0000000000000000000000000000000000000000000000000000000000000000|scope must be",
            "bot:write:*:abc|64 hex digits",
            "bad name:write:*:0000000000000000000000000000000000000000000000000000000000000000|key name",
            "bot:write:../x:0000000000000000000000000000000000000000000000000000000000000000|profile glob"})
    void badKeySpecsAreRefusedWithAReason(String spec, String reason) {
        assertThatThrownBy(() -> ApiKeys.parse(spec)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining(reason);
    }

    @Test
    void aKeyNameConfiguredTwiceIsRefused() {
        assertThatThrownBy(() -> ApiKeys.parse("a:read:*:" + hex("x") + ",a:write:*:" + hex("y")))
                .hasMessageContaining("configured twice");
    }

    @Test
    void aKeyNeverPrintsItsHash() {
        ApiKey key = ApiKey.parse("bot:write:team-a-*:" + hex(BOT_SECRET));
        assertThat(key.toString()).contains("bot").doesNotContain(hex(BOT_SECRET));
    }

    @Test
    void rateLimiterAllowsABurstThenAsksToWait() {
        MutableClock clock = new MutableClock();
        RateLimiter limiter = new RateLimiter(2, clock);
        assertThat(limiter.secondsToWait("bot")).isZero();
        assertThat(limiter.secondsToWait("bot")).isZero();
        assertThat(limiter.secondsToWait("bot")).isEqualTo(1);
        assertThat(limiter.secondsToWait("other")).as("buckets are per key").isZero();
        clock.advance(Duration.ofMillis(500));
        assertThat(limiter.secondsToWait("bot")).isZero();
    }

    @Test
    void aZeroRateMeansNoLimit() {
        RateLimiter off = new RateLimiter(0, Clock.systemUTC());
        for (int i = 0; i < 1000; i++) {
            assertThat(off.secondsToWait("bot")).isZero();
        }
    }

    private static final class MutableClock extends Clock {
        private Instant now = Instant.parse("2026-05-09T10:00:00Z");

        void advance(Duration d) {
            now = now.plus(d);
        }

        @Override
        public ZoneOffset getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(java.time.ZoneId zone) {
            return this;
        }

        @Override
        public Instant instant() {
            return now;
        }
    }
}
