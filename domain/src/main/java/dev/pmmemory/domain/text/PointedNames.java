package dev.pmmemory.domain.text;

import java.util.List;

/**
 * "碳硅科技这家，我们看了几次", "积木这个项目": the Han run right before a word pointing back at it (这家, 那单,
 * 这个) is a name; before 这个 only when no kind of thing follows (这个方向, 这个价位 say what is meant).
 */
final class PointedNames implements NameRule {

    private final List<String> pointers;
    private final List<String> pointedAt;
    private final NameGuards guards;

    PointedNames(EntityRuleWords words, NameGuards guards) {
        this.pointers = words.words("pointers");
        this.pointedAt = words.words("pointed_at");
        this.guards = guards;
    }

    @Override
    public void find(ScannedText text, List<Span> found) {
        String nfkc = text.nfkc();
        for (String pointer : pointers) {
            for (int at = nfkc.indexOf(pointer); at >= 0; at = nfkc.indexOf(pointer, at + 1)) {
                int after = at + pointer.length();
                if (!pointer.equals("这个") || after >= nfkc.length() || !HanText.isHan(nfkc.charAt(after))
                        || HanText.startsWithAny(nfkc, after, pointedAt)) {
                    guards.nameBeforeAspect(nfkc, at).ifPresent(found::add);
                }
            }
        }
    }
}
