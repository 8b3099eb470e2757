package dev.pmmemory.application.port.out;

/**
 * Writes the text of one {@code summary} memory from the memories it folds (rules.md §5). The
 * deterministic default is {@link dev.pmmemory.application.service.FrequencySummarizer}; an
 * adapter may ask a language model. An implementation may throw or answer blank: the compact job
 * then uses the deterministic text, so a summary never fails the job.
 */
public interface Summarizer {
    String summarize(SummaryRequest request);
}
