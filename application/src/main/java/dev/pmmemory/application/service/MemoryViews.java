package dev.pmmemory.application.service;

import dev.pmmemory.application.port.in.MemoryView;
import dev.pmmemory.domain.lexicon.Lexicon;
import dev.pmmemory.domain.memory.Lifetime;
import dev.pmmemory.domain.memory.Memory;
import java.time.Instant;

/** Presents stored memories as a reader sees them at an instant. */
final class MemoryViews {
    private final Lexicon lexicon;

    MemoryViews(Lexicon lexicon) {
        this.lexicon = lexicon;
    }

    MemoryView at(Memory m, Instant now) {
        return new MemoryView(m, Lifetime.statusAt(m, now), lexicon.ruleFor(m.type()).priority());
    }
}
