package dev.pmmemory.adapters.classifier.llm;

import dev.pmmemory.adapters.classifier.llm.ChatAnswer.Typed;
import dev.pmmemory.adapters.classifier.llm.ChatAnswer.Unreadable;
import dev.pmmemory.domain.classify.Classification;
import dev.pmmemory.domain.classify.Classifier;
import dev.pmmemory.domain.memory.MemoryType;
import java.lang.System.Logger.Level;
import java.util.List;
import java.util.Optional;

/**
 * The Classifier port over an OpenAI-compatible chat endpoint ({@code POST {base-url}/chat/completions}),
 * the fallback after the rules. It never fails the write path: whatever goes wrong (no answer in time,
 * refused connection, non-2xx, an unreadable or unknown answer) is "not mine to say", logged as one WARN
 * line that names the endpoint and the reason, never the message or the key.
 */
public final class OpenAiCompatibleClassifier implements Classifier {

    private static final System.Logger LOG = System.getLogger(OpenAiCompatibleClassifier.class.getName());
    /** A completion naming one type is a few hundred bytes; verbose models and error pages stay well under. */
    static final int MAX_ANSWER_BYTES = 64 * 1024;

    private final ChatEndpoint endpoint;
    private final ChatClient chat;

    public OpenAiCompatibleClassifier(ChatEndpoint endpoint) {
        this.endpoint = endpoint;
        this.chat = new ChatClient(endpoint, MAX_ANSWER_BYTES);
    }

    /** @param message the redacted feedback text: only this text leaves the process */
    @Override
    public Optional<MemoryType> classify(String message, List<String> entities) {
        return classification(message, entities).type();
    }

    /** The model's type with the confidence it stated (0 when it stated none readable): the chain holds it under its floor. */
    @Override
    public Classification classification(String message, List<String> entities) {
        ChatClient.Reply reply = chat.post(ClassificationPrompt.request(endpoint.model(), message, entities));
        ChatAnswer answer = reply instanceof ChatClient.Reply.Body body ? AnswerParser.parse(body.text())
                : new Unreadable(((ChatClient.Reply.Failed) reply).why());
        if (answer instanceof Typed typed) {
            return Classification.ofStated(typed.type(), typed.confidence());
        }
        if (answer instanceof Unreadable unreadable) {
            warn(unreadable.why());
        } else {
            LOG.log(Level.DEBUG, "LLM classifier: the model answered none");
        }
        return Classification.of(Optional.empty());
    }

    private void warn(String why) {
        LOG.log(Level.WARNING, String.format("LLM classifier at %s (model %s): %s; the message stays unclassified",
                endpoint.displayUrl(), endpoint.model(), why));
    }

    @Override
    public String toString() {
        return "OpenAiCompatibleClassifier[" + endpoint + "]";
    }
}
