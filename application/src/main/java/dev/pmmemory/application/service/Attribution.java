package dev.pmmemory.application.service;

import dev.pmmemory.application.port.in.AuditEvent;

/**
 * Whom the audit events of one change are recorded under: the actor (an API key's name, {@code local}
 * or {@link AuditEvent#SYSTEM}) and, when the caller named one, the agent that used the key.
 */
record Attribution(String actor, String agent) {
    static final Attribution SYSTEM = new Attribution(AuditEvent.SYSTEM, null);
}
