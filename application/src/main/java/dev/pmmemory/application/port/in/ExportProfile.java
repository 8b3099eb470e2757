package dev.pmmemory.application.port.in;

/** Data rights: everything held for a profile, read in one snapshot. */
public interface ExportProfile {
    /** @throws dev.pmmemory.application.NotFoundException when the store holds nothing for the profile */
    ProfileData export(String profileId);
}
