package dev.pmmemory.application.port.in;

/** Every memory about one entity, oldest first, with each status change and its time. */
public interface ReadEntityHistory {
    /** @throws dev.pmmemory.application.NotFoundException when the profile holds nothing at all */
    EntityHistory read(EntityHistoryQuery query);
}
