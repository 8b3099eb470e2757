package dev.pmmemory.domain.text;

import java.util.List;

/**
 * "云舟 想跟创始人当面聊聊", "知微 NRR 135%": in chat a Han run of 2–4 characters opening the message,
 * set apart by a space, is its topic, a name unless it is a word a chat message opens with (谢谢, 收到 …).
 */
final class SpacedTopic implements NameRule {

    private final List<String> topicOpeners;
    private final List<String> chatOpeners;
    private final NameGuards guards;

    SpacedTopic(EntityRuleWords words, NameGuards guards) {
        this.topicOpeners = words.words("topic_openers");
        this.chatOpeners = words.words("chat_openers");
        this.guards = guards;
    }

    @Override
    public void find(ScannedText text, List<Span> found) {
        String nfkc = text.nfkc();
        int start = 0;
        while (start < nfkc.length() && Character.isWhitespace(nfkc.charAt(start))) {
            start++;
        }
        if (HanText.startsWithAny(nfkc, start, topicOpeners)) {
            return; // 关于X …: TopicNames reads it
        }
        int end = HanText.runEnd(nfkc, start, nfkc.length());
        if (end == start || end + 1 >= nfkc.length() || nfkc.charAt(end) != ' '
                || !Character.isLetterOrDigit(nfkc.codePointAt(end + 1))) {
            return;
        }
        String name = nfkc.substring(start, end);
        int length = name.codePointCount(0, name.length());
        if (length < NameGuards.MIN_HAN_NAME || length > NameGuards.MAX_HAN_NAME || guards.notANameBeforeAspect(name)
                || guards.describesAKind(name) || guards.isPerson(name)
                || chatOpeners.stream().anyMatch(name::startsWith)) {
            return;
        }
        found.add(new Span(start, end, name));
    }
}
