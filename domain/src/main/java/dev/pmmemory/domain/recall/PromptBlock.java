package dev.pmmemory.domain.recall;

import dev.pmmemory.domain.fact.Fact;
import dev.pmmemory.domain.memory.Memory;
import dev.pmmemory.domain.memory.MemoryType;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * The ready-to-paste block for the bot's prompt: core preferences (always apply) apart from
 * the other recalled memories (for reference), each line with its date and type, and for a memory
 * superseded for some of its entities, the entities it still holds for.
 */
public final class PromptBlock {
    static final String CORE_HEADER = "Core preferences (always apply):";
    static final String RELEVANT_HEADER = "Relevant memories (for reference):";
    static final String LESSONS_HEADER = "Lessons from past rounds (for reference):";
    static final String TEAM_HEADER = "Team decisions (reliable, agreed by the team):";
    static final String FACTS_HEADER = "Known facts (reliable, treat as ground truth):";
    /** Any line break (\r\n, \r, \n, U+2028…): one memory stays one line of the block. */
    private static final Pattern LINE_BREAK = Pattern.compile("\\R");
    private static final DateTimeFormatter DAY = DateTimeFormatter.ISO_LOCAL_DATE.withZone(ZoneOffset.UTC);

    private PromptBlock() {
    }

    public static String render(List<ScoredMemory> items) {
        StringBuilder out = new StringBuilder(CORE_HEADER).append('\n');
        appendSection(out, items, true);
        out.append('\n').append(RELEVANT_HEADER).append('\n');
        appendSection(out, items, false);
        return out.toString();
    }

    /**
     * The block of {@link #render(List)} followed by the lessons of past rounds (experiences, asked
     * for with include=experiences), each line with its date and outcome.
     */
    public static String render(List<ScoredMemory> items, List<ScoredExperience> experiences) {
        StringBuilder out = new StringBuilder(render(items));
        out.append('\n').append(LESSONS_HEADER).append('\n');
        if (experiences.isEmpty()) {
            out.append("- (none)\n");
        }
        for (ScoredExperience s : experiences) {
            out.append("- [").append(DAY.format(s.experience().createdAt())).append("] (")
                    .append(oneLine(s.experience().outcome())).append(") ")
                    .append(oneLine(s.experience().task())).append(" — lesson: ")
                    .append(oneLine(s.experience().lesson())).append('\n');
        }
        return out.toString();
    }

    /**
     * The block with the profile's structured facts on top (rules.md §8: the reliable section),
     * one line each: attribute, its value as JSON, and since when it holds. Without facts the block
     * is unchanged.
     */
    public static String withFacts(List<Fact> facts, String block) {
        if (facts.isEmpty()) {
            return block;
        }
        StringBuilder out = new StringBuilder(FACTS_HEADER).append('\n');
        for (Fact f : facts) {
            out.append("- ").append(f.attribute()).append(": ").append(oneLine(f.value())).append(" (since ")
                    .append(DAY.format(f.validFrom())).append(")\n");
        }
        return out.append('\n').append(block).toString();
    }

    /**
     * The block with the memories of the profile's teams on top (rules.md §12: the reliable section), one
     * line each as in the other sections. Without team memories the block is unchanged.
     */
    public static String withTeamDecisions(List<ScoredMemory> teamItems, String block) {
        if (teamItems.isEmpty()) {
            return block;
        }
        StringBuilder out = new StringBuilder(TEAM_HEADER).append('\n');
        for (ScoredMemory s : teamItems) {
            out.append("- [").append(DAY.format(s.memory().lastSeenAt())).append("] (")
                    .append(s.memory().type().wireName()).append(") ")
                    .append(oneLine(s.memory().content())).append(entitiesItHoldsFor(s.memory())).append('\n');
        }
        return out.append('\n').append(block).toString();
    }

    private static String oneLine(String text) {
        return LINE_BREAK.matcher(text).replaceAll(" ");
    }

    private static void appendSection(StringBuilder out, List<ScoredMemory> items, boolean preferences) {
        List<ScoredMemory> section = items.stream()
                .filter(s -> (s.memory().type() == MemoryType.LONG_TERM_PREFERENCE) == preferences)
                .toList();
        if (section.isEmpty()) {
            out.append("- (none)\n");
        }
        for (ScoredMemory s : section) {
            out.append("- [").append(DAY.format(s.memory().lastSeenAt())).append("] (")
                    .append(s.memory().type().wireName()).append(") ")
                    .append(oneLine(s.memory().content())).append(entitiesItHoldsFor(s.memory())).append('\n');
        }
    }

    /**
     * For a memory a newer opposite decision took some entities from (partial supersession): which of
     * its entities it still holds for, so the bot does not read "OpenAI 和 Anthropic 都可以推进" as an
     * advance for Anthropic once Anthropic was reversed. Empty for every other memory.
     */
    static String entitiesItHoldsFor(Memory m) {
        List<String> keys = m.entityKeys();
        List<String> holds = new ArrayList<>();
        List<String> given = new ArrayList<>();
        for (int i = 0; i < keys.size(); i++) {
            List<String> side = m.supersededEntityKeys().contains(keys.get(i)) ? given : holds;
            if (!side.contains(m.entities().get(i))) {
                side.add(m.entities().get(i));
            }
        }
        if (given.isEmpty() || holds.isEmpty()) {
            return "";
        }
        return " [holds for " + String.join(", ", holds) + " only; superseded for " + String.join(", ", given) + "]";
    }
}
