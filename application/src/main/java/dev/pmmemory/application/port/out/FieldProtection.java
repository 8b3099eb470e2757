package dev.pmmemory.application.port.out;

import java.util.List;
import java.util.Optional;

/**
 * Protection of stored text at rest: free text is sealed (authenticated encryption bound to its row), and the
 * terms a store must still compare (keywords, entities, dedup keys) are replaced by a keyed hash, a blind index.
 * A store seals before it writes and opens after it reads; with no key configured every method is the identity
 * ({@link NoFieldProtection}). A null value stays null (that a column is empty is not protected).
 */
public interface FieldProtection {

    /** How every sealed value starts, so a sealed value is recognisable in a dump or a migration. */
    String SEALED_PREFIX = "enc1:";

    /** The text to store for {@code plaintext} in the place {@code where} names. */
    String seal(String plaintext, AssociatedData where);

    /**
     * The plaintext of a value read from the place {@code where} names.
     *
     * @throws dev.pmmemory.application.UnreadableFieldException when the value was not sealed for this place,
     *         was altered, is not sealed at all while protection is on, or was sealed under a key not configured
     */
    String open(String stored, AssociatedData where);

    /**
     * A keyed hash of {@code term} under the primary key: equal terms give equal indexes, so equality lookups
     * keep working; the term cannot be read back. The caller normalises the term (case, width) first.
     */
    String blindIndex(String term);

    /**
     * Every index {@code term} may be stored under while a rotation is under way: the primary key's first,
     * then the older keys'. A lookup matches any of them until the re-encryption job has finished.
     */
    List<String> blindIndexCandidates(String term);

    /**
     * Whether a term may be stored under more than one index ({@link #blindIndexCandidates} gives several): then a
     * store's lookups match any of them, and plans that read one index only are not exact.
     */
    default boolean lookupsTrySeveralIndexes() {
        return keyChecks().size() > 1;
    }

    /** Whether {@code stored} has the form of a sealed value (it may still fail to open). */
    boolean isSealed(String stored);

    /** The id of the key {@code stored} was sealed under; empty for a value that is not sealed. */
    Optional<String> keyIdOf(String stored);

    /** Whether the re-encryption job should rewrite {@code stored}: plain while protection is on, or under an older key. */
    boolean needsResealing(String stored);

    /**
     * A check value per configured key, primary first. A store records the primary's at its first start; a later
     * start whose keys do not include the recorded one holds the wrong key and must refuse to serve.
     */
    List<KeyCheck> keyChecks();

    /** Whether {@code recorded} (what a store wrote down at an earlier start) belongs to one of the configured keys. */
    default boolean recognises(KeyCheck recorded) {
        return keyChecks().contains(recorded);
    }

    /** A protection that answers a few calls its own way and passes every other one to {@link #protection()}. */
    interface Forwarding extends FieldProtection {

        /** The protection the other calls go to. */
        FieldProtection protection();

        @Override
        default String seal(String plaintext, AssociatedData where) {
            return protection().seal(plaintext, where);
        }

        @Override
        default String open(String stored, AssociatedData where) {
            return protection().open(stored, where);
        }

        @Override
        default String blindIndex(String term) {
            return protection().blindIndex(term);
        }

        @Override
        default List<String> blindIndexCandidates(String term) {
            return protection().blindIndexCandidates(term);
        }

        @Override
        default boolean lookupsTrySeveralIndexes() {
            return protection().lookupsTrySeveralIndexes();
        }

        @Override
        default boolean isSealed(String stored) {
            return protection().isSealed(stored);
        }

        @Override
        default Optional<String> keyIdOf(String stored) {
            return protection().keyIdOf(stored);
        }

        @Override
        default boolean needsResealing(String stored) {
            return protection().needsResealing(stored);
        }

        @Override
        default List<KeyCheck> keyChecks() {
            return protection().keyChecks();
        }

        @Override
        default boolean recognises(KeyCheck recorded) {
            return protection().recognises(recorded);
        }
    }

    /** The identity: what a deployment without {@code memory.encryption.key} or {@code memory.encryption.keyset} uses. */
    static FieldProtection none() {
        return new NoFieldProtection();
    }
}
