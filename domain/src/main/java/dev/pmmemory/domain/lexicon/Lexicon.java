package dev.pmmemory.domain.lexicon;

import dev.pmmemory.domain.memory.MemoryType;
import dev.pmmemory.domain.text.EntityNames;
import dev.pmmemory.domain.text.EntityRuleWords;
import dev.pmmemory.domain.text.TraditionalChars;
import dev.pmmemory.domain.text.Synonyms;
import dev.pmmemory.domain.text.Units;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Collection;
import java.util.Collections;
import java.util.EnumSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import dev.pmmemory.domain.derive.DerivationRule;
import java.util.Optional;
import java.util.Set;

/**
 * The classification and extraction vocabulary: type rules in precedence order, the cues that
 * change a trigger's meaning (negation, soft no, neutral phrases, questions), synonym groups,
 * keyword stop words, the entity dictionary and the entity rules' word lists. It is data so that a deployment can override the shipped default
 * without a code change. The line format is {@link LexiconParser}'s, documented at the top of
 * {@value #DEFAULT_RESOURCE}.
 */
public record Lexicon(List<TypeRule> rules, EntityNames entities, Cues cues, Synonyms synonyms,
                      Set<String> stopWords, TraditionalChars traditional, EntityRuleWords entityRules,
                      List<DerivationRule> derivations) {

    public static final String DEFAULT_RESOURCE = "/dev/pmmemory/domain/lexicon/default-lexicon.txt";

    /**
     * The summary's priority and TTL when a lexicon has no {@code type summary} line (one written
     * before summaries existed); the shipped lexicon declares the same values.
     */
    public static final TypeRule DEFAULT_SUMMARY_RULE =
            new TypeRule(MemoryType.SUMMARY, List.of(), 0.2, Optional.of(Duration.ofDays(180)), false);

    public Lexicon {
        rules = List.copyOf(rules);
        Objects.requireNonNull(entities, "entities");
        Objects.requireNonNull(cues, "cues");
        Objects.requireNonNull(synonyms, "synonyms");
        Objects.requireNonNull(traditional, "traditional");
        Objects.requireNonNull(entityRules, "entityRules");
        derivations = List.copyOf(derivations); // none: nothing is derived
        stopWords = Collections.unmodifiableSet(new LinkedHashSet<>(stopWords));
        Set<MemoryType> seen = EnumSet.noneOf(MemoryType.class);
        for (TypeRule rule : rules) {
            if (!seen.add(rule.type())) {
                throw new IllegalArgumentException("more than one rule for type " + rule.type().wireName());
            }
        }
        Set<MemoryType> missing = EnumSet.allOf(MemoryType.class);
        missing.removeAll(seen);
        missing.remove(MemoryType.SUMMARY); // optional: DEFAULT_SUMMARY_RULE
        if (!missing.isEmpty()) {
            throw new IllegalArgumentException("no rule for type(s) " + missing.stream().map(MemoryType::wireName).toList());
        }
    }

    public TypeRule ruleFor(MemoryType type) {
        return rules.stream().filter(rule -> rule.type() == type).findFirst()
                .or(() -> type == MemoryType.SUMMARY ? Optional.of(DEFAULT_SUMMARY_RULE) : Optional.empty())
                .orElseThrow(() -> new IllegalStateException("no rule for " + type)); // unreachable: validated
    }

    /** The canonical name of every dictionary entity. */
    public Set<String> entityDictionary() {
        return entities.canonicalNames();
    }

    /** Words that are never an entity on their own. */
    public Set<String> genericWords() {
        return entities.generic();
    }

    /**
     * The entity vocabulary for extraction: every Latin word this lexicon uses as a trigger, cue or
     * synonym is a common word, never a company name ("Pass on Mistral": Pass is not a name).
     */
    public EntityNames entityNames() {
        Set<String> words = new LinkedHashSet<>();
        rules.forEach(rule -> addLatinWords(rule.triggers(), words));
        addLatinWords(cues.negations(), words);
        addLatinWords(cues.softNegatives(), words);
        addLatinWords(cues.neutral(), words);
        addLatinWords(cues.contrasts(), words);
        addLatinWords(cues.concessions(), words);
        synonyms.groups().forEach(group -> addLatinWords(group, words));
        return entities.withCommonWords(words);
    }

    private static void addLatinWords(Collection<String> phrases, Set<String> out) {
        for (String phrase : phrases) {
            for (String unit : Units.texts(phrase)) {
                if (unit.chars().anyMatch(Character::isLetter) && Character.UnicodeScript.of(unit.codePointAt(0))
                        == Character.UnicodeScript.LATIN) {
                    out.add(unit);
                }
            }
        }
    }

    /** The shipped default ({@value #DEFAULT_RESOURCE}). */
    public static Lexicon loadDefault() {
        return parse(defaultText());
    }

    /** The text of the shipped default, as {@link #parse} reads it. */
    public static String defaultText() {
        try (InputStream in = Lexicon.class.getResourceAsStream(DEFAULT_RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException("missing classpath resource " + DEFAULT_RESOURCE);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + DEFAULT_RESOURCE, e);
        }
    }

    /** @throws IllegalArgumentException naming the 1-based line and the reason for any malformed line */
    public static Lexicon parse(String text) {
        return new LexiconParser().parse(text);
    }
}
