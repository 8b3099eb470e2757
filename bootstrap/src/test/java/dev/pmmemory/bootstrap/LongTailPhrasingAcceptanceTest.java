package dev.pmmemory.bootstrap;

import static dev.pmmemory.bootstrap.Api.feedback;
import static dev.pmmemory.bootstrap.Api.newProfile;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.equalTo;

import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.Test;

/** Issue 12 item 4, the examples of the issue over REST: slips, negation scope, questions, contrast, irony. */
@QuarkusTest
class LongTailPhrasingAcceptanceTest {

    @Test
    void aOneCharacterSlipInATriggerStillAdvances() {
        String p = newProfile("slip");
        feedback(p, "Anthropic 可以退进").statusCode(201)
                .body("memory.type", equalTo("project_advance"))
                .body("memory.entities", contains("Anthropic"));
    }

    @Test
    void aNegatedNegativeBeforeAnAdvanceIsNoObjection() {
        String p = newProfile("negscope");
        feedback(p, "估值并不离谱，可以推进 Mistral").statusCode(201)
                .body("memory.type", equalTo("project_advance"))
                .body("memory.entities", contains("Mistral AI"));
    }

    @Test
    void aQuestionIsNotFeedback() {
        String p = newProfile("question");
        feedback(p, "DeepSeek 有新消息吗？").statusCode(200).body("outcome", equalTo("unclassified"));
        feedback(p, "估值多少").statusCode(200).body("outcome", equalTo("unclassified"));
        feedback(p, "what do you think of Mistral?").statusCode(200).body("outcome", equalTo("unclassified"));
    }

    @Test
    void theLaterClauseDecidesAndIronicPraiseIsNoPraise() {
        String p = newProfile("contrast");
        feedback(p, "虽然估值偏高，但团队很强，可以约一下零一万物").statusCode(201)
                .body("memory.type", equalTo("project_advance"));
        feedback(p, "The product is nice but the burn is too high").statusCode(201)
                .body("memory.type", equalTo("project_negative"));
        feedback(p, "宇树的商业模式真是“很强”").statusCode(201)
                .body("memory.type", equalTo("project_negative"));
    }
}
