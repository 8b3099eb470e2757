package dev.pmmemory.application.port.out;

import dev.pmmemory.application.model.SealedTable;
import java.util.List;
import java.util.Map;

/**
 * The rows whose values are sealed, as the re-encryption job sees them: which key each is under, and a rewrite
 * under the primary key of those that need it ({@link FieldProtection#needsResealing}). A rewritten row no longer
 * needs it, so a job that stopped half-way simply finds less to do when it runs again.
 */
public interface SealedRows {
    /** The key id a value is counted under when it is not sealed. */
    String PLAIN = "plain";

    /** Every profile with a row in a sealed table. */
    List<String> profiles();

    /**
     * Looks at the next {@code scan} rows of {@code profileId} in {@code table} after id {@code afterId} (ids in
     * order; "" for the first) and rewrites under the primary key those that need it.
     */
    ResealStep resealAfter(SealedTable table, String profileId, String afterId, int scan);

    /** Per key id (or {@link #PLAIN}), the rows with a value under it, over every profile and sealed table. */
    Map<String, Long> rowsByKey();

    /** How many of every table's rows still need a rewrite. */
    long rowsToReseal();
}
