package dev.pmmemory.domain.text;

import static dev.pmmemory.domain.text.NameRuleFixture.COMMON;
import static dev.pmmemory.domain.text.NameRuleFixture.GENERIC;
import static dev.pmmemory.domain.text.NameRuleFixture.GUARDS;
import static dev.pmmemory.domain.text.NameRuleFixture.WORDS;
import static dev.pmmemory.domain.text.NameRuleFixture.names;
import static dev.pmmemory.domain.text.NameRuleFixture.withList;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/** Each name rule alone: what it finds, what it refuses, and that its word list (data) decides. */
class NameRulesTest {

    @Nested
    class Capitalised {
        private final NameRule rule = new CapitalisedNames(COMMON, GENERIC, Set.of("ai", "robotics"));

        @Test
        void aRunOfCapitalisedWordsIsANameSentenceAndGenericWordsAside() {
            assertThat(names(rule, "The Kestrel Robotics team")).containsExactly("Kestrel Robotics");
            assertThat(names(rule, "OpenAI CEO 来了")).containsExactly("OpenAI");
            assertThat(names(rule, "Kestrel AI 估值")).containsExactly("Kestrel AI"); // "Figure" is a common word: the dictionary finds Figure AI
        }

        @Test
        void modelNumbersSingleLettersAndSentenceWordsAreNoNames() {
            assertThat(names(rule, "H100 To C Please")).isEmpty();
        }
    }

    @Nested
    class BeforeSuffix {
        private final NameRule rule = new NamesBeforeSuffix(WORDS, GUARDS);

        @Test
        void theRunBeforeCompanyOrProjectIsAName() {
            assertThat(names(rule, "拾光影像公司估值太高")).containsExactly("拾光影像");
            assertThat(names(rule, "月之暗面科技有限公司")).containsExactly("月之暗面");
        }

        @Test
        void aDescriptionBeforeCompanyIsNone() {
            assertThat(names(rule, "少推国内大模型公司")).isEmpty();
            assertThat(names(rule, "按照头部公司来看")).isEmpty();
        }

        @Test
        void theSuffixesAreData() {
            assertThat(names(withList("name_suffixes", List.of("集团"), NamesBeforeSuffix::new), "拾光影像集团不错"))
                    .containsExactly("拾光影像");
        }
    }

    @Nested
    class Met {
        private final NameRule rule = new NamesMet(WORDS, GUARDS);

        @Test
        void theOneMetBeforeATalkWordIsAName() {
            assertThat(names(rule, "刚跟墨川聊完")).containsExactly("墨川");
            assertThat(names(rule, "约了云舟见面")).containsExactly("云舟");
        }

        @Test
        void peopleAreNoNames() {
            assertThat(names(rule, "跟领导开会")).isEmpty();
            assertThat(names(rule, "跟老王吃饭")).isEmpty();
        }
    }

    @Nested
    class Spaced {
        private final NameRule rule = new SpacedTopic(WORDS, GUARDS);

        @Test
        void aRunOpeningTheMessageBeforeASpaceIsItsTopic() {
            assertThat(names(rule, "知微 NRR 135%")).containsExactly("知微");
        }

        @Test
        void chatOpenersAreNone() {
            assertThat(names(rule, "收到 thanks")).isEmpty();
            assertThat(names(withList("chat_openers", List.of("知微"), SpacedTopic::new), "知微 NRR 135%")).isEmpty();
        }
    }

    @Nested
    class CompanyEndings {
        private final NameRule rule = new CompanyEndingNames(WORDS, GUARDS);

        @Test
        void aRunEndingWithACompanysEndingIsANameAnywhere() {
            assertThat(names(rule, "那个 苍穹智能 就是说")).containsExactly("苍穹智能");
            assertThat(names(rule, "冰川算力demo翻车了")).containsExactly("冰川算力");
        }

        @Test
        void aKindIsNoName() {
            assertThat(names(rule, "工业机器人赛道")).isEmpty();
            assertThat(names(rule, "智能化改造")).isEmpty();
        }
    }

