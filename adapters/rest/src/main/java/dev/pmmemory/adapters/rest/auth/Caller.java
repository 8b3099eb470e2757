package dev.pmmemory.adapters.rest.auth;

import jakarta.enterprise.context.RequestScoped;

/**
 * Who makes the current request, for the audit trail: the API key's name once {@link AccessControl}
 * has authenticated it, {@value #LOCAL} when the service runs without keys (loopback only).
 */
@RequestScoped
public class Caller {
    public static final String LOCAL = "local";
    private String keyName;

    void authenticatedAs(String name) {
        this.keyName = name;
    }

    /** The actor recorded on the changes this request makes. */
    public String actor() {
        return keyName != null ? keyName : LOCAL;
    }
}
