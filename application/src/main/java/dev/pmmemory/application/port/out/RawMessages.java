package dev.pmmemory.application.port.out;

import java.util.Collection;
import java.util.List;
import java.util.Optional;

/** The audit log of received feedback messages. Used inside a {@link MemoryStore} transaction. */
public interface RawMessages {

    void append(RawMessage message);

    /** The message a profile sent earlier with this idempotency key. */
    Optional<RawMessage> findByMessageId(String profileId, String messageId);

    /** In the order of {@code ids}; unknown ids are skipped. */
    List<RawMessage> findByIds(String profileId, Collection<String> ids);

    long countByProfile(String profileId);
}
