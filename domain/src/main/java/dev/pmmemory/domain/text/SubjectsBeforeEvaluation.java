package dev.pmmemory.domain.text;

import java.util.List;
import java.util.Optional;

/**
 * "云深处估值太高" → 云深处: the Han run that opens a clause right before an evaluation or decision word is
 * its subject, a name when nothing says otherwise; the words between (的, 这轮, 报价 …: {@code subject_links})
 * and clause openers (虽然 …) are not part of it.
 */
final class SubjectsBeforeEvaluation implements NameRule {

    private final List<String> subjectLinks;
    private final NameGuards guards;

    SubjectsBeforeEvaluation(EntityRuleWords words, NameGuards guards) {
        this.subjectLinks = words.words("subject_links");
        this.guards = guards;
    }

    @Override
    public void find(ScannedText text, List<Span> found) {
        String nfkc = text.nfkc();
        boolean[] covered = new boolean[nfkc.length() + 1];
        for (int[] trigger : text.triggers()) { // longest first: 估值太高 claims its place before 太高
            int at = trigger[0];
            if (covered[at]) {
                continue;
            }
            for (int i = at; i < at + trigger[1]; i++) {
                covered[i] = true;
            }
            subjectBefore(nfkc, at).filter(span -> found.stream().noneMatch(span::overlaps)).ifPresent(found::add);
        }
    }

    private Optional<Span> subjectBefore(String nfkc, int triggerAt) {
        int end = triggerAt;
        for (boolean stripped = true; stripped; ) {
            stripped = false;
            for (String link : subjectLinks) {
                if (end - link.length() > 0 && nfkc.startsWith(link, end - link.length())) {
                    end -= link.length();
                    stripped = true;
                    break;
                }
            }
        }
        // The subject opens its clause: the whole Han run before the evaluation, clause openers aside.
        int start = HanText.runStartBefore(nfkc, end, Integer.MAX_VALUE, "");
        if (!HanText.opensClause(nfkc, start)) {
            return Optional.empty(); // after a Latin word or a digit: mid-clause ("约他们 CFO 过来见面")
        }
        start = HanText.afterClauseOpeners(nfkc, start, end, guards.clauseOpeners());
        String name = nfkc.substring(start, end);
        int length = name.codePointCount(0, name.length());
        // Too long to be a clean name (a clause, not a subject): better no entity than half a phrase.
        if (length < NameGuards.MIN_HAN_NAME || length > NameGuards.MAX_HAN_NAME || guards.neverASubject(name)) {
            return Optional.empty();
        }
        return Optional.of(new Span(start, end, name));
    }
}
