package dev.pmmemory.adapters.mcp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.pmmemory.application.InvalidInputException;
import dev.pmmemory.application.access.ApiKey;
import dev.pmmemory.application.access.ApiKeys;
import dev.pmmemory.application.access.Scope;
import java.util.HexFormat;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class ToolCallerTest {
    private static ToolCaller with(String scope, String glob) {
        ApiKey key = ApiKey.parse("k:" + scope + ":" + glob + ":" + HexFormat.of().formatHex(ApiKeys.sha256("s")));
        return new ToolCaller(Optional.of(key), "acme 1.0");
    }

    private static String fieldOf(Runnable call) {
        try {
            call.run();
        } catch (InvalidInputException e) {
            return e.errors().get(0).field() + ": " + e.errors().get(0).message();
        }
        throw new AssertionError("no invalid input");
    }

    @Test
    void aBoundKeyActsOnItsProfileWhenNoneIsNamed() {
        assertThat(with("write", "pm-zhang").profileFor(null, Scope.WRITE)).isEqualTo("pm-zhang");
        assertThat(with("write", "pm-zhang").profileFor("pm-zhang", Scope.READ)).isEqualTo("pm-zhang");
    }

    @Test
    void aWiderKeyMustNameTheProfile_andOnlyOneItsGlobCovers() {
        assertThat(fieldOf(() -> with("read", "team-a-*").profileFor(null, Scope.READ)))
                .isEqualTo("profile_id: is required: key k may touch more than one profile");
        assertThat(with("read", "team-a-*").profileFor("team-a-7", Scope.READ)).isEqualTo("team-a-7");
        assertThatThrownBy(() -> with("read", "team-a-*").profileFor("team-b-7", Scope.READ))
                .isInstanceOf(ToolRefusal.class).hasMessage("key k may not touch this profile");
        assertThatThrownBy(() -> with("write", "pm-zhang").profileFor("pm-li", Scope.READ))
                .isInstanceOf(ToolRefusal.class);
    }

    @Test
    void theScopeIsCheckedFirst_soARefusedCallLearnsNothingAboutProfiles() {
        assertThatThrownBy(() -> with("read", "*").profileFor(null, Scope.WRITE))
                .isInstanceOf(ToolRefusal.class).hasMessage("key k has scope read; this call needs write");
    }

    @Test
    void withoutKeysTheCallerIsLocalAndMustNameAWellFormedProfile() {
        ToolCaller local = new ToolCaller(Optional.empty(), null);
        assertThat(local.actor()).isEqualTo("local");
        assertThat(fieldOf(() -> local.profileFor(null, Scope.ADMIN))).isEqualTo("profile_id: is required");
        assertThat(fieldOf(() -> local.profileFor("..", Scope.READ))).startsWith("profile_id: must be 1 to 128");
        assertThat(local.profileFor("pm-zhang", Scope.ADMIN)).isEqualTo("pm-zhang");
        assertThat(with("admin", "*").actor()).isEqualTo("k");
    }
}
