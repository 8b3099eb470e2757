package dev.pmmemory.application.port.out;

import dev.pmmemory.domain.derive.DerivedProposal;
import dev.pmmemory.domain.memory.Memory;
import java.time.Instant;
import java.util.List;

/**
 * What sees patterns in a profile's memories and proposes long-term preferences (docs/rules.md "Derived
 * preferences"). The shipped one applies the lexicon's {@code derive} rules; another (a language model)
 * may take its place or join it. Whatever it proposes is stored {@code pending} for a person to decide.
 */
public interface PreferenceProposer {
    /** How far back the memories it is given reach: the longest window it looks at. */
    java.time.Duration lookBack();

    /**
     * @param memories the profile's memories last seen within {@link #lookBack} of {@code now}, whatever their
     *                 status (a proposer decides which count: a decision that expired still held while it lived)
     * @return the proposals, each with its evidence among {@code memories}
     */
    List<DerivedProposal> propose(String profileId, List<Memory> memories, Instant now);
}
