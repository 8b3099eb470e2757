package dev.pmmemory.application;

import dev.pmmemory.application.InvalidInputException.FieldError;
import dev.pmmemory.domain.memory.MemoryType;
import java.time.DateTimeException;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.function.Function;
import java.util.regex.Pattern;

/** Collects every field error of one input before failing, so the response names them all. */
public final class Validation {
    /**
     * The shapes of ids and names, as regular expressions: constants, so that an inbound adapter can state
     * them in its own schema (an MCP tool's input) without writing them again.
     */
    public static final String PROFILE_ID_REGEX = "[A-Za-z0-9_.:-]{1,128}";
    public static final String OPAQUE_ID_REGEX = "[\\x21-\\x7E]{1,128}";
    public static final String ATTRIBUTE_REGEX = "[a-z][a-z0-9_]{0,63}";

    private static final Pattern PROFILE_ID = Pattern.compile(PROFILE_ID_REGEX);
    private static final Pattern HAS_ALNUM = Pattern.compile(".*[A-Za-z0-9].*");
    private static final Pattern OPAQUE_ID = Pattern.compile(OPAQUE_ID_REGEX);
    private static final Pattern ATTRIBUTE = Pattern.compile(ATTRIBUTE_REGEX);

    private static final Instant EARLIEST = Instant.parse("1900-01-01T00:00:00Z");
    private static final Instant LATEST = Instant.parse("9999-12-31T23:59:59.999Z");

    private final List<FieldError> errors = new ArrayList<>();

    public void fail(String field, String message) {
        errors.add(new FieldError(field, message));
    }

    /** Throws when anything failed. */
    public void check() {
        if (!errors.isEmpty()) {
            throw new InvalidInputException(errors);
        }
    }

    /** 1..128 characters of [A-Za-z0-9_.:-], not only dots (".." is a path trick, not a profile). */
    public String profileId(String field, String value) {
        if (value == null || !PROFILE_ID.matcher(value).matches() || !HAS_ALNUM.matcher(value).matches()) {
            fail(field, "must be 1 to 128 characters of A-Z a-z 0-9 _ . : - with at least one letter or digit");
            return null;
        }
        return value;
    }

    /** A team id: the shape of a profile id (1..128 characters of [A-Za-z0-9_.:-], not only dots). */
    public String teamId(String field, String value) {
        if (value == null || !PROFILE_ID.matcher(value).matches() || !HAS_ALNUM.matcher(value).matches()) {
            fail(field, "must be 1 to 128 characters of A-Z a-z 0-9 _ . : - with at least one letter or digit");
            return null;
        }
        return value;
    }

    /**
     * Whose memories: a profile id, or a team's owner id ({@link TeamOwner}). Only the use cases build a
     * team's owner id; the wire forms ({@code of} factories) take profile ids alone.
     */
    public String ownerId(String field, String value) {
        java.util.Optional<String> team = TeamOwner.teamOf(value);
        return team.isPresent() ? (teamId(field, team.get()) == null ? null : value) : profileId(field, value);
    }

    /** An optional id chosen by the caller: 1..128 printable ASCII characters, no spaces. */
    public String optionalOpaqueId(String field, String value) {
        if (value == null) {
            return null;
        }
        if (!OPAQUE_ID.matcher(value).matches()) {
            fail(field, "must be 1 to 128 printable ASCII characters without spaces");
            return null;
        }
        return value;
    }

    /**
     * ISO-8601 with an offset ("2026-05-09T10:00:00Z", "2026-05-09T18:00:00+08:00"), kept to the
     * millisecond, in the years 1900 to 9999 (stores keep epoch milliseconds; nothing a PM says
     * lies outside).
     */
    public Instant optionalInstant(String field, String value) {
        if (value == null) {
            return null;
        }
        Instant parsed;
        try {
            parsed = OffsetDateTime.parse(value.strip(), DateTimeFormatter.ISO_OFFSET_DATE_TIME)
                    .toInstant().truncatedTo(ChronoUnit.MILLIS);
        } catch (DateTimeException e) {
            fail(field, "must be an ISO-8601 date-time with an offset, e.g. 2026-05-09T10:00:00Z");
            return null;
        }
        if (parsed.isBefore(EARLIEST) || parsed.isAfter(LATEST)) {
            fail(field, "must lie between the years 1900 and 9999");
            return null;
        }
        return parsed;
    }

