package dev.pmmemory.application.service;

import dev.pmmemory.application.port.out.PreferenceProposer;
import dev.pmmemory.domain.derive.DerivedProposal;
import dev.pmmemory.domain.derive.PatternProposer;
import dev.pmmemory.domain.lexicon.Lexicon;
import dev.pmmemory.domain.memory.Memory;
import dev.pmmemory.domain.derive.DerivationRule;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

/** The shipped proposer: the lexicon's {@code derive} rules ({@link PatternProposer}). */
public final class LexiconPatterns implements PreferenceProposer {
    private final PatternProposer patterns;
    private final Duration lookBack;

    public LexiconPatterns(Lexicon lexicon) {
        this.patterns = new PatternProposer(lexicon.derivations());
        this.lookBack = lexicon.derivations().stream().map(DerivationRule::window).max(Duration::compareTo)
                .orElse(Duration.ZERO);
    }

    @Override
    public Duration lookBack() {
        return lookBack;
    }

    @Override
    public List<DerivedProposal> propose(String profileId, List<Memory> memories, Instant now) {
        return patterns.propose(memories, now);
    }
}
