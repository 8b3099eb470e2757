package dev.pmmemory.adapters.classifier.llm;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.pmmemory.domain.memory.MemoryType;
import java.util.List;
import java.util.Map;

/** The chat request: the memory types with one-line meanings (rules.md §1), the entities, the redacted message. */
final class ClassificationPrompt {

    /** What the model answers for questions, chit-chat and anything that is no feedback. */
    static final String NONE = "none";

    // Meanings in English: a small local model follows them as well as Chinese ones, and they stay readable in review.
    private static final Map<MemoryType, String> MEANINGS = Map.of(
            MemoryType.LONG_TERM_PREFERENCE, "a lasting preference of the PM about what to recommend or avoid"
                    + " (\"以后少推国内大模型\", \"I prefer overseas early-stage deals\")",
            MemoryType.PROJECT_NEGATIVE, "a negative judgement of, or a stop on, a specific project"
                    + " (weak, too expensive, valuation too high, no path to revenue, market too small)",
            MemoryType.PROJECT_ADVANCE, "a decision to move a specific project forward"
                    + " (meet them, set up a call, ready to invest, interested)",
            MemoryType.PROJECT_POSITIVE, "a positive impression of a specific project without a decision to move it forward",
            MemoryType.MARKET_INFO, "an observation about a sector or market trend, no specific project named",
            MemoryType.TEMP_STATUS, "the PM's own short-lived state (busy this week, travelling)");

    private static final String SYSTEM = systemPrompt();

    private ClassificationPrompt() {
    }

    private static String systemPrompt() {
        StringBuilder s = new StringBuilder("""
                You classify one piece of feedback that a portfolio manager (PM) gave an investment bot.
                Answer with exactly one type from this list:
                """);
        for (MemoryType type : MemoryType.values()) {
            if (!type.classifiable()) {
                continue; // summary: made by the compact job, never an answer
            }
            s.append("- ").append(type.wireName()).append(": ").append(MEANINGS.get(type)).append('\n');
        }
        s.append("- ").append(NONE).append(": a question, chit-chat, or anything that is none of the above\n")
                .append("Also say how sure you are that the type is right, as a number from 0 (a guess) to 1 (certain).\n")
                .append("Answer only with a JSON object, no prose: ")
                .append("{\"type\": \"<one of the types above>\", \"confidence\": <a number from 0 to 1>}");
        return s.toString();
    }

    static ObjectNode request(String model, String message, List<String> entities) {
        JsonNodeFactory json = JsonNodeFactory.instance;
        ObjectNode body = json.objectNode();
        body.put("model", model);
        body.put("temperature", 0); // the same message should get the same type every time
        var messages = body.putArray("messages");
        messages.addObject().put("role", "system").put("content", SYSTEM);
        String found = entities.isEmpty() ? "(none)" : String.join(", ", entities);
        messages.addObject().put("role", "user").put("content", "Entities found: " + found + "\nFeedback:\n" + message);
        return body;
    }
}
