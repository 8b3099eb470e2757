package dev.pmmemory.application.service;

import dev.pmmemory.application.port.out.AssociatedData;
import dev.pmmemory.application.port.out.FieldProtection;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Encryption turned on over existing data (memory.encryption.read-plain, docs/encryption.md): until the
 * re-encryption job has sealed what was written before the key was configured, a value stored plain is served as
 * it is and every lookup also tries a term, entity key or dedup key as stored plain, so recall, dedup and conflicts
 * keep finding the old rows. New values are sealed as always. A plain value is told from a sealed one by the sealed
 * prefix alone. Once {@link #plainValuesSealed()} is called this is the configured protection, strict again.
 */
public final class PlainValuesReadable implements FieldProtection.Forwarding {
    private final FieldProtection protection;
    private final AtomicBoolean plainMayRemain = new AtomicBoolean(true);

    public PlainValuesReadable(FieldProtection protection) {
        this.protection = Objects.requireNonNull(protection, "protection");
    }

    /** No plain value is left (the job sealed them, or none was found): plain values are reported again. */
    public void plainValuesSealed() {
        plainMayRemain.set(false);
    }

    /** Whether plain values are still served as they are. */
    public boolean plainMayRemain() {
        return plainMayRemain.get();
    }

    @Override
    public String open(String stored, AssociatedData where) {
        if (plainMayRemain.get() && stored != null && !protection.isSealed(stored)) {
            return stored;
        }
        return protection.open(stored, where);
    }

    @Override
    public List<String> blindIndexCandidates(String term) {
        List<String> candidates = protection.blindIndexCandidates(term);
        if (!plainMayRemain.get() || candidates.contains(term)) {
            return candidates;
        }
        List<String> withPlain = new ArrayList<>(candidates);
        withPlain.add(term);
        return List.copyOf(withPlain);
    }

    @Override
    public boolean lookupsTrySeveralIndexes() {
        return plainMayRemain.get() || protection.lookupsTrySeveralIndexes();
    }

    @Override
    public FieldProtection protection() {
        return protection;
    }
}
