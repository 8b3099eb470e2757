package dev.pmmemory.application.port.in;

/** A team memory as a team's endpoints show it: the memory and the members behind it. */
public record TeamMemoryView(MemoryView view, TeamShare share) {
}
