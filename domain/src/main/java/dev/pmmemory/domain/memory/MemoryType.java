package dev.pmmemory.domain.memory;
public enum MemoryType {
    LONG_TERM_PREFERENCE("long_term_preference"), PROJECT_NEGATIVE("project_negative"), PROJECT_ADVANCE("project_advance"),
    PROJECT_POSITIVE("project_positive"), MARKET_INFO("market_info"), TEMP_STATUS("temp_status"),
    /** Many old low-priority memories folded into one by the compact job (rules.md §5); never classified. */
    SUMMARY("summary");
    private final String wireName;
    MemoryType(String wireName) { this.wireName = wireName; }
    public String wireName() { return wireName; }
    /** False for {@link #SUMMARY}: only the compact job makes summaries, no classifier may answer it. */
    public boolean classifiable() { return this != SUMMARY; }
    /** values() copies its array at every call; this is read for every row a store maps. */
    private static final MemoryType[] ALL = values();
    public static java.util.Optional<MemoryType> fromWireName(String name) { for (MemoryType t : ALL) if (t.wireName.equals(name)) return java.util.Optional.of(t); return java.util.Optional.empty(); }
}
