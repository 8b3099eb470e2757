package dev.pmmemory.application.service;

import dev.pmmemory.application.port.out.Summarizer;
import dev.pmmemory.application.port.out.SummaryRequest;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.stream.Collectors;

/**
 * The deterministic summary: the count, the date range (UTC days) and the recurring entities and
 * terms with how often each was said, e.g. {@code "Summary of 57 market_info memories, 2026-01-03
 * to 2026-03-28. Recurring entities: Mistral ×12, Kimi ×5. Recurring terms: 估值 ×20."}. The same
 * memories always give the same text.
 */
public final class FrequencySummarizer implements Summarizer {
    private static final DateTimeFormatter DAY = DateTimeFormatter.ISO_LOCAL_DATE.withZone(ZoneOffset.UTC);

    @Override
    public String summarize(SummaryRequest request) {
        return text(request.type().wireName(), SummaryFigures.of(request));
    }

    static String text(String type, SummaryFigures facts) {
        String range = DAY.format(facts.from()).equals(DAY.format(facts.to())) ? "on " + DAY.format(facts.from())
                : DAY.format(facts.from()) + " to " + DAY.format(facts.to());
        return "Summary of " + facts.count() + " " + type + (facts.count() == 1 ? " memory, " : " memories, ")
                + range + ". Recurring entities: " + list(facts.entities())
                + ". Recurring terms: " + list(facts.terms()) + ".";
    }

    private static String list(List<SummaryFigures.Frequency> frequencies) {
        return frequencies.isEmpty() ? "none"
                : frequencies.stream().map(f -> f.name() + " ×" + f.count()).collect(Collectors.joining(", "));
    }
}
