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
 * answer (it could echo the message).
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
                JsonNode type = JSON.readTree(text.substring(open, close + 1)).path("type");
                return type.isTextual() ? named(type.asText()) : new Unreadable("the answer has no \"type\" text");
            } catch (JsonProcessingException e) {
                return new Unreadable("the answer's JSON is malformed");
            }
        }
        // a bare name, perhaps fenced (```json … ```), quoted or followed by a full stop
        return named(text.replaceAll("```[A-Za-z]*", "").replaceAll("^[\"'\\s]+|[\"'.\\s]+$", ""));
    }

    private static ChatAnswer named(String name) {
        String wire = name.strip().toLowerCase(Locale.ROOT);
        if (wire.equals(ClassificationPrompt.NONE)) {
            return new NoType();
        }
        if (!BARE_NAME.matcher(wire).matches()) {
            return new Unreadable("the answer is no type name");
        }
        return MemoryType.fromWireName(wire).filter(MemoryType::classifiable).<ChatAnswer>map(Typed::new)
                .orElseGet(() -> new Unreadable("the answer names an unknown type '" + wire + "'"));
    }
}
