package dev.pmmemory.adapters.classifier.llm;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.pmmemory.application.port.out.Summarizer;
import dev.pmmemory.application.port.out.SummaryRequest;
import java.lang.System.Logger.Level;
import java.util.Objects;

/**
 * The Summarizer port over the classifier's OpenAI-compatible endpoint. The summary always starts
 * with the deterministic facts (count, date range, recurring entities and terms) so that the model
 * can add a gist but never lose them: {@code "<facts> Gist: <the model's sentences>"}. Whatever goes
 * wrong (no answer in time, refused connection, non-2xx, an empty, unreadable or too long answer)
 * gives the deterministic summary alone, with one WARN line naming the endpoint and the reason,
 * never the memories or the key.
 */
public final class OpenAiCompatibleSummarizer implements Summarizer {

    private static final System.Logger LOG = System.getLogger(OpenAiCompatibleSummarizer.class.getName());
    private static final ObjectMapper JSON = new ObjectMapper(); // tree model only: native-ready
    static final int MAX_ANSWER_BYTES = 64 * 1024;
    /** A gist longer than this is not the two sentences asked for. */
    static final int MAX_GIST_CODE_POINTS = 1000;

    private final ChatEndpoint endpoint;
    private final ChatClient chat;
    private final Summarizer facts;

    /** @param facts the deterministic summary: the start of every summary, and all of it when the model fails */
    public OpenAiCompatibleSummarizer(ChatEndpoint endpoint, Summarizer facts) {
        this.endpoint = Objects.requireNonNull(endpoint);
        this.facts = Objects.requireNonNull(facts);
        this.chat = new ChatClient(endpoint, MAX_ANSWER_BYTES);
    }

    @Override
    public String summarize(SummaryRequest request) {
        String known = facts.summarize(request);
        ChatClient.Reply reply = chat.post(SummaryPrompt.request(endpoint.model(), request, known));
        Gist gist = reply instanceof ChatClient.Reply.Body body ? gist(body.text())
                : Gist.unusable(((ChatClient.Reply.Failed) reply).why());
        if (gist.text() != null) {
            return known + " Gist: " + gist.text();
        }
        String why = gist.why();
        LOG.log(Level.WARNING, String.format("LLM summarizer at %s (model %s): %s; the deterministic summary is used",
                endpoint.displayUrl(), endpoint.model(), why));
        return known;
    }

    /** The model's text on one line, or (text null) why it is unusable, never quoting it. */
    record Gist(String text, String why) {
        static Gist unusable(String why) {
            return new Gist(null, why);
        }
    }

    static Gist gist(String responseBody) {
        JsonNode content;
        try {
            JsonNode response = JSON.readTree(responseBody);
            content = response == null ? null : response.path("choices").path(0).path("message").path("content");
        } catch (JsonProcessingException e) {
            return Gist.unusable("the response is not JSON");
        }
        if (content == null || !content.isTextual()) {
            return Gist.unusable("the response has no choices[0].message.content");
        }
        String text = content.asText().replaceAll("```[A-Za-z]*", "").replaceAll("\\s+", " ").strip();
        if (text.isEmpty()) {
            return Gist.unusable("the answer is empty");
        }
        if (text.codePointCount(0, text.length()) > MAX_GIST_CODE_POINTS) {
            return Gist.unusable("the answer is longer than " + MAX_GIST_CODE_POINTS + " characters");
        }
        if (text.startsWith("{") || text.startsWith("[")) {
            return Gist.unusable("the answer is JSON, not sentences");
        }
        return new Gist(text, null);
    }

    @Override
    public String toString() {
        return "OpenAiCompatibleSummarizer[" + endpoint + "]";
    }
}
