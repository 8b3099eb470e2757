package dev.pmmemory.adapters.jdbc;

import dev.pmmemory.application.port.out.AssociatedData;
import dev.pmmemory.application.port.out.FieldProtection;
import dev.pmmemory.application.port.out.KeyCheck;
import java.util.List;
import java.util.Optional;

/**
 * The configured protection, except that a value stored plain opens as itself: only for the re-encryption job,
 * which seals what was written before encryption was turned on. Everywhere else a plain value where a sealed one
 * belongs is reported ({@link FieldProtection#open}).
 */
record AdoptingPlainValues(FieldProtection protection) implements FieldProtection {

    @Override
    public String open(String stored, AssociatedData where) {
        return protection.isSealed(stored) ? protection.open(stored, where) : stored;
    }

    @Override
    public String seal(String plaintext, AssociatedData where) {
        return protection.seal(plaintext, where);
    }

    @Override
    public String blindIndex(String term) {
        return protection.blindIndex(term);
    }

    @Override
    public List<String> blindIndexCandidates(String term) {
        return protection.blindIndexCandidates(term);
    }

    @Override
    public boolean isSealed(String stored) {
        return protection.isSealed(stored);
    }

    @Override
    public Optional<String> keyIdOf(String stored) {
        return protection.keyIdOf(stored);
    }

    @Override
    public boolean needsResealing(String stored) {
        return protection.needsResealing(stored);
    }

    @Override
    public List<KeyCheck> keyChecks() {
        return protection.keyChecks();
    }
}
