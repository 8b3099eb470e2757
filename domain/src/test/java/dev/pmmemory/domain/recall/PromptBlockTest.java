package dev.pmmemory.domain.recall;

import static dev.pmmemory.domain.recall.RankerFixtures.RANKER;
import static org.assertj.core.api.Assertions.assertThat;

import dev.pmmemory.domain.memory.Memory;
import dev.pmmemory.domain.memory.MemoryType;
import java.time.Instant;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The ready-to-paste prompt block (rules.md §6). */
class PromptBlockTest {

    private static ScoredMemory item(String id, MemoryType type, String content, String lastSeen) {
        Memory m = RankerFixtures.memory(id, type, Instant.parse(lastSeen)).content(content).build();
        return RANKER.score(m, Set.of(), RankerFixtures.AS_OF);
    }

    @Test
    void preferencesAndOtherMemoriesGoToTheirOwnSections() {
        String block = PromptBlock.render(List.of(
                item("m1", MemoryType.PROJECT_NEGATIVE, "OpenAI 估值高", "2026-05-18T01:00:00Z"),
                item("m2", MemoryType.LONG_TERM_PREFERENCE, "以后少推国内大模型", "2026-05-19T01:00:00Z"),
                item("m3", MemoryType.PROJECT_ADVANCE, "Anthropic 可以推进", "2026-04-30T23:59:59.999Z"),
                item("m4", MemoryType.LONG_TERM_PREFERENCE, "我更倾向海外早期项目", "2026-01-02T00:00:00Z")));

        assertThat(block).isEqualTo("""
                Core preferences (always apply):
                - [2026-05-19] (long_term_preference) 以后少推国内大模型
                - [2026-01-02] (long_term_preference) 我更倾向海外早期项目

                Relevant memories (for reference):
                - [2026-05-18] (project_negative) OpenAI 估值高
                - [2026-04-30] (project_advance) Anthropic 可以推进
                """);
    }

    @Test
    void aMemorySupersededForSomeOfItsEntitiesSaysWhichItStillHoldsFor() {
        Memory both = RankerFixtures.memory("m1", MemoryType.PROJECT_ADVANCE, Instant.parse("2026-05-18T01:00:00Z"))
                .content("OpenAI 和 Anthropic 都可以推进").entities(List.of("OpenAI", "Anthropic"))
                .supersededEntityKeys(Set.of("anthropic")).build();
        Memory whole = RankerFixtures.memory("m2", MemoryType.PROJECT_NEGATIVE, Instant.parse("2026-05-19T01:00:00Z"))
                .content("Anthropic 商业化弱").entities(List.of("Anthropic")).build();

        String block = PromptBlock.render(List.of(RANKER.score(whole, Set.of(), RankerFixtures.AS_OF),
                RANKER.score(both, Set.of(), RankerFixtures.AS_OF)));

        assertThat(block).endsWith("""
                Relevant memories (for reference):
                - [2026-05-19] (project_negative) Anthropic 商业化弱
                - [2026-05-18] (project_advance) OpenAI 和 Anthropic 都可以推进 [holds for OpenAI only; superseded for Anthropic]
                """);
    }

    @Test
    void nothingRecalledGivesTwoEmptySections() {
        assertThat(PromptBlock.render(List.of())).isEqualTo("""
                Core preferences (always apply):
                - (none)

                Relevant memories (for reference):
                - (none)
                """);
    }

    @Test
    void noPreferenceSaysNoneUnderCorePreferences() {
        String block = PromptBlock.render(List.of(
                item("m1", MemoryType.TEMP_STATUS, "本周在路上", "2026-05-18T01:00:00Z")));

        assertThat(block).isEqualTo("""
                Core preferences (always apply):
                - (none)

                Relevant memories (for reference):
                - [2026-05-18] (temp_status) 本周在路上
                """);
    }

    @Test
    void onlyPreferencesSaysNoneUnderRelevantMemories() {
        String block = PromptBlock.render(List.of(
                item("m1", MemoryType.LONG_TERM_PREFERENCE, "以后少推国内大模型", "2026-05-18T01:00:00Z")));

        assertThat(block).endsWith("""
                Relevant memories (for reference):
                - (none)
                """);
        assertThat(block).contains("- [2026-05-18] (long_term_preference) 以后少推国内大模型\n");
    }

    @Test
    void eachTypeIsNamedByItsWireName() {
        List<ScoredMemory> items = List.of(
                item("m1", MemoryType.PROJECT_POSITIVE, "Mistral AI 不错", "2026-05-18T01:00:00Z"),
                item("m2", MemoryType.MARKET_INFO, "最近 AI 赛道很火", "2026-05-18T01:00:00Z"),
                item("m3", MemoryType.TEMP_STATUS, "本周在路上", "2026-05-18T01:00:00Z"));

        assertThat(PromptBlock.render(items)).contains(
                "- [2026-05-18] (project_positive) Mistral AI 不错\n",
                "- [2026-05-18] (market_info) 最近 AI 赛道很火\n",
                "- [2026-05-18] (temp_status) 本周在路上\n");
    }

