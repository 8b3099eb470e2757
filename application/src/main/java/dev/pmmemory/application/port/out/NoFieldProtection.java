package dev.pmmemory.application.port.out;

import java.util.List;
import java.util.Optional;

/**
 * No protection at rest: values are stored as given and terms are their own index. A store that was sealed
 * under a key is caught at start by its recorded {@link KeyCheck}, which this implementation never recognises.
 */
public record NoFieldProtection() implements FieldProtection {

    @Override
    public String seal(String plaintext, AssociatedData where) {
        return plaintext;
    }

    @Override
    public String open(String stored, AssociatedData where) {
        return stored;
    }

    @Override
    public String blindIndex(String term) {
        return term;
    }

    @Override
    public List<String> blindIndexCandidates(String term) {
        return List.of(term);
    }

    @Override
    public boolean isSealed(String stored) {
        return false;
    }

    @Override
    public Optional<String> keyIdOf(String stored) {
        return Optional.empty();
    }

    @Override
    public boolean needsResealing(String stored) {
        return false;
    }

    @Override
    public List<KeyCheck> keyChecks() {
        return List.of();
    }
}
