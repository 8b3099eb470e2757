package dev.pmmemory.application.port.in;

/** Data rights: loads an export document back into an empty profile, all of it or nothing. */
public interface ImportProfile {
    /** @throws dev.pmmemory.application.StateConflictException when the profile already holds data */
    ProfileData load(ImportProfileCommand command);
}
