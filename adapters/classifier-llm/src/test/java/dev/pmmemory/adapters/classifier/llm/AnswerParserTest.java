package dev.pmmemory.adapters.classifier.llm;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pmmemory.adapters.classifier.llm.ChatAnswer.Typed;
import dev.pmmemory.domain.memory.MemoryType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The confidence the model states beside its type: read as given when it is a number in [0, 1], else 0. */
class AnswerParserTest {

    private static Typed typed(String content) {
        ChatAnswer answer = AnswerParser.fromContent(content);
        assertThat(answer).isInstanceOf(Typed.class);
        return (Typed) answer;
    }

    @Test
    void aStatedConfidenceIsReadBesideTheType() {
        Typed answer = typed("{\"type\": \"project_negative\", \"confidence\": 0.82}");
        assertThat(answer.type()).isEqualTo(MemoryType.PROJECT_NEGATIVE);
        assertThat(answer.confidence()).isEqualTo(0.82);
    }

    @Test
    void theBoundsThemselvesAreConfidencesAndAFencedAnswerKeepsIt() {
        assertThat(typed("{\"type\": \"project_advance\", \"confidence\": 1}").confidence()).isEqualTo(1.0);
        assertThat(typed("{\"type\": \"project_advance\", \"confidence\": 0}").confidence()).isZero();
        assertThat(typed("```json\n{\"confidence\": 0.95, \"type\": \"project_positive\"}\n```").confidence())
                .isEqualTo(0.95);
    }

    @ParameterizedTest
    @ValueSource(strings = {
            "{\"type\": \"project_negative\"}",
            "{\"type\": \"project_negative\", \"confidence\": null}",
            "project_negative",
            "```\nproject_negative\n```"})
    void aMissingConfidenceCountsAsZero(String content) {
        Typed answer = typed(content);
        assertThat(answer.type()).isEqualTo(MemoryType.PROJECT_NEGATIVE);
        assertThat(answer.confidence()).isZero();
    }

    @ParameterizedTest
    @ValueSource(strings = {"\"0.9\"", "\"high\"", "true", "[0.9]", "{\"value\": 0.9}"})
    void aConfidenceThatIsNoNumberCountsAsZero(String confidence) {
        Typed answer = typed("{\"type\": \"project_positive\", \"confidence\": " + confidence + "}");
        assertThat(answer.type()).isEqualTo(MemoryType.PROJECT_POSITIVE);
        assertThat(answer.confidence()).isZero();
    }

    @ParameterizedTest
    @ValueSource(strings = {"1.01", "-0.2", "95", "1e3"})
    void aConfidenceOutsideZeroToOneCountsAsZero(String confidence) {
        assertThat(typed("{\"type\": \"project_positive\", \"confidence\": " + confidence + "}").confidence()).isZero();
    }

    @Test
    void noneCarriesNoConfidence() {
        assertThat(AnswerParser.fromContent("{\"type\": \"none\", \"confidence\": 0.99}"))
                .isInstanceOf(ChatAnswer.NoType.class);
    }
}
