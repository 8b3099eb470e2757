package dev.pmmemory.adapters.jdbc;

import dev.pmmemory.application.port.out.AssociatedData;
import dev.pmmemory.application.port.out.FieldProtection;

/**
 * The configured protection, except that a value stored plain opens as itself: only for the re-encryption job,
 * which seals what was written before encryption was turned on. Everywhere else a plain value where a sealed one
 * belongs is reported ({@link FieldProtection#open}).
 */
record AdoptingPlainValues(FieldProtection protection) implements FieldProtection.Forwarding {

    @Override
    public String open(String stored, AssociatedData where) {
        return protection.isSealed(stored) ? protection.open(stored, where) : stored;
    }
}
