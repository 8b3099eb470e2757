package dev.pmmemory.bootstrap;

import dev.pmmemory.domain.recall.RecallWindow;
import dev.pmmemory.application.port.in.RecallContextQuery;
import dev.pmmemory.application.port.out.Embeddings;
import dev.pmmemory.application.port.out.MemoryStore;
import dev.pmmemory.domain.lexicon.Lexicon;
import dev.pmmemory.domain.recall.ContextRanker;
import dev.pmmemory.domain.recall.RecallFilter;
import dev.pmmemory.domain.recall.RecallPolicy;
import dev.pmmemory.domain.text.TextAnalyzer;
import java.time.Instant;
import java.util.Locale;
import java.util.Set;
import java.util.StringJoiner;
import java.util.function.Supplier;

/**
 * Where a context call's time goes (bench/context): each read of the recall path timed alone, in
 * one read transaction, with how many rows it returns; the median of {@value #RUNS} runs. The term
 * sharers both ways: read whole (before issue 11 part 4) and as counts (now), side by side in one run.
 */
final class ContextBenchBreakdown {
    private static final int RUNS = 21;
    private static final Lexicon LEXICON = Lexicon.loadDefault();
    private static final RecallPolicy POLICY = new RecallPolicy(new ContextRanker(
            type -> LEXICON.ruleFor(type).priority()));

    private ContextBenchBreakdown() {
    }

    static String describe(MemoryStore store, String profile, Instant asOf, TextAnalyzer analyzer, Embeddings model,
                           String sharedQuery, String rareQuery) {
        StringJoiner out = new StringJoiner("; ");
        for (String query : new String[] {sharedQuery, rareQuery}) {
            Set<String> terms = analyzer.queryTerms(query);
            out.add("'" + query + "' " + terms
                    + " sharingWhole(before)=" + timed(store, () -> store.read(tx ->
                            tx.memories().findVisibleSharingTerms(profile, RecallWindow.present(asOf), terms).size()))
                    + " sharingCounts(now)=" + timed(store, () -> store.read(tx ->
                            tx.memories().findVisibleTermMatches(profile, RecallWindow.present(asOf), terms).size()))
                    + " sharingBest(scored in the store)=" + timed(store, () -> store.read(tx ->
                            POLICY.sharerRankings(terms, RecallFilter.NONE, RecallWindow.present(asOf), RecallContextQuery.DEFAULT_LIMIT)
                                    .stream().mapToInt(r -> tx.memories().findBestTermMatches(profile, r).size())
                                    .sum()))
                    + " perGroup(whole)=" + timed(store, () -> store.read(tx ->
                            tx.memories().findMostRecentVisiblePerGroup(profile, RecallWindow.present(asOf),
                                    RecallContextQuery.DEFAULT_LIMIT).size()))
                    + " perGroup(facts)=" + timed(store, () -> store.read(tx ->
                            tx.memories().findMostRecentVisiblePerGroupKeys(profile, RecallWindow.present(asOf),
                                    RecallContextQuery.DEFAULT_LIMIT).size()))
                    + " facts=" + timed(store, () -> store.read(tx -> tx.facts().validAt(profile, asOf).size()))
                    + " rankingColumns(semantic)=" + timed(store, () -> store.read(tx ->
                            tx.vectors().findVisibleRankingColumns(profile, asOf, model.model()).size()))
                    + " embedQuery=" + timed(store, () -> model.embed(query).length));
        }
        return out.toString();
    }

    /** The reads of a past recall ({@code asOf} in the past): the settled window's picks, and the changed since. */
    static String describePast(MemoryStore store, String profile, Instant asOf, TextAnalyzer analyzer, String query) {
        Set<String> terms = analyzer.queryTerms(query);
        RecallWindow settled = RecallWindow.settledAt(asOf);
        return "past '" + query + "' at " + asOf
                + " sharingBest(settled)=" + timed(store, () -> store.read(tx ->
                        POLICY.sharerRankings(terms, RecallFilter.NONE, settled, RecallContextQuery.DEFAULT_LIMIT)
                                .stream().mapToInt(r -> tx.memories().findBestTermMatches(profile, r).size()).sum()))
                + " perGroup(facts, settled)=" + timed(store, () -> store.read(tx ->
                        tx.memories().findMostRecentVisiblePerGroupKeys(profile, settled,
                                RecallContextQuery.DEFAULT_LIMIT).size()))
                + " changedSince=" + timed(store, () -> store.read(tx ->
                        tx.memories().findChangedSince(profile, asOf).size()))
                + " visibleThen(before)=" + timed(store, () -> store.read(tx ->
                        tx.memories().findVisible(profile, asOf).size()));
    }

    /** "rows@median ms". */
    private static String timed(MemoryStore store, Supplier<Integer> read) {
        double[] ms = new double[RUNS];
        int rows = 0;
        for (int i = 0; i < RUNS; i++) {
            long t = System.nanoTime();
            rows = read.get();
            ms[i] = (System.nanoTime() - t) / 1e6;
        }
        java.util.Arrays.sort(ms);
        return String.format(Locale.ROOT, "%d@%.2fms", rows, ms[RUNS / 2]);
    }
}
