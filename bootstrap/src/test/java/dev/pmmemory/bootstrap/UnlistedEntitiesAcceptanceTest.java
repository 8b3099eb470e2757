package dev.pmmemory.bootstrap;

import static dev.pmmemory.bootstrap.Api.feedback;
import static dev.pmmemory.bootstrap.Api.memory;
import static dev.pmmemory.bootstrap.Api.newProfile;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.empty;
import static org.hamcrest.Matchers.equalTo;

import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.Test;

/** Issue 12: companies no dictionary lists are still entities, so a reversal about them is seen. */
@QuarkusTest
class UnlistedEntitiesAcceptanceTest {

    @Test
    void aChineseNameBeforeAnEvaluationIsAnEntity_soTheReversalSupersedesTheEarlierNo() {
        String p = newProfile("unlisted");
        String first = feedback(p, "云深处估值太高，先不看").statusCode(201)
                .body("memory.type", equalTo("project_negative"))
                .body("memory.entities", contains("云深处"))
                .extract().path("memory.id");

        feedback(p, "云深处可以推进了，约下周").statusCode(201)
                .body("memory.type", equalTo("project_advance"))
                .body("memory.entities", contains("云深处"))
                .body("superseded", contains(first));

        memory(p, first).statusCode(200).body("status", equalTo("superseded"));
    }

    @Test
    void aLatinNameThatIsAnEnglishWordCountsWhenUsedAsAName() {
        String p = newProfile("unlisted");
        feedback(p, "Scale 估值太高").statusCode(201).body("memory.entities", contains("Scale AI"));
        feedback(p, "Figure's humanoid demo looks impressive").statusCode(201)
                .body("memory.entities", contains("Figure AI"));
    }

    @Test
    void pronounsTimeWordsAndGenericNounsBeforeAnEvaluationAreNoEntity() {
        String p = newProfile("unlisted");
        for (String message : new String[] {"这家估值太高", "他们团队不错", "本周太忙", "这个赛道太小", "市场太小",
                "可以约一下", "整体先不推进"}) {
            feedback(p, message).statusCode(201).body("memory.entities", empty());
        }
    }

    @Test
    void aNameOpeningASentenceThatDecidesIsAnEntity_evenFarFromTheDecision() {
        String p = newProfile("unlisted");
        String first = feedback(p, "澄岚动力的demo看了，硬件还行，但是交付太慢，这轮先不跟了").statusCode(201)
                .body("memory.type", equalTo("project_negative"))
                .body("memory.entities", contains("澄岚动力"))
                .extract().path("memory.id");

        feedback(p, "澄岚动力这次的新材料很扎实，可以推进，约创始人下周来").statusCode(201)
                .body("memory.entities", contains("澄岚动力"))
                .body("superseded", contains(first));
    }

    @Test
    void traditionalCharactersNameTheSimplifiedEntity_andTheStoredTextStaysAsWritten() {
        String p = newProfile("unlisted");
        feedback(p, "商湯的團隊太臃腫了，不考慮").statusCode(201)
                .body("memory.type", equalTo("project_negative"))
                .body("memory.entities", contains("商汤"))
                .body("memory.content", equalTo("商湯的團隊太臃腫了，不考慮"));
        Api.memories(p, java.util.Map.of("entity", "商湯")).statusCode(200)
                .body("items.content", contains("商湯的團隊太臃腫了，不考慮"));
    }
}
