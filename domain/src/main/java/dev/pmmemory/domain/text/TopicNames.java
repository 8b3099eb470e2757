package dev.pmmemory.domain.text;

import java.util.List;
import java.util.Optional;

/** "关于拾光影像，我个人的看法是…": the whole Han run (2–5 characters) after 关于 / 对于 / 至于, up to punctuation. */
final class TopicNames implements NameRule {

    private final List<String> topicOpeners;
    private final NameGuards guards;

    TopicNames(EntityRuleWords words, NameGuards guards) {
        this.topicOpeners = words.words("topic_openers");
        this.guards = guards;
    }

    @Override
    public void find(ScannedText text, List<Span> found) {
        String nfkc = text.nfkc();
        for (String topic : topicOpeners) {
            for (int at = nfkc.indexOf(topic); at >= 0; at = nfkc.indexOf(topic, at + 1)) {
                topicAfter(nfkc, at + topic.length()).ifPresent(found::add);
            }
        }
    }

    private Optional<Span> topicAfter(String nfkc, int from) {
        int end = HanText.runEnd(nfkc, from, Math.min(nfkc.length(), from + NameGuards.MAX_HAN_NAME + 2));
        if (end >= nfkc.length() || Character.isLetterOrDigit(nfkc.codePointAt(end))) {
            return Optional.empty(); // the topic runs on: a phrase, not a name
        }
        String name = nfkc.substring(from, end);
        int length = name.codePointCount(0, name.length());
        if (length < NameGuards.MIN_HAN_NAME || length > NameGuards.MAX_HAN_NAME + 1 || guards.notANameBeforeAspect(name)
                || guards.describesAKind(name)) {
            return Optional.empty();
        }
        return Optional.of(new Span(from, end, name));
    }
}
