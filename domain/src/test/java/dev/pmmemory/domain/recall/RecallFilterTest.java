package dev.pmmemory.domain.recall;

import static dev.pmmemory.domain.recall.RankerFixtures.AS_OF;
import static dev.pmmemory.domain.recall.RankerFixtures.memory;
import static org.assertj.core.api.Assertions.assertThat;

import dev.pmmemory.domain.memory.Memory;
import dev.pmmemory.domain.memory.MemoryType;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.ValueSource;

/** The optional narrowing of a recall: by types and by one entity. */
class RecallFilterTest {
    private final Memory openAi = memory("m1", MemoryType.PROJECT_NEGATIVE, AS_OF).entities(List.of("OpenAI")).build();
    private final Memory both = memory("m2", MemoryType.PROJECT_ADVANCE, AS_OF)
            .entities(List.of("OpenAI", "Mistral AI")).build();
    private final Memory noEntity = memory("m3", MemoryType.LONG_TERM_PREFERENCE, AS_OF).build();

    @ParameterizedTest
    @EnumSource(MemoryType.class)
    void noFilterAdmitsEveryTypeAndMatchesEveryMemory(MemoryType type) {
        assertThat(RecallFilter.NONE.admitsType(type)).isTrue();
        assertThat(RecallFilter.NONE.matches(memory("m", type, AS_OF).build())).isTrue();
    }

    @Test
    void aTypesFilterAdmitsOnlyItsTypes() {
        RecallFilter filter = new RecallFilter(Set.of(MemoryType.PROJECT_NEGATIVE, MemoryType.LONG_TERM_PREFERENCE),
                Optional.empty());

        for (MemoryType type : MemoryType.values()) {
            boolean listed = type == MemoryType.PROJECT_NEGATIVE || type == MemoryType.LONG_TERM_PREFERENCE;
            assertThat(filter.admitsType(type)).as(type.wireName()).isEqualTo(listed);
            assertThat(filter.matches(memory("m", type, AS_OF).build())).as(type.wireName()).isEqualTo(listed);
        }
    }

    @Test
    void anEmptyTypesSetMeansEveryType() {
        RecallFilter filter = new RecallFilter(EnumSet.noneOf(MemoryType.class), Optional.empty());

        assertThat(EnumSet.allOf(MemoryType.class)).allMatch(filter::admitsType);
    }

    @ParameterizedTest
    @ValueSource(strings = {"OpenAI", "openai", "OPENAI", "ＯｐｅｎＡＩ", " OpenAI "})
    void anEntityFilterMatchesTheEntityCaseInsensitivelyAfterNfkc(String asked) {
        RecallFilter filter = new RecallFilter(Set.of(), Optional.of(asked));

        assertThat(filter.entity()).contains("openai");
        assertThat(filter.matches(openAi)).isTrue();
        assertThat(filter.matches(both)).isTrue();
        assertThat(filter.matches(noEntity)).isFalse();
        // the entity filter narrows, it does not exclude types
        assertThat(filter.admitsType(MemoryType.LONG_TERM_PREFERENCE)).isTrue();
    }

    @Test
    void anEntityOfSeveralWordsMatches() {
        RecallFilter filter = new RecallFilter(Set.of(), Optional.of("mistral ai"));

        assertThat(filter.matches(both)).isTrue();
        assertThat(filter.matches(openAi)).isFalse();
    }

    @Test
    void theEntityMustBeNamedNotMerelyContained() {
        assertThat(new RecallFilter(Set.of(), Optional.of("Open")).matches(openAi)).isFalse();
        assertThat(new RecallFilter(Set.of(), Optional.of("Mistral")).matches(both)).isFalse();
    }

    @Test
    void aMemorySupersededForTheEntityNoLongerMatchesIt() {
        Memory partly = both.toBuilder().supersededEntityKeys(Set.of("openai")).build();

        assertThat(new RecallFilter(Set.of(), Optional.of("OpenAI")).matches(partly)).isFalse();
        assertThat(new RecallFilter(Set.of(), Optional.of("Mistral AI")).matches(partly)).isTrue();
    }

    @Test
    void typesAndEntityMustBothHold() {
        RecallFilter filter = new RecallFilter(Set.of(MemoryType.PROJECT_ADVANCE), Optional.of("OpenAI"));

        assertThat(filter.matches(both)).isTrue();
        assertThat(filter.matches(openAi)).isFalse(); // right entity, wrong type
        assertThat(filter.matches(memory("m4", MemoryType.PROJECT_ADVANCE, AS_OF)
                .entities(List.of("Anthropic")).build())).isFalse(); // right type, wrong entity
    }
}
