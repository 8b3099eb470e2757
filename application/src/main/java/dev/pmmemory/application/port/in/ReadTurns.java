package dev.pmmemory.application.port.in;

/** The last turns of a live short-term session, oldest first (rules.md §10). */
public interface ReadTurns {
    SessionHistory read(ReadTurnsQuery query);
}
