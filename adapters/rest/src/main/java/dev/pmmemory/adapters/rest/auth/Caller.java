package dev.pmmemory.adapters.rest.auth;

import jakarta.enterprise.context.RequestScoped;

/**
 * Who makes the current request, for the audit trail: the API key's name once {@link AccessControl}
 * has authenticated it, {@value #LOCAL} when the service runs without keys (loopback only); and the
 * agent the caller names in an {@code x-agent-id} header, if any.
 */
@RequestScoped
public class Caller {
    public static final String LOCAL = "local";
    private String keyName;
    private String agent;

    void authenticatedAs(String name) {
        this.keyName = name;
    }

    void calledThrough(String agent) {
        this.agent = agent;
    }

    /** The agent recorded beside the actor, or null when the request names none. */
    public String agent() {
        return agent;
    }

    /** The actor recorded on the changes this request makes. */
    public String actor() {
        return keyName != null ? keyName : LOCAL;
    }
}
