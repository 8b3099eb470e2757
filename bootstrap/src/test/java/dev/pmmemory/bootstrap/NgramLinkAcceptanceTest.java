package dev.pmmemory.bootstrap;

import static dev.pmmemory.bootstrap.Api.feedback;
import static dev.pmmemory.bootstrap.Api.newProfile;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.equalTo;

import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.Test;

/**
 * Issue 12, 3rd round: the n-gram link (on by default) over REST. It classifies what the rules
 * miss, never a question the rules recognised, and never overrides a type the rules found.
 */
@QuarkusTest
class NgramLinkAcceptanceTest {

    @Test
    void aMessageTheRulesMissIsClassifiedByTheLink() {
        // no trigger word of the lexicon: "growth slowing a little" (in no bench/eval set)
        String p = newProfile("ngram");
        feedback(p, "OpenAI 的增长有点放缓").statusCode(201)
                .body("outcome", equalTo("created"))
                .body("memory.type", equalTo("project_negative"))
                .body("memory.entities", contains("OpenAI"));
    }

    @Test
    void aQuestionTheRulesRecognisedStaysUnclassified() {
        String p = newProfile("ngram-q");
        feedback(p, "OpenAI 的增长是不是有点放缓").statusCode(200).body("outcome", equalTo("unclassified"));
        feedback(p, "DeepSeek 有新消息吗？").statusCode(200).body("outcome", equalTo("unclassified"));
    }

    @Test
    void theRulesAnswerFirst() {
        String p = newProfile("ngram-rules");
        feedback(p, "Anthropic 可以推进").statusCode(201).body("memory.type", equalTo("project_advance"));
        feedback(p, "今天天气不错").statusCode(200).body("outcome", equalTo("unclassified"));
    }
}
