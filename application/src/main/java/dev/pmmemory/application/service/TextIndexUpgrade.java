package dev.pmmemory.application.service;

import dev.pmmemory.application.port.out.MemoryStore;
import java.time.Instant;
import java.util.Objects;

/**
 * Stored keywords and entities are derived when a memory is written, with the segmenter and lexicon of
 * that moment. When a deployment starts with another segmenter or lexicon (an upgrade that changes the
 * default, or a configuration change), the memories stored before would keep terms the new analysis
 * never produces for a query, and recall would miss them. So the first instance to start with a new
 * text-analysis version re-indexes every stored memory once, in the background ({@link BackgroundReindex}).
 *
 * <p>The version is claimed in the store's job table ({@link MemoryStore#claimJobRun}), which lets exactly
 * one instance win it, so several instances on one database run the re-index once, not once each.
 */
public final class TextIndexUpgrade {
    /** The claim's period: a version is claimed once, for ever. */
    static final Instant ONCE = Instant.EPOCH;

    private final MemoryStore store;
    private final BackgroundReindex reindex;

    public TextIndexUpgrade(MemoryStore store, BackgroundReindex reindex) {
        this.store = Objects.requireNonNull(store);
        this.reindex = Objects.requireNonNull(reindex);
    }

    /**
     * Asks for a re-index when no instance has claimed {@code version} before; returns whether it did.
     *
     * @throws dev.pmmemory.application.StoreUnavailableException when the store cannot be reached (try again later)
     */
    public boolean reindexIfNew(String version) {
        if (version == null || version.isBlank()) {
            throw new IllegalArgumentException("a text-analysis version is needed");
        }
        if (!store.claimJobRun(jobName(version), ONCE)) {
            return false;
        }
        reindex.request();
        return true;
    }

    /** The job table's name for a version (kept apart from the scheduled jobs' names). */
    static String jobName(String version) {
        return "text-index " + version;
    }
}
