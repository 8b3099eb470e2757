package dev.pmmemory.application.testing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.pmmemory.application.port.out.MemoryStore;
import org.junit.jupiter.api.Test;

/** The in-memory store used by the use-case tests honours the storage contract too. */
class InMemoryMemoryStoreContractTest extends MemoryStoreContract {

    @Override
    protected MemoryStore newStore() {
        return new InMemoryMemoryStore();
    }

    @Test
    void aReadTransactionCannotWrite() {
        assertThatThrownBy(() -> store.read(tx -> {
            tx.memories().insert(memory("m1", P).build());
            return null;
        })).isInstanceOf(IllegalStateException.class);
        assertThat(((InMemoryMemoryStore) store).memories(P)).isEmpty();
    }

    @Test
    void aTransactionCannotBeUsedAfterItEnded() {
        MemoryStore.StoreTransaction escaped = store.write(P, tx -> tx);

        assertThatThrownBy(() -> escaped.memories().countByProfile(P)).isInstanceOf(IllegalStateException.class);
    }

    @Test
    void availabilityCanBeSimulated() {
        InMemoryMemoryStore s = (InMemoryMemoryStore) store;
        s.setAvailable(false);
        assertThat(s.isAvailable()).isFalse();
        s.setAvailable(true);
        assertThat(s.isAvailable()).isTrue();
    }
}
