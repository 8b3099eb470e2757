package dev.pmmemory.application.port.in;

import dev.pmmemory.application.Validation;
import java.util.Objects;

/**
 * A valid export document (docs/api.md "Export document", format_version {@value ProfileData#FORMAT_VERSION})
 * to load into {@code profileId}, which must be the document's own profile (an export loads back into its own
 * profile). The adapter reads the document's values; what they must hold together across records (ids held by
 * another profile, an empty profile) is checked by the import itself.
 */
public record ImportProfileCommand(String profileId, ProfileData data, String actor) {

    public ImportProfileCommand {
        Objects.requireNonNull(data, "data");
        Validation v = new Validation();
        v.profileId("profile_id", profileId);
        v.actor(actor);
        if (!data.profileId().equals(profileId)) {
            v.fail("profile_id", "must be the profile of the path (an export loads back into its own profile)");
        }
        v.check();
    }
}
