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
    void aNegatedNegativeIsPraiseByRuleNotByRuleOrder() {
        // alone, with no advance word to win by precedence: the negation itself makes it positive
        String p = newProfile("negrule");
        feedback(p, "Mistral 估值并不离谱").statusCode(201)
                .body("memory.type", equalTo("project_positive"))
                .body("memory.entities", contains("Mistral AI"));
        // the negation reaches past a comparison, and two negations cancel
        feedback(p, "商汤的新模型并不比谷歌弱").statusCode(201).body("memory.type", equalTo("project_positive"));
        feedback(p, "百川不是没有亮点").statusCode(201).body("memory.type", equalTo("project_positive"));
    }

    @Test
    void structureDecidesWhereNoWordIsListed() {
        String p = newProfile("structure");
        // a contrast naming nothing the rules know still reverses the praise before it
        feedback(p, "百川的技术挺好，可惜一直找不到付费客户").statusCode(201)
                .body("memory.type", equalTo("project_negative"));
        // degree adverb + adjective, excess adverb + anything
        feedback(p, "宇树的工程团队真的硬").statusCode(201).body("memory.type", equalTo("project_positive"));
        feedback(p, "智元这轮的条款太复杂了").statusCode(201).body("memory.type", equalTo("project_negative"));
        // a request with a question mark is no question; a question without one is
        feedback(p, "Cohere is worth a deeper look; can you line up a call with their CFO?").statusCode(201)
                .body("memory.type", equalTo("project_advance"));
        feedback(p, "智谱是不是准备 IPO 了").statusCode(200).body("outcome", equalTo("unclassified"));
        // a short scare quote with laughter
        feedback(p, "又一个“下一个 OpenAI”，哈哈哈").statusCode(201).body("memory.type", equalTo("project_negative"));
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
