package dev.pmmemory.domain.text;

import java.util.List;
import java.util.Optional;

/** "拾光影像公司", "黑石项目": the Han run right before 公司 / 项目 ({@code name_suffixes}), its last four characters at most. */
final class NamesBeforeSuffix implements NameRule {

    private final List<String> suffixes;
    private final NameGuards guards;

    NamesBeforeSuffix(EntityRuleWords words, NameGuards guards) {
        this.suffixes = words.words("name_suffixes");
        this.guards = guards;
    }

    @Override
    public void find(ScannedText text, List<Span> found) {
        String nfkc = text.nfkc();
        for (String suffix : suffixes) {
            for (int at = nfkc.indexOf(suffix); at >= 0; at = nfkc.indexOf(suffix, at + 1)) {
                nameBefore(nfkc, at).ifPresent(found::add);
            }
        }
    }

    private Optional<Span> nameBefore(String nfkc, int suffixAt) {
        int start = HanText.runStartBefore(nfkc, suffixAt, Integer.MAX_VALUE, guards.boundaryChars());
        String candidate = guards.stripOrgForm(nfkc.substring(start, suffixAt));
        if (guards.segmentsIntoGeneric(candidate) || guards.endsWithGenericWord(candidate)) {
            return Optional.empty();
        }
        int length = candidate.codePointCount(0, candidate.length());
        int cut = length > NameGuards.MAX_HAN_NAME ? candidate.offsetByCodePoints(0, length - NameGuards.MAX_HAN_NAME) : 0;
        String name = candidate.substring(cut);
        if (name.codePointCount(0, name.length()) < NameGuards.MIN_HAN_NAME
                || guards.isNotASubject(name) || guards.segmentsIntoGeneric(name)
                || (cut > 0 && guards.segmentsAfterCutGenericWord(candidate, cut))) {
            return Optional.empty();
        }
        return Optional.of(new Span(start + cut, start + candidate.length(), name));
    }
}
