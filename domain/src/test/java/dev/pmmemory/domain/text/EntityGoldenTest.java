package dev.pmmemory.domain.text;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pmmemory.domain.lexicon.Lexicon;
import dev.pmmemory.domain.lexicon.TextAnalyzers;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * What the entity rules find in every message of the evaluation sets ({@code bench/eval/*.tsv}), with
 * the shipped lexicon and with no lexicon at all, against a recorded file. A change to a rule or to a
 * rule's word list that moves any entity, any mention or any keyword shows here, message by message.
 * Re-record after an intended change with {@code -Dpmmemory.golden.write=true} and read the diff; or, to re-record only
 * the messages already recorded (no set added since, such as a held-out set that must not be read, joins the file), with
 * {@code -Dpmmemory.golden.refresh=true}.
 */
class EntityGoldenTest {

    private static final Path EVAL = Path.of("../bench/eval");
    private static final Path GOLDEN = Path.of("src/test/resources/dev/pmmemory/domain/text/entity-golden.tsv");

    @Test
    void everyEvaluationMessageGivesTheRecordedMentionsEntitiesAndKeywords() throws IOException {
        Lexicon lexicon = Lexicon.loadDefault();
        TextAnalyzer analyzer = TextAnalyzers.from(lexicon);
        Set<String> nonSubjects = new LinkedHashSet<>(lexicon.stopWords());
        nonSubjects.addAll(lexicon.cues().negations());
        nonSubjects.addAll(KeywordExtractor.defaultStopWords());
        EntityExtractor withLexicon = new EntityExtractor(lexicon.entityNames(), TextAnalyzers.subjectTriggers(lexicon),
                nonSubjects, lexicon.traditional(), lexicon.entityRules());
        EntityExtractor bare = new EntityExtractor(Set.of(), Set.of(), lexicon.entityRules());

        if (Boolean.getBoolean("pmmemory.golden.write")) {
            List<String> lines = new ArrayList<>();
            for (Path set : evaluationSets()) {
                for (String row : Files.readAllLines(set, StandardCharsets.UTF_8)) {
                    if (!row.isBlank() && !row.startsWith("#")) {
                        String[] columns = row.split("\t");
                        lines.add(set.getFileName() + ":" + columns[0] + "\t" + columns[columns.length - 1]);
                    }
                }
            }
            Files.write(GOLDEN, lines.stream().map(line -> line + "\t"
                    + found(line.split("\t")[1], analyzer, withLexicon, bare)).toList(), StandardCharsets.UTF_8);
        }
        if (Boolean.getBoolean("pmmemory.golden.refresh")) {
            Files.write(GOLDEN, Files.readAllLines(GOLDEN, StandardCharsets.UTF_8).stream().map(line -> line.split("\t", 3))
                    .map(c -> c[0] + "\t" + c[1] + "\t" + found(c[1], analyzer, withLexicon, bare)).toList(),
                    StandardCharsets.UTF_8);
        }
        // the messages are read from the recorded file, so a set edited or added later changes nothing here
        List<String> recorded = Files.readAllLines(GOLDEN, StandardCharsets.UTF_8);
        assertThat(recorded).hasSizeGreaterThan(2500);
        for (String line : recorded) {
            String[] columns = line.split("\t", 3);
            assertThat(columns[0] + "\t" + columns[1] + "\t" + found(columns[1], analyzer, withLexicon, bare))
                    .as("%s of %s", columns[0], GOLDEN).isEqualTo(line);
        }
    }

    /** Mentions with the lexicon, entities and keywords of the analysis, mentions without a lexicon. */
    private static String found(String message, TextAnalyzer analyzer, EntityExtractor withLexicon,
                                EntityExtractor bare) {
        TextAnalyzer.Analysis analysis = analyzer.analyze(message);
        return String.join("\t", mentions(withLexicon.mentions(message)), String.join("|", analysis.entities()),
                String.join("|", analysis.keywords()), mentions(bare.mentions(message)));
    }

    private static List<Path> evaluationSets() throws IOException {
        try (Stream<Path> files = Files.list(EVAL)) {
            return files.filter(p -> p.getFileName().toString().endsWith(".tsv")).sorted().toList();
        }
    }

    private static String mentions(List<EntityExtractor.Mention> mentions) {
        return String.join("|", mentions.stream()
                .map(m -> m.surface() + ">" + m.entity() + (m.fromDictionary() ? "*" : "")).toList());
    }
}
