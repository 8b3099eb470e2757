package dev.pmmemory.domain.recall;

import dev.pmmemory.domain.memory.MemoryType;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.regex.Pattern;

/**
 * The ready-to-paste block for the bot's prompt: core preferences (always apply) apart from
 * the other recalled memories (for reference), each line with its date and type.
 */
public final class PromptBlock {
    static final String CORE_HEADER = "Core preferences (always apply):";
    static final String RELEVANT_HEADER = "Relevant memories (for reference):";
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
                    .append(LINE_BREAK.matcher(s.memory().content()).replaceAll(" ")).append('\n');
        }
    }
}
