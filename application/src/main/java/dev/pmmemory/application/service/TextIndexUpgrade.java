package dev.pmmemory.application.service;

import dev.pmmemory.application.port.in.JobReport;
import dev.pmmemory.application.port.out.MemoryStore;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/**
 * Stored keywords and entities are derived when a memory is written, with the segmenter and lexicon of
 * that moment. When a deployment starts with another segmenter or lexicon (an upgrade that changes the
 * default, or a configuration change), the memories stored before would keep terms the new analysis
 * never produces for a query, and recall would miss them. So a start with a text-analysis version the
 * database has not finished re-indexing for re-indexes every stored memory ({@link EntityReindex}).
 *
 * <p>The version is recorded in the store's job table ({@link MemoryStore#claimJobRun}) only once the
 * re-index has finished, so a run that fails or is cut short by a stop is run again at the next start.
 * Several instances starting together may each run it; the re-index is idempotent (a memory already
 * indexed with the current analysis is not touched) and takes each profile's write lock in turn.
 */
public final class TextIndexUpgrade {
    /** The record's period: a version is recorded once, for ever. */
    static final Instant ONCE = Instant.EPOCH;

    private final MemoryStore store;
    private final EntityReindex reindex;

    public TextIndexUpgrade(MemoryStore store, EntityReindex reindex) {
        this.store = Objects.requireNonNull(store);
        this.reindex = Objects.requireNonNull(reindex);
    }

    /**
     * Re-indexes every stored memory, on the caller's thread, unless the store has finished doing so for
     * {@code version} before; returns the run's report, empty when there was nothing to do.
     *
     * @throws dev.pmmemory.application.StoreUnavailableException when the store cannot be reached (try again later)
     */
    public Optional<JobReport> reindexIfNew(String version) {
        if (version == null || version.isBlank()) {
            throw new IllegalArgumentException("a text-analysis version is needed");
        }
        if (store.jobRunClaimed(jobName(version), ONCE)) {
            return Optional.empty();
        }
        JobReport report = reindex.run();
        store.claimJobRun(jobName(version), ONCE); // done: recorded only now
        return Optional.of(report);
    }

    /** The job table's name for a version (kept apart from the scheduled jobs' names). */
    static String jobName(String version) {
        return "text-index " + version;
    }
}
