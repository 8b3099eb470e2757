package dev.pmmemory.application.access;

import java.util.HexFormat;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * A configured key: its name (for logs and rate limits), scope, the profiles it may touch and the
 * SHA-256 of its secret. The secret itself is never held.
 *
 * @param profileGlob profile ids it may touch: {@code *} matches any run of characters; or {@code @} and a team id:
 *                    the key is scoped to that team (its memories and its members' profiles)
 */
public record ApiKey(String name, Scope scope, String profileGlob, byte[] secretSha256) {
    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9_.-]{1,64}");
    private static final Pattern GLOB = Pattern.compile("[A-Za-z0-9_.:*-]{1,128}|@[A-Za-z0-9_.:-]{1,128}");
    private static final String TEAM_MARK = "@";
    private static final Pattern HEX = Pattern.compile("[0-9a-fA-F]{64}");

    public ApiKey {
        Objects.requireNonNull(scope, "scope");
        if (name == null || !NAME.matcher(name).matches()) {
            throw new IllegalArgumentException("key name must be 1 to 64 characters of A-Z a-z 0-9 _ . -");
        }
        if (profileGlob == null || !GLOB.matcher(profileGlob).matches()) {
            throw new IllegalArgumentException("key " + name + ": profile glob must be 1 to 128 characters of"
                    + " A-Z a-z 0-9 _ . : - and *, or @ and a team id");
        }
        if (secretSha256 == null || secretSha256.length != 32) {
            throw new IllegalArgumentException("key " + name + ": the hash must be a SHA-256 (32 bytes)");
        }
        secretSha256 = secretSha256.clone();
    }

    /** {@code name:scope:glob:sha256-hex}, as in {@code memory.auth.keys}. */
    public static ApiKey parse(String spec) {
        String[] parts = spec.strip().split(":", -1);
        if (parts.length != 4) {
            throw new IllegalArgumentException("an API key is name:scope:profile-glob:sha256-hex, got "
                    + parts.length + " part(s)");
        }
        Scope scope = Scope.fromWireName(parts[1]).orElseThrow(() -> new IllegalArgumentException(
                "key " + parts[0] + ": scope must be read, write or admin"));
        if (!HEX.matcher(parts[3]).matches()) {
            throw new IllegalArgumentException("key " + parts[0] + ": the hash must be 64 hex digits (SHA-256)");
        }
        return new ApiKey(parts[0], scope, parts[2], HexFormat.of().parseHex(parts[3]));
    }

    /** Whether the glob is {@code *}: the key may touch every profile. */
    public boolean coversEveryProfile() {
        return "*".equals(profileGlob);
    }

    /**
     * Whether the glob covers the profile. A team-scoped key covers no profile by its glob: its members'
     * profiles are the team's, which only the membership (read by the caller) tells.
     */
    public boolean coversProfile(String profileId) {
        return team().isEmpty() && globToRegex(profileGlob).matcher(profileId).matches();
    }

    /** The team a team-scoped key ({@code @team}) is bound to; empty for a profile glob. */
    public Optional<String> team() {
        return profileGlob.startsWith(TEAM_MARK) ? Optional.of(profileGlob.substring(TEAM_MARK.length()))
                : Optional.empty();
    }

    /** Why this key may not touch the team's memories; empty when it is scoped to that team or covers every profile. */
    public Optional<String> teamRefusal(String teamId) {
        return coversEveryProfile() || team().filter(teamId::equals).isPresent() ? Optional.empty()
                : Optional.of("key " + name + " may not touch this team");
    }

    /**
     * The one profile this key may touch, when its glob names exactly one (no {@code *}): a caller
     * holding it need not name the profile it acts on.
     */
    public Optional<String> boundProfile() {
        return profileGlob.indexOf('*') < 0 && team().isEmpty() ? Optional.of(profileGlob) : Optional.empty();
    }

    /** Why this key may not make a call that needs {@code needed}; empty when its scope includes it. */
    public Optional<String> scopeRefusal(Scope needed) {
        return scope.includes(needed) ? Optional.empty()
                : Optional.of("key " + name + " has scope " + scope.wireName() + "; this call needs "
                        + needed.wireName());
    }

    /** Why this key may not touch {@code profileId}; empty when its glob covers it. */
    public Optional<String> profileRefusal(String profileId) {
        return coversProfile(profileId) ? Optional.empty()
                : Optional.of("key " + name + " may not touch this profile");
    }

    private static Pattern globToRegex(String glob) {
        StringBuilder regex = new StringBuilder();
        for (String literal : glob.split("\\*", -1)) {
            if (!regex.isEmpty()) {
                regex.append(".*");
            }
            regex.append(Pattern.quote(literal));
        }
        return Pattern.compile(regex.toString());
    }

    @Override
    public byte[] secretSha256() {
        return secretSha256.clone();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof ApiKey k && name.equals(k.name);
    }

    @Override
    public int hashCode() {
        return name.hashCode();
    }

    @Override
    public String toString() {
        return "ApiKey[" + name + ", " + scope.wireName() + ", " + profileGlob + "]";
    }
}
