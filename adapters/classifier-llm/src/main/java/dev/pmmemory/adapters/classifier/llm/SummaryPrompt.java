package dev.pmmemory.adapters.classifier.llm;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.pmmemory.application.port.out.SummaryRequest;
import dev.pmmemory.domain.memory.Memory;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;

/** The chat request asking for the gist of the memories a summary folds. */
final class SummaryPrompt {
    /** The newest memories listed: bounds the request whatever the group's size. */
    static final int MAX_LISTED = 200;
    /** Each listed memory's text is cut to this many code points. */
    static final int MAX_LISTED_CODE_POINTS = 200;

    private static final DateTimeFormatter DAY = DateTimeFormatter.ISO_LOCAL_DATE.withZone(ZoneOffset.UTC);
    private static final String SYSTEM = """
            You summarise old feedback memories that a portfolio manager (PM) gave an investment bot.
            Write one or two plain sentences, at most 80 words, in the language of the memories, on what
            they say overall: the recurring points, not each memory. No lists, no markdown, no JSON.""";

    private SummaryPrompt() {
    }

    static ObjectNode request(String model, SummaryRequest request, String facts) {
        JsonNodeFactory json = JsonNodeFactory.instance;
        ObjectNode body = json.objectNode();
        body.put("model", model);
        body.put("temperature", 0); // the same memories should get the same gist
        var messages = body.putArray("messages");
        messages.addObject().put("role", "system").put("content", SYSTEM);
        messages.addObject().put("role", "user").put("content", user(request, facts));
        return body;
    }

    private static String user(SummaryRequest request, String facts) {
        List<Memory> members = request.members();
        List<Memory> listed = members.subList(Math.max(0, members.size() - MAX_LISTED), members.size());
        StringBuilder s = new StringBuilder("Type: ").append(request.type().wireName()).append('\n')
                .append("Facts: ").append(facts).append('\n')
                .append("Memories (").append(listed.size() == members.size() ? "all" : "the newest " + listed.size())
                .append(", oldest first; date | weight | text):\n");
        for (Memory m : listed) {
            s.append(DAY.format(m.createdAt())).append(" | ").append(m.weight()).append(" | ")
                    .append(cut(m.content().replace('\n', ' '))).append('\n');
        }
        return s.toString();
    }

    private static String cut(String text) {
        return text.codePointCount(0, text.length()) <= MAX_LISTED_CODE_POINTS ? text
                : text.substring(0, text.offsetByCodePoints(0, MAX_LISTED_CODE_POINTS)) + "…";
    }
}
