package dev.pmmemory.domain.memory;

import java.util.Optional;

/** Why a memory waits for a person's decision instead of being stored active. */
public enum PendingReason {
    /**
     * The classifiers were unsure of the message's sign (docs/rules.md, "Holding an uncertain sign"): they disagreed on polarity, or the
     * chain's confidence was under {@code memory.classify.hold-below} (for an LLM's answer, its stated confidence
     * under {@code memory.classifier.llm.hold-below}). The memory carries the other types it
     * may be; confirming it picks one.
     */
    UNCERTAIN_TYPE("uncertain_type"),
    /**
     * The derive job saw a pattern in the profile's memories (docs/rules.md "Derived preferences") and proposes
     * this preference; its derivation names the evidence.
     */
    INFERRED("inferred"),
    /**
     * A decision said while an opposite decision on a shared entity was visible and more confident
     * (docs/rules.md §4): it waits until a person confirms it (it then takes over) or rejects it.
     */
    CONFLICT("conflict"),
    /**
     * A team's memory proposed because a quorum of members hold the same memory about an entity (docs/rules.md
     * "Teams"): it waits until a person of the team confirms or rejects it.
     */
    TEAM_PROPOSAL("team_proposal");

    private final String wireName;

    PendingReason(String wireName) {
        this.wireName = wireName;
    }

    public String wireName() {
        return wireName;
    }

    public static Optional<PendingReason> fromWireName(String name) {
        for (PendingReason r : values()) {
            if (r.wireName.equals(name)) {
                return Optional.of(r);
            }
        }
        return Optional.empty();
    }
}
