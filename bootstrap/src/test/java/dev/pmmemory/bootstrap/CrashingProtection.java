package dev.pmmemory.bootstrap;

import dev.pmmemory.application.port.out.AssociatedData;
import dev.pmmemory.application.port.out.FieldProtection;
import dev.pmmemory.application.port.out.KeyCheck;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;

/** The configured keys, until the {@code sealsBeforeCrash}-th seal: then the job's process "dies". */
final class CrashingProtection implements FieldProtection {
    private final FieldProtection keys;
    private final AtomicInteger seals;

    CrashingProtection(FieldProtection keys, int sealsBeforeCrash) {
        this.keys = keys;
        this.seals = new AtomicInteger(sealsBeforeCrash);
    }

    @Override
    public String seal(String plaintext, AssociatedData where) {
        if (seals.decrementAndGet() < 0) {
            throw new IllegalStateException("killed while re-encrypting " + where.describe());
        }
        return keys.seal(plaintext, where);
    }

    @Override
    public String open(String stored, AssociatedData where) {
        return keys.open(stored, where);
    }

    @Override
    public String blindIndex(String term) {
        return keys.blindIndex(term);
    }

    @Override
    public List<String> blindIndexCandidates(String term) {
        return keys.blindIndexCandidates(term);
    }

    @Override
    public boolean isSealed(String stored) {
        return keys.isSealed(stored);
    }

    @Override
    public Optional<String> keyIdOf(String stored) {
        return keys.keyIdOf(stored);
    }

    @Override
    public boolean needsResealing(String stored) {
        return keys.needsResealing(stored);
    }

    @Override
    public List<KeyCheck> keyChecks() {
        return keys.keyChecks();
    }
}
