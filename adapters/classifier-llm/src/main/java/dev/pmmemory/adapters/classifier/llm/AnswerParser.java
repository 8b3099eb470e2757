package dev.pmmemory.adapters.classifier.llm;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.pmmemory.adapters.classifier.llm.ChatAnswer.NoType;
import dev.pmmemory.adapters.classifier.llm.ChatAnswer.Typed;
import dev.pmmemory.adapters.classifier.llm.ChatAnswer.Unreadable;
import dev.pmmemory.domain.memory.MemoryType;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * Reads the type out of a chat completions response, tolerantly: models wrap JSON in ``` fences or
 * prose, or answer with the bare type name. The reasons given for unreadable answers never quote the
 * answer (it could echo the message). The confidence beside the type is read strictly: anything but a
 * JSON number in [0, 1] (missing, a string, out of range, a bare name without one) counts as 0, so that
 * the chain holds the answer for a person rather than trusting it blindly.
 */
final class AnswerParser {

    // tree model only (readTree): nothing is bound by reflection, so it works unchanged in a native image
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Pattern BARE_NAME = Pattern.compile("[a-z_]{1,40}");

    private AnswerParser() {
    }

    static ChatAnswer parse(String responseBody) {
        JsonNode response;
        try {
            response = JSON.readTree(responseBody);
        } catch (JsonProcessingException e) {
            return new Unreadable("the response is not JSON");
        }
        JsonNode content = response == null ? null : response.path("choices").path(0).path("message").path("content");
        if (content == null || !content.isTextual()) {
            return new Unreadable("the response has no choices[0].message.content");
        }
        return fromContent(content.asText());
    }

    static ChatAnswer fromContent(String content) {
        String text = content.strip();
        int open = text.indexOf('{');
        int close = text.lastIndexOf('}');
        if (open >= 0 && close > open) {
            // fences and prose around the object are ignored: only the outermost {...} is read
            try {
                JsonNode answer = JSON.readTree(text.substring(open, close + 1));
                JsonNode type = answer.path("type");
                return type.isTextual() ? named(type.asText(), confidence(answer.path("confidence")))
                        : new Unreadable("the answer has no \"type\" text");
            } catch (JsonProcessingException e) {
                return new Unreadable("the answer's JSON is malformed");
            }
        }
        // a bare name, perhaps fenced (```json … ```), quoted or followed by a full stop
        return named(text.replaceAll("```[A-Za-z]*", "").replaceAll("^[\"'\\s]+|[\"'.\\s]+$", ""), 0);
    }

    /** The stated confidence: a JSON number in [0, 1], else 0. */
    private static double confidence(JsonNode stated) {
        if (!stated.isNumber()) {
            return 0;
        }
        double value = stated.asDouble();
        return value >= 0 && value <= 1 ? value : 0;
    }

    private static ChatAnswer named(String name, double confidence) {
        String wire = name.strip().toLowerCase(Locale.ROOT);
        if (wire.equals(ClassificationPrompt.NONE)) {
            return new NoType();
        }
        if (!BARE_NAME.matcher(wire).matches()) {
            return new Unreadable("the answer is no type name");
        }
        return MemoryType.fromWireName(wire).filter(MemoryType::classifiable)
                .<ChatAnswer>map(type -> new Typed(type, confidence))
                .orElseGet(() -> new Unreadable("the answer names an unknown type '" + wire + "'"));
    }
}
