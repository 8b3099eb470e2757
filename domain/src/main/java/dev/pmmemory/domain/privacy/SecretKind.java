package dev.pmmemory.domain.privacy;

/** A kind of secret the redactor removes (rules.md §7). The wire name goes into the marker and the API response. */
public enum SecretKind {
    PASSWORD("password"),
    API_KEY("api_key"),
    BANK_CARD("bank_card"),
    RESIDENT_ID("resident_id"),
    MOBILE_NUMBER("mobile_number");

    private final String wireName;

    SecretKind(String wireName) {
        this.wireName = wireName;
    }

    public String wireName() {
        return wireName;
    }

    /** The text that replaces a secret of this kind: {@code [REDACTED:<wireName>]}. */
    public String marker() {
        return "[REDACTED:" + wireName + "]";
    }
}