    /** No unpaired UTF-16 surrogate: such a string cannot be written back as UTF-8. */
    public static boolean isWellFormedUnicode(String s) {
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (Character.isHighSurrogate(c)) {
                if (i + 1 >= s.length() || !Character.isLowSurrogate(s.charAt(i + 1))) {
                    return false;
                }
                i++;
            } else if (Character.isLowSurrogate(c)) {
                return false;
            }
        }
        return true;
    }

    /**
     * Text a person wrote: not blank, at most {@code maxCodePoints} characters, no control characters
     * but line breaks and tabs, well-formed Unicode (stores write it back as UTF-8).
     */
    public String text(String field, String value, int maxCodePoints) {
        if (value == null || value.isBlank()) {
            fail(field, "must not be blank");
        } else if (value.codePointCount(0, value.length()) > maxCodePoints) {
            fail(field, "must be at most " + maxCodePoints + " characters");
        } else if (value.chars().anyMatch(c -> Character.isISOControl(c) && c != '\n' && c != '\r' && c != '\t')) {
            fail(field, "must not contain control characters");
        } else if (!isWellFormedUnicode(value)) {
            fail(field, "must be well-formed Unicode text (no lone surrogates)");
        } else {
            return value;
        }
        return null;
    }

    public <T> T optionalEnum(String field, String value, Function<String, java.util.Optional<T>> parse,
                              String allowed) {
        if (value == null) {
            return null;
        }
        return parse.apply(value).orElseGet(() -> {
            fail(field, "must be one of " + allowed);
            return null;
        });
    }

    /** Memory types by their wire names, blanks skipped; an unknown name is an error, never ignored. */
    public Set<MemoryType> memoryTypes(String field, List<String> names) {
        Set<MemoryType> types = new LinkedHashSet<>();
        List<String> given = names.stream().filter(Objects::nonNull).map(String::strip).filter(n -> !n.isEmpty())
                .toList();
        for (String name : given) {
            MemoryType.fromWireName(name).ifPresentOrElse(types::add,
                    () -> fail(field, "unknown type '" + name + "'; allowed: " + memoryTypeNames()));
        }
        return types;
    }

    /** Every memory type's wire name, for a message that lists what is allowed. */
    public static String memoryTypeNames() {
        return String.join(", ", Arrays.stream(MemoryType.values()).map(MemoryType::wireName).toList());
    }

    public int intInRange(String field, String value, int defaultValue, int min, int max) {
        if (value == null || value.isEmpty()) {
            return defaultValue;
        }
        try {
            int v = Integer.parseInt(value.strip());
            if (v >= min && v <= max) {
                return v;
            }
        } catch (NumberFormatException e) {
            // reported below, same message as out of range
        }
        fail(field, "must be a whole number from " + min + " to " + max);
        return defaultValue;
    }

    /** A memory id as the service hands them out: 1..128 printable ASCII characters. */
    public String memoryId(String field, String value) {
        if (value == null || !OPAQUE_ID.matcher(value).matches()) {
            fail(field, "must be 1 to 128 printable ASCII characters without spaces");
            return null;
        }
        return value;
    }

    /** Who makes a change (an API key's name, or local): the adapter supplies it, never empty. */
    public void actor(String actor) {
        if (actor == null || actor.isBlank() || actor.length() > 128) {
            fail("actor", "must be 1 to 128 characters");
        }
    }

    /**
     * The calling agent, when known (an MCP client's name and version, or an {@code x-agent-id} header):
     * null, or 1..128 characters without control characters.
     */
    public void agent(String field, String agent) {
        if (agent != null && (agent.isBlank() || agent.codePointCount(0, agent.length()) > MAX_AGENT_CODE_POINTS
                || !isWellFormedUnicode(agent) || agent.chars().anyMatch(Character::isISOControl))) {
            fail(field, "must be 1 to " + MAX_AGENT_CODE_POINTS + " characters without control characters");
        }
    }

    /** The longest agent name recorded; adapters cut what a client sends to this. */
    public static final int MAX_AGENT_CODE_POINTS = 128;

    /** A fact's attribute name: snake_case, 1..64 characters, starting with a letter (focus_stage). */
    public String attribute(String field, String value) {
        if (value == null || !ATTRIBUTE.matcher(value).matches()) {
            fail(field, "must be 1 to 64 characters of a-z 0-9 _ starting with a letter, e.g. focus_stage");
            return null;
        }
        return value;
    }
}
