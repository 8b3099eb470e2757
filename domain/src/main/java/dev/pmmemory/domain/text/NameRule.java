package dev.pmmemory.domain.text;

import java.util.List;

/**
 * One way of telling that a company or project is named where no dictionary lists it: by its capital
 * letters, by the 公司 after it, by the verb of meeting before it … The extractor runs each rule in turn.
 */
interface NameRule {

    /**
     * Adds the names this rule finds in {@code text} to {@code found}, which holds what the rules before it
     * found (some rules add a name only where none was found yet).
     */
    void find(ScannedText text, List<Span> found);
}
