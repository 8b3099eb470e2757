package dev.pmmemory.application.testing;

import dev.pmmemory.application.port.out.IdGenerator;
import java.util.concurrent.atomic.AtomicLong;

/** Predictable ids ("id-000001", "id-000002", …): ascending in creation order, so tie-breaks by id are testable. */
public final class SequentialIds implements IdGenerator {
    private final AtomicLong next = new AtomicLong(1);

    @Override
    public String newId() {
        return String.format("id-%06d", next.getAndIncrement());
    }
}
