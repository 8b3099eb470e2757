package dev.pmmemory.domain.classify;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.pmmemory.domain.lexicon.Lexicon;
import dev.pmmemory.domain.lexicon.TextAnalyzers;
import dev.pmmemory.domain.text.EntityRuleWords;
import org.junit.jupiter.api.Test;

/** The entity rules' word lists are lexicon lines: declared, overridden, checked, or the shipped default's. */
class EntityRuleLexiconTest {

    private static final String RULES = """
            type long_term_preference priority=1.0 ttl=permanent triggers=以后
            type project_negative priority=0.9 ttl=P30D triggers=估值太高
            type project_advance priority=0.8 ttl=P30D triggers=可以推进
            type project_positive priority=0.6 ttl=P30D triggers=不错
            type market_info priority=0.4 ttl=P7D when=no_entity triggers=赛道
            type temp_status priority=0.3 ttl=P3D triggers=本周
            """;

    @Test
    void theShippedLexiconDeclaresEveryListOnce() {
        EntityRuleWords words = Lexicon.loadDefault().entityRules();
        assertThat(words.lists().keySet()).containsExactlyInAnyOrderElementsOf(EntityRuleWords.NAMES);
        words.lists().values().forEach(list -> assertThat(list).doesNotHaveDuplicates());
        assertThat(words.words("clause_openers")).startsWith("虽然", "尽管");
    }

    @Test
    void aLexiconWithoutTheListsGetsTheShippedOnesAndOneListOverridesOnlyItself() {
        Lexicon older = Lexicon.parse(RULES);
        assertThat(older.entityRules()).isEqualTo(Lexicon.loadDefault().entityRules());

        Lexicon own = Lexicon.parse(RULES + "entity_rule not_a_subject 云深处\nentity_rule not_a_subject 老地方\n");
        assertThat(own.entityRules().words("not_a_subject")).containsExactly("云深处", "老地方");
        assertThat(own.entityRules().words("clause_openers")).isEqualTo(Lexicon.loadDefault().entityRules()
                .words("clause_openers"));
        assertThat(TextAnalyzers.from(Lexicon.parse(RULES)).analyze("云深处估值太高").entities()).containsExactly("云深处");
        assertThat(TextAnalyzers.from(own).analyze("云深处估值太高").entities()).isEmpty();
    }

    @Test
    void anUnknownListOrAWordInACharacterListIsAnErrorNamingTheLine() {
        assertThatThrownBy(() -> Lexicon.parse(RULES + "entity_rule clause_opener 虽然\n"))
                .hasMessageStartingWith("lexicon line 7: unknown entity_rule list 'clause_opener'")
                .hasMessageContaining("clause_openers");
        assertThatThrownBy(() -> Lexicon.parse(RULES + "entity_rule boundary_chars 的, 这个\n"))
                .hasMessage("lexicon line 7: entity_rule boundary_chars takes single characters, got '这个'");
        assertThatThrownBy(() -> Lexicon.parse(RULES + "entity_rule pointers\n"))
                .hasMessage("lexicon line 7: entity_rule pointers needs a name");
    }
}
