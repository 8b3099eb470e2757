package dev.pmmemory.domain.evolution;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pmmemory.domain.evolution.RepeatSplit.Mention;
import dev.pmmemory.domain.memory.Memory;
import dev.pmmemory.domain.memory.MemoryStatus;
import dev.pmmemory.domain.memory.MemoryType;
import dev.pmmemory.domain.memory.Source;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** A late reversal said inside a repeated decision's span cuts it in two (rules.md §4, late arrivals). */
class RepeatSplitTest {
    private static final Instant H06 = Instant.parse("2026-05-02T06:00:00Z");
    private static final Instant H09 = Instant.parse("2026-05-02T09:00:00Z");
    private static final Instant H12 = Instant.parse("2026-05-02T12:00:00Z");
    private static final Instant H17 = Instant.parse("2026-05-02T17:00:00Z");
    private static final Optional<Duration> TTL = Optional.of(Duration.ofDays(30));

    /** "Mistral AI 可以推进" said at 06:00 (inferred), 17:00 and 12:00 (explicit): weight 3. */
    private static Memory.Builder repeated() {
        return new Memory.Builder().id("adv").profileId("pm").type(MemoryType.PROJECT_ADVANCE)
                .content("Mistral AI 可以推进").normalizedContent("mistralai可以推进").entities(List.of("Mistral AI"))
                .keywords(List.of("mistral")).weight(3).status(MemoryStatus.ACTIVE).source(Source.EXPLICIT)
                .createdAt(H06).lastSeenAt(H17).validFrom(H06).expiresAt(H17.plus(TTL.get()))
                .sourceMessageIds(List.of("r17", "r06", "r12"));
    }

    private static final Set<String> MISTRAL = Set.of("mistral ai");
    private static final Map<String, Mention> MENTIONS = Map.of(
            "r06", new Mention(H06, Source.INFERRED),
            "r12", new Mention(H12, Source.EXPLICIT),
            "r17", new Mention(H17, Source.EXPLICIT));

    private static Memory reversal(Instant said, Source source, String... entities) {
        return new Memory.Builder().id("neg").profileId("pm").type(MemoryType.PROJECT_NEGATIVE)
                .content("Mistral AI 商业化弱").normalizedContent("mistralai商业化弱").entities(List.of(entities))
                .keywords(List.of("mistral")).weight(1).status(MemoryStatus.ACTIVE).source(source).createdAt(said)
                .lastSeenAt(said).validFrom(said).expiresAt(said.plus(TTL.get())).sourceMessageIds(List.of("r09"))
                .build();
    }

    @Test
    void theRepeatedDecisionKeepsWhatWasSaidByTheReversalAndTheLaterMentionsGoOldestFirst() {
        Memory late = reversal(H09, Source.EXPLICIT, "Mistral AI");
        assertThat(RepeatSplit.cuts(late, repeated().build(), MISTRAL)).isTrue();

        RepeatSplit.Cut cut = RepeatSplit.cut(late, repeated().build(), MENTIONS, TTL).orElseThrow();

        assertThat(cut.before().weight()).isEqualTo(1);
        assertThat(cut.before().sourceMessageIds()).containsExactly("r06");
        assertThat(cut.before().lastSeenAt()).isEqualTo(H06);
        assertThat(cut.before().expiresAt()).isEqualTo(H06.plus(TTL.get()));
        assertThat(cut.before().createdAt()).isEqualTo(H06);
        assertThat(cut.before().source()).as("the earliest mention created it").isEqualTo(Source.INFERRED);
        assertThat(cut.laterIds()).containsExactly("r12", "r17");
    }

    @Test
    void aReversalLessConfidentThanThePartBeforeItCutsNothing() {
        Memory late = reversal(H09, Source.BOT, "Mistral AI");

        assertThat(RepeatSplit.cut(late, repeated().build(), MENTIONS, TTL)).isEmpty();
    }

    @Test
    void aReversalOfSomeEntitiesOnlyCutsNothing() {
        Memory both = repeated().entities(List.of("Mistral AI", "Cohere")).build();

        assertThat(RepeatSplit.cuts(reversal(H09, Source.EXPLICIT, "Mistral AI"), both,
                Set.of("mistral ai", "cohere"))).isFalse();
        assertThat(RepeatSplit.cuts(reversal(H09, Source.EXPLICIT, "Mistral AI"), both, MISTRAL))
                .as("Cohere given up before the reversal: it takes all that was left").isTrue();
    }

    @Test
    void nothingIsCutOutsideTheSpanOrWhenItWasClosedBeforeItsLastMention() {
        assertThat(RepeatSplit.cuts(reversal(H17.plusSeconds(1), Source.EXPLICIT, "Mistral AI"), repeated().build(),
                MISTRAL)).as("said after the last mention: an ordinary newer decision").isFalse();
        assertThat(RepeatSplit.cuts(reversal(H06.minusSeconds(1), Source.EXPLICIT, "Mistral AI"), repeated().build(),
                MISTRAL)).as("said before the first mention").isFalse();
        Memory.Builder closed = repeated().status(MemoryStatus.SUPERSEDED).supersededBy("other")
                .supersededEntityKeys(Set.of("mistral ai"));
        assertThat(RepeatSplit.cuts(reversal(H09, Source.EXPLICIT, "Mistral AI"), closed.validUntil(H12).build(),
                MISTRAL)).as("closed before its last mention (a fold)").isFalse();
        assertThat(RepeatSplit.cuts(reversal(H09, Source.EXPLICIT, "Mistral AI"),
                closed.validUntil(H17.plusSeconds(60)).build(), MISTRAL))
                .as("closed by a newer decision after its last mention").isTrue();
        assertThat(RepeatSplit.cut(reversal(H09, Source.EXPLICIT, "Mistral AI"), repeated().build(),
                Map.of("r06", MENTIONS.get("r06")), TTL)).as("a mention whose time is unknown").isEmpty();
    }
}
