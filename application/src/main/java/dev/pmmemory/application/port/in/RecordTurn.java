package dev.pmmemory.application.port.in;

/** Adds one turn to a short-term session and renews the session's lifetime (rules.md §10). */
public interface RecordTurn {
    RecordedTurn record(RecordTurnCommand command);
}
