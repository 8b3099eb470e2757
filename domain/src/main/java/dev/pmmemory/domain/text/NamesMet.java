package dev.pmmemory.domain.text;

import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * "刚跟墨川聊完", "约了云舟见面": the Han run right after a meeting verb, up to a word of talking or meeting
 * (聊, 见面, 吃饭 …), is the one met: 2–5 characters, guarded as the names before 的 are, and no person.
 */
final class NamesMet implements NameRule {

    private final List<String> meetingVerbs;
    private final Set<String> visitVerbs;
    private final List<String> talkWords;
    private final List<String> possessives;
    private final Set<String> people;
    private final NameGuards guards;

    NamesMet(EntityRuleWords words, NameGuards guards) {
        this.meetingVerbs = words.words("meeting_verbs");
        this.visitVerbs = words.set("visit_verbs");
        this.talkWords = words.words("talk_words");
        this.possessives = words.words("possessives");
        this.people = words.set("people");
        this.guards = guards;
    }

    @Override
    public void find(ScannedText text, List<Span> found) {
        String nfkc = text.nfkc();
        for (String verb : meetingVerbs) {
            for (int at = nfkc.indexOf(verb); at >= 0; at = nfkc.indexOf(verb, at + 1)) {
                if (!nfkc.startsWith("约束", at)) {
                    nameMet(nfkc, at + verb.length(), visitVerbs.contains(verb)).ifPresent(found::add);
                }
            }
        }
    }

    /** After a visit verb (见了, 拜访了) a name may also end before 的: 见了星轨机器人的人. */
    private Optional<Span> nameMet(String nfkc, int from, boolean possessiveEnds) {
        int runEnd = HanText.runEnd(nfkc, from, Math.min(nfkc.length(), from + NameGuards.MAX_HAN_NAME + 2));
        for (int end = from + 1; end <= runEnd; end++) {
            int at = end;
            if (end - from >= NameGuards.MIN_HAN_NAME && (talkWords.stream().anyMatch(talk -> nfkc.startsWith(talk, at))
                    || possessiveEnds && possessives.stream().anyMatch(p -> nfkc.startsWith(p, at)))) {
                String name = nfkc.substring(from, end);
                boolean aName = !guards.notANameBeforeAspect(name) && !guards.describesAKind(name)
                        && !guards.isPerson(name) && !people.contains(name);
                return aName ? Optional.of(new Span(from, end, name)) : Optional.empty(); // the nearest talk word decides
            }
        }
        return Optional.empty();
    }
}
