package dev.pmmemory.application.port.out;

import java.util.Collection;
import java.util.Set;

/**
 * Which ids are taken: record ids are unique across the whole store (every profile), so an import
 * checks its document's ids here first and names a taken one instead of failing on the database's
 * constraint.
 */
public interface StoredIds {

    /** The kinds of record an export document carries, each with its own id space. */
    enum Kind { RAW_MESSAGE, MEMORY, AUDIT_EVENT, EXPERIENCE, FACT }

    /** Of {@code ids}, those held by a record of {@code kind} of a profile other than {@code profileId}. */
    Set<String> heldByOtherProfiles(Kind kind, String profileId, Collection<String> ids);
}
