package dev.pmmemory.adapters.segmenter.hanlp;

import static org.assertj.core.api.Assertions.assertThat;

import com.hankcs.hanlp.dictionary.CoreDictionary;
import dev.pmmemory.application.eval.ChainEvaluation;
import dev.pmmemory.domain.lexicon.Lexicon;
import dev.pmmemory.domain.lexicon.TextAnalyzers;
import dev.pmmemory.domain.text.TextAnalyzer;
import dev.pmmemory.domain.text.TextNormalizer;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * One analysis for stored text and queries (docs/rules.md §12): for every labelled message of bench/eval and every
 * dictionary word inside it (HanLP's core dictionary or the lexicon's words, 2+ characters), a query of that
 * word alone shares a term with the message's stored keywords, whatever the context cut the message into.
 * Left out, and counted: stop words (no term at all) and words inside a company name of the dictionary, which
 * the analysis replaces by the company's own term.
 */
class OneAnalysisTest {

    private static final Lexicon LEXICON = Lexicon.loadDefault();
    private static final Set<String> DOMAIN_WORDS = TextAnalyzers.domainWords(LEXICON);
    private static final TextAnalyzer ANALYZER = TextAnalyzers.from(LEXICON, new HanlpSegmenter(DOMAIN_WORDS));

    @Test
    void aQueryOfAnyDictionaryWordOfAStoredMessageSharesATermWithIt() {
        Set<String> names = new HashSet<>();
        // every name of every dictionary company, aliases included (海螺AI, 宇树科技): the analysis gives the company's term
        LEXICON.entityNames().groups().forEach(group -> group.forEach(n -> names.add(TextNormalizer.nfkcLower(n))));
        int pairs = 0;
        int insideNames = 0;
        int noTerms = 0;
        List<String> misses = new ArrayList<>();
        for (String message : messages()) {
            // as the analysis reads it: traditional characters as simplified (銀河通用 is 银河通用)
            String lower = TextNormalizer.nfkcLower(LEXICON.traditional().simplify(message));
            TextAnalyzer.Analysis analysis = ANALYZER.analyze(message);
            Set<String> stored = Set.copyOf(analysis.keywords());
            List<int[]> nameSpans = new ArrayList<>();
            Stream.concat(names.stream(), analysis.entities().stream().map(TextNormalizer::nfkcLower))
                    .filter(n -> !n.isBlank())
                    .forEach(n -> {
                        for (int at = lower.indexOf(n); at >= 0; at = lower.indexOf(n, at + 1)) {
                            nameSpans.add(new int[] {at, at + n.length()});
                        }
                    });
            for (String word : dictionaryWordsIn(lower)) {
                if (overlapsAName(lower, word, nameSpans)) {
                    insideNames++;
                    continue;
                }
                Set<String> query = ANALYZER.queryTerms(word);
                if (query.isEmpty()) {
                    noTerms++;
                    continue;
                }
                pairs++;
                if (query.stream().noneMatch(stored::contains)) {
                    misses.add(word + " in " + message + ": query " + query + ", stored " + stored);
                }
            }
        }
        System.out.printf("%n=== one analysis: %d (message, dictionary word) pairs, %d misses; left out: %d overlapping"
                + " a company name, %d stop words ===%n", pairs, misses.size(), insideNames, noTerms);
        misses.stream().limit(40).forEach(m -> System.out.println("  " + m));
        assertThat(pairs).isGreaterThan(1000);
        assertThat(misses).isEmpty();
    }

    @Test
    void theIssuesExampleSharesATermWithAQueryOfTheWholeWordOrALongerPhrase() {
        Set<String> stored = Set.copyOf(ANALYZER.analyze("Kimi 长文本有亮点").keywords());
        for (String query : List.of("长文本", "长文本能力", "文本")) {
            assertThat(ANALYZER.queryTerms(query)).as(query).containsAnyElementsOf(stored);
        }
    }

    /** Whether every occurrence of {@code word} overlaps a company name's occurrence. */
    private static boolean overlapsAName(String lower, String word, List<int[]> nameSpans) {
        for (int at = lower.indexOf(word); at >= 0; at = lower.indexOf(word, at + 1)) {
            int start = at;
            int end = at + word.length();
            if (nameSpans.stream().noneMatch(span -> span[0] < end && start < span[1])) {
                return false;
            }
        }
        return true;
    }

    /** The distinct dictionary words of 2+ characters inside the message's Han runs. */
    private static Set<String> dictionaryWordsIn(String lower) {
        Set<String> words = new LinkedHashSet<>();
        StringBuilder run = new StringBuilder();
        for (int i = 0; i <= lower.length(); i++) {
            char c = i < lower.length() ? lower.charAt(i) : ' ';
            if (i < lower.length() && TextAnalyzer.isHan(c)) {
                run.append(c);
                continue;
            }
            String han = run.toString();
            run.setLength(0);
            for (int from = 0; from < han.length(); from++) {
                for (int to = from + 2; to <= Math.min(han.length(), from + 8); to++) {
                    String w = han.substring(from, to);
                    CoreDictionary.Attribute core = CoreDictionary.get(w);
                    if ((core != null && !HanlpSegmenter.rareName(core)) || DOMAIN_WORDS.contains(w)) {
                        words.add(w);
                    }
                }
            }
        }
        return words;
    }

    private static List<String> messages() {
        return Stream.of(ChainEvaluation.DEVELOPMENT, ChainEvaluation.HELD_OUT)
                .flatMap(List::stream)
                .flatMap(file -> ChainEvaluation.examples(file).stream())
                .map(ChainEvaluation.Example::message).toList();
    }
}