    @Nested
    class LowerCaseOwner {
        private final NameRule rule = new LowerCaseOwners(GUARDS);

        @Test
        void aLowerCaseOwnerOpeningAClauseIsAName() {
            assertThat(names(rule, "wren's got something")).containsExactly("wren");
        }

        @Test
        void everydayWordsAreNone() {
            assertThat(names(rule, "team's fine, it's ok")).isEmpty();
        }
    }

    @Nested
    class LatinMet {
        private final NameRule rule = new LatinNamesMet(WORDS, GUARDS);

        @Test
        void aLatinWordAfterAMeetingIsAName() {
            assertThat(names(rule, "met with nimbus today")).containsExactly("nimbus");
            assertThat(names(rule, "跟harbor通了电话")).containsExactly("harbor");
        }

        @Test
        void everydayWordsAndOtherPhrasesAreNone() {
            assertThat(names(rule, "call with legal")).isEmpty();
            assertThat(names(rule, "pass on the deck")).isEmpty();
            assertThat(names(withList("latin_meeting_phrases", List.of("pass on"), LatinNamesMet::new),
                    "pass on nimbus")).containsExactly("nimbus");
        }
    }

    @Nested
    class Topic {
        private final NameRule rule = new TopicNames(WORDS, GUARDS);

        @Test
        void theRunAfterAboutIsAName() {
            assertThat(names(rule, "关于拾光影像，我个人的看法是")).containsExactly("拾光影像");
        }

        @Test
        void aTopicThatRunsOnIsAPhrase() {
            assertThat(names(rule, "关于这个赛道的判断")).isEmpty();
        }
    }

    @Nested
    class Pointed {
        private final NameRule rule = new PointedNames(WORDS, GUARDS);

        @Test
        void theRunBeforeAPointerIsAName() {
            assertThat(names(rule, "碳硅科技这家，我们看了几次")).containsExactly("碳硅科技");
            assertThat(names(rule, "积木这个项目")).containsExactly("积木");
        }

        @Test
        void thisFollowedByAKindPointsAtNoCompany() {
            assertThat(names(rule, "积木这个方向")).isEmpty();
        }
    }

    @Nested
    class Possessive {
        private final NameRule rule = new PossessiveNames(WORDS, GUARDS);

        @Test
        void theRunBeforeTheAspectOfACompanyIsAName() {
            assertThat(names(rule, "和麦田数据的创始人聊了")).containsExactly("麦田数据");
        }

        @Test
        void otherThingsOwnedAndLongRunsAreNone() {
            assertThat(names(rule, "麦田数据的问题")).isEmpty();
            assertThat(names(rule, "未来三年的增长")).isEmpty();
            assertThat(names(withList("aspects", List.of("问题"), PossessiveNames::new), "麦田数据的问题"))
                    .containsExactly("麦田数据");
        }
    }

    @Nested
    class BeforeEvaluation {
        private final NameRule rule = new SubjectsBeforeEvaluation(WORDS, GUARDS);

        @Test
        void theSubjectOfAnEvaluationIsAName() {
            assertThat(names(rule, "云深处估值太高，先不看")).containsExactly("云深处");
            assertThat(names(rule, "云深处的报价太高了")).containsExactly("云深处");
        }

        @Test
        void pronounsTimeWordsAndGenericNounsAreNone() {
            assertThat(names(rule, "本周太忙")).isEmpty();
            assertThat(names(rule, "市场太小")).isEmpty();
        }
    }

    @Nested
    class SentenceSubject {
        private final NameRule rule = new SentenceSubjects(WORDS, GUARDS);

        @Test
        void theRunOpeningASentenceThatEvaluatesIsAName() {
            assertThat(names(rule, "逐际动力的demo看了，硬件还可以，但是量产太慢，就不跟了")).containsExactly("逐际动力");
        }

        @Test
        void aSentenceWithoutEvaluationNamesNoOne() {
            assertThat(names(rule, "逐际动力的demo看了。")).isEmpty();
            assertThat(names(rule, "老王的demo看了，太慢")).isEmpty();
        }
    }
}
