package dev.pmmemory.domain.text;

import java.util.List;
import java.util.Optional;

/**
 * "逐际动力的demo看了，硬件还可以，但是量产太慢，就不跟了" → 逐际动力: the Han run that opens a clause,
 * up to the word that starts its predicate, is a name when an evaluation or a decision follows in
 * the same sentence, and it is none of the pronouns, time words and generic nouns a PM opens with.
 */
final class SentenceSubjects implements NameRule {

    /** Ends a sentence: the rule looks for an evaluation in the same sentence only. */
    private static final String SENTENCE_ENDS = "。！？!?；;\n";
    /** Ends a clause: a subject opens a clause (the first, or one after a comma). */
    private static final String CLAUSE_ENDS = "。！？!?；;\n，,、：:（）()";

    private final List<String> predicateWords;
    private final String predicateChars;
    /** The links of two or more characters: one starts a predicate after a name ("云深处报价…"). */
    private final List<String> longSubjectLinks;
    private final String structuralLinks;
    private final List<String> timeLinks;
    private final NameGuards guards;

    SentenceSubjects(EntityRuleWords words, NameGuards guards) {
        this.predicateWords = words.words("predicate_words");
        this.predicateChars = words.characters("predicate_chars");
        this.longSubjectLinks = words.words("subject_links").stream().filter(w -> w.length() >= 2).toList();
        this.structuralLinks = words.characters("structural_links");
        this.timeLinks = words.words("time_links");
        this.guards = guards;
    }

    @Override
    public void find(ScannedText text, List<Span> found) {
        String nfkc = text.nfkc();
        int[] triggersBefore = triggerStartsBefore(text.triggers(), nfkc.length());
        boolean sentenceStart = true;
        int sentenceEnd = -1;
        for (int at = 0; at < nfkc.length(); ) {
            int start = at;
            while (start < nfkc.length() && Character.isWhitespace(nfkc.charAt(start))) {
                sentenceStart |= nfkc.charAt(start) == '\n'; // a line break ends a sentence
                start++;
            }
            int clauseEnd = start;
            while (clauseEnd < nfkc.length() && CLAUSE_ENDS.indexOf(nfkc.charAt(clauseEnd)) < 0) {
                clauseEnd++;
            }
            if (sentenceEnd < clauseEnd) { // each sentence's end is found once: linear in the text
                sentenceEnd = clauseEnd;
                while (sentenceEnd < nfkc.length() && SENTENCE_ENDS.indexOf(nfkc.charAt(sentenceEnd)) < 0) {
                    sentenceEnd++;
                }
            }
            // the first clause of a sentence, or one a contrast or concession opens ("但墨芯的…")
            if (sentenceStart || HanText.startsWithAny(nfkc, start, guards.clauseOpeners())) {
                openingSubject(nfkc, triggersBefore, start, clauseEnd, sentenceEnd)
                        .filter(span -> found.stream().noneMatch(span::overlaps)).ifPresent(found::add);
            }
            sentenceStart = clauseEnd < nfkc.length() && SENTENCE_ENDS.indexOf(nfkc.charAt(clauseEnd)) >= 0;
            at = clauseEnd + 1;
        }
    }

    /** {@code result[i]}: at how many positions before {@code i} a subject trigger starts. */
    private static int[] triggerStartsBefore(List<int[]> triggers, int length) {
        boolean[] starts = new boolean[length];
        for (int[] trigger : triggers) {
            starts[trigger[0]] = true;
        }
        int[] before = new int[length + 1];
        for (int i = 0; i < length; i++) {
            before[i + 1] = before[i] + (starts[i] ? 1 : 0);
        }
        return before;
    }

    private Optional<Span> openingSubject(String nfkc, int[] triggersBefore, int start, int clauseEnd, int sentenceEnd) {
        for (boolean stripped = true; stripped; ) {
            stripped = false;
            for (List<String> openers : List.of(guards.moreOpeners(), guards.clauseOpeners())) { // 至于说 before 至于
                for (String opener : openers) {
                    if (nfkc.startsWith(opener, start) && start + opener.length() < clauseEnd) {
                        start += opener.length();
                        stripped = true;
                    }
                }
            }
        }
        int runEnd = HanText.runEnd(nfkc, start, clauseEnd);
        int end = start;
        int length = 0;
        while (end < runEnd && !startsPredicate(nfkc, end, start)) {
            if (++length > NameGuards.MAX_LONG_NAME) {
                return Optional.empty(); // a phrase, not a name: stop scanning
            }
            end += Character.charCount(nfkc.codePointAt(end));
        }
        if (end >= clauseEnd || !startsPredicate(nfkc, end, start)) {
            return Optional.empty(); // the clause is one run, or a Latin word or a sign follows: no predicate seen
        }
        String name = nfkc.substring(start, end);
        // the evaluation is the name's own clause's, or the name is linked to what follows (的, 这, 那, a time)
        boolean ownClause = triggersBefore[clauseEnd] - triggersBefore[end] > 0;
        boolean linked = (structuralLinks.indexOf(nfkc.charAt(end)) >= 0 || HanText.startsWithAny(nfkc, end, timeLinks))
                && triggersBefore[sentenceEnd] - triggersBefore[end] > 0;
        if (!guards.plausibleSubject(name) || !(ownClause || linked)) {
            return Optional.empty();
        }
        return Optional.of(new Span(start, end, name));
    }

    /** Whether a predicate starts at {@code at}, at least two characters after the subject's start. */
    private boolean startsPredicate(String nfkc, int at, int subjectStart) {
        if (nfkc.codePointCount(subjectStart, at) < NameGuards.MIN_HAN_NAME) {
            return false;
        }
        if (predicateChars.indexOf(nfkc.codePointAt(at)) >= 0) {
            return true;
        }
        return HanText.startsWithAny(nfkc, at, predicateWords) || HanText.startsWithAny(nfkc, at, longSubjectLinks);
    }
}
