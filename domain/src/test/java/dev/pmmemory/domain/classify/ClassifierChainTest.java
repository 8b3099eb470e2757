package dev.pmmemory.domain.classify;

import dev.pmmemory.domain.lexicon.Lexicon;
import dev.pmmemory.domain.memory.MemoryType;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;

class ClassifierChainTest {

    private final List<String> calls = new ArrayList<>();

    private Classifier fixed(String name, Optional<MemoryType> answer) {
        return (message, entities) -> {
            calls.add(name);
            return answer;
        };
    }

    @Test
    void firstNonEmptyAnswerWinsAndLaterClassifiersAreNotAsked() {
        ClassifierChain chain = new ClassifierChain(List.of(
                fixed("rules", Optional.empty()),
                fixed("llm", Optional.of(MemoryType.MARKET_INFO)),
                fixed("never", Optional.of(MemoryType.TEMP_STATUS))));
        assertThat(chain.classify("anything", List.of())).contains(MemoryType.MARKET_INFO);
        assertThat(calls).containsExactly("rules", "llm");
    }

    @Test
    void rulesAnswerBeforeTheFallback() {
        ClassifierChain chain = new ClassifierChain(List.of(
                new RuleClassifier(Lexicon.loadDefault()), fixed("llm", Optional.of(MemoryType.MARKET_INFO))));
        assertThat(chain.classify("OpenAI 估值高", List.of("OpenAI"))).contains(MemoryType.PROJECT_NEGATIVE);
        assertThat(calls).isEmpty();
        assertThat(chain.classify("收到", List.of())).contains(MemoryType.MARKET_INFO);
        assertThat(calls).containsExactly("llm");
    }

    @Test
    void emptyWhenNobodyClassifies() {
        assertThat(new ClassifierChain(List.of(fixed("a", Optional.empty()))).classify("x", List.of())).isEmpty();
        assertThat(new ClassifierChain(List.of()).classify("x", List.of())).isEmpty();
    }

    @Test
    void aRecognisedQuestionEndsTheChainWithNoType() {
        ClassifierChain chain = new ClassifierChain(List.of(
                new RuleClassifier(Lexicon.loadDefault()), fixed("fallback", Optional.of(MemoryType.PROJECT_ADVANCE))));
        assertThat(chain.classify("Anthropic 可以推进吗？", List.of("Anthropic"))).isEmpty();
        assertThat(chain.classification("Anthropic 可以推进吗？", List.of("Anthropic")).question()).isTrue();
        assertThat(calls).isEmpty();
        // no signal is not a question: the fallback is asked
        assertThat(chain.classify("The unit economics puzzle me", List.of())).contains(MemoryType.PROJECT_ADVANCE);
        assertThat(calls).containsExactly("fallback");
    }
    @Test
    void aSecondOpinionMayOverruleTheRulesTypeButNotALaterLinksOrAQuestion() {
        List<MemoryType> reviewed = new ArrayList<>();
        SecondOpinion sureItIsNoMemory = (message, entities, rules) -> {
            reviewed.add(rules);
            return message.contains("lol") ? Optional.of(Classification.of(Optional.empty())) : Optional.empty();
        };
        ClassifierChain chain = new ClassifierChain(List.of(new RuleClassifier(Lexicon.loadDefault()),
                fixed("fallback", Optional.of(MemoryType.MARKET_INFO))), Optional.of(sureItIsNoMemory));

        assertThat(chain.classify("OpenAI 估值高", List.of("OpenAI"))).contains(MemoryType.PROJECT_NEGATIVE);
        assertThat(chain.classify("OpenAI 估值高 lol", List.of("OpenAI"))).as("overruled: no memory").isEmpty();
        assertThat(reviewed).containsExactly(MemoryType.PROJECT_NEGATIVE, MemoryType.PROJECT_NEGATIVE);
        // the fallback's answer and a question are not reviewed
        assertThat(chain.classify("收到 lol", List.of())).contains(MemoryType.MARKET_INFO);
        assertThat(chain.classification("Anthropic 可以推进吗？ lol", List.of("Anthropic")).question()).isTrue();
        assertThat(reviewed).hasSize(2);
    }
}
