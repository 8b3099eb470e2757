package dev.pmmemory.application.port.in;

/** Data rights: loads an export document back into an empty profile, all of it or nothing. */
public interface ImportProfile {
    /** @throws dev.pmmemory.application.StateConflictException when the profile already holds data, or an
     *         id of the document is held by another profile ({@code field()} names it) */
    ProfileData load(ImportProfileCommand command);
}
