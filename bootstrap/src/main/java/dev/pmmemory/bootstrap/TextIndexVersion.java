package dev.pmmemory.bootstrap;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * What stored keywords and entities are derived with: the segmenter's name and the lexicon's text
 * (its words, names and rules). A start with a version the database has not been re-indexed for
 * re-indexes the stored memories (TextIndexUpgrade), so that switching either leaves no older memory
 * unmatched.
 */
record TextIndexVersion(String value) {

    /**
     * The revision of the analysis code itself (what terms a text gives for a segmenter and lexicon); raised
     * when it changes, so stored memories are re-indexed at the next start. 2: coarse words plus their
     * dictionary sub-words and the bigrams of unknown characters, the same at index and query time.
     */
    static final int ANALYSIS_REVISION = 2;

    static TextIndexVersion of(String segmenter, String lexiconText) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(lexiconText.getBytes(StandardCharsets.UTF_8));
            // 12 bytes tell lexicons apart; the job table keeps the name short
            return new TextIndexVersion(segmenter + " analysis-" + ANALYSIS_REVISION + " lexicon-" + HexFormat.of().formatHex(digest, 0, 12));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK has SHA-256", e);
        }
    }
}