    @Test
    void theDateIsTheLastSeenDayInUtc() {
        String block = PromptBlock.render(List.of(
                item("m1", MemoryType.PROJECT_NEGATIVE, "late at night", "2026-05-18T23:59:59.999Z"),
                item("m2", MemoryType.PROJECT_NEGATIVE, "just after midnight", "2026-05-19T00:00:00Z")));

        assertThat(block).contains("- [2026-05-18] (project_negative) late at night\n",
                "- [2026-05-19] (project_negative) just after midnight\n");
    }

    @Test
    void aNewlineInTheContentIsFlattenedToASpace() {
        String block = PromptBlock.render(List.of(
                item("m1", MemoryType.PROJECT_NEGATIVE, "OpenAI 估值高\n商业化也弱\n", "2026-05-18T01:00:00Z")));

        assertThat(block).contains("- [2026-05-18] (project_negative) OpenAI 估值高 商业化也弱 \n");
        assertThat(block.lines()).hasSize(5);
    }

    @ParameterizedTest
    @ValueSource(strings = {"OpenAI 估值高\r\n商业化也弱", "OpenAI 估值高\r商业化也弱"})
    void everyKindOfLineBreakIsFlattened(String content) {
        String block = PromptBlock.render(List.of(
                item("m1", MemoryType.PROJECT_NEGATIVE, content, "2026-05-18T01:00:00Z")));

        assertThat(block.lines()).hasSize(5);
        assertThat(block.lines().filter(l -> l.startsWith("- [2026-05-18] (project_negative) OpenAI 估值高")))
                .singleElement().asString().contains("商业化也弱");
    }

    private static ScoredExperience lesson(String task, String outcome, String lesson, String createdAt) {
        dev.pmmemory.domain.experience.Experience e = new dev.pmmemory.domain.experience.Experience(
                "e-" + task.hashCode(), "pm-alice", task, outcome, lesson, 0.5, List.of("openai"),
                Instant.parse(createdAt));
        return new ExperienceRanker().score(e, Set.of("openai"), RankerFixtures.AS_OF);
    }

    @Test
    void lessonsFromPastRoundsFollowInTheirOwnSectionWithDateAndOutcome() {
        String block = PromptBlock.render(
                List.of(item("m1", MemoryType.PROJECT_NEGATIVE, "OpenAI 估值高", "2026-05-18T01:00:00Z")),
                List.of(lesson("推荐 OpenAI 跟投", "PM 拒绝", "估值高的项目先给对比估值", "2026-05-10T09:00:00Z"),
                        lesson("推荐海外早期项目", "约了会", "附上创始人背景\n再推", "2026-04-01T00:00:00Z")));

        assertThat(block).isEqualTo("""
                Core preferences (always apply):
                - (none)

                Relevant memories (for reference):
                - [2026-05-18] (project_negative) OpenAI 估值高

                Lessons from past rounds (for reference):
                - [2026-05-10] (PM 拒绝) 推荐 OpenAI 跟投 — lesson: 估值高的项目先给对比估值
                - [2026-04-01] (约了会) 推荐海外早期项目 — lesson: 附上创始人背景 再推
                """);
    }

    @Test
    void noRelevantLessonSaysNone() {
        assertThat(PromptBlock.render(List.of(), List.of())).endsWith("""
                Lessons from past rounds (for reference):
                - (none)
                """);
    }

    @Test
    void factsComeFirstAsTheReliableSection_oneLineEach_andNoFactsLeavesTheBlockAsItWas() {
        String block = PromptBlock.render(List.of(
                item("m2", MemoryType.LONG_TERM_PREFERENCE, "以后少推国内大模型", "2026-05-19T01:00:00Z")));
        List<dev.pmmemory.domain.fact.Fact> facts = List.of(
                fact("focus_stage", "\"early\"", "2026-05-01T00:00:00Z"),
                fact("regions", "[\"overseas\",\"东南亚\"]", "2026-05-09T10:00:00Z"));

        assertThat(PromptBlock.withFacts(facts, block)).isEqualTo("""
                Known facts (reliable, treat as ground truth):
                - focus_stage: "early" (since 2026-05-01)
                - regions: ["overseas","东南亚"] (since 2026-05-09)

                Core preferences (always apply):
                - [2026-05-19] (long_term_preference) 以后少推国内大模型

                Relevant memories (for reference):
                - (none)
                """);
        assertThat(PromptBlock.withFacts(List.of(), block)).isEqualTo(block);
    }

    private static dev.pmmemory.domain.fact.Fact fact(String attribute, String value, String from) {
        Instant at = Instant.parse(from);
        return new dev.pmmemory.domain.fact.Fact("f-" + attribute, "pm", attribute, value, 1.0,
                dev.pmmemory.domain.memory.Source.EXPLICIT, at, null, null, at, "local");
    }
}
