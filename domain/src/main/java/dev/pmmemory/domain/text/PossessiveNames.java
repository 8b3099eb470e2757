package dev.pmmemory.domain.text;

import java.util.List;

/** "和麦田数据的创始人聊了", "青禾智能的团队…": what a PM judges of a company (an aspect) names the company before 的. */
final class PossessiveNames implements NameRule {

    private final List<String> possessives;
    private final List<String> aspects;
    private final NameGuards guards;

    PossessiveNames(EntityRuleWords words, NameGuards guards) {
        this.possessives = words.words("possessives");
        this.aspects = words.words("aspects");
        this.guards = guards;
    }

    @Override
    public void find(ScannedText text, List<Span> found) {
        String nfkc = text.nfkc();
        for (String possessive : possessives) {
            for (int at = nfkc.indexOf(possessive); at >= 0; at = nfkc.indexOf(possessive, at + 1)) {
                if (HanText.startsWithAny(nfkc, at + possessive.length(), aspects)) {
                    guards.nameBeforeAspect(nfkc, at).ifPresent(found::add);
                }
            }
        }
    }
}
