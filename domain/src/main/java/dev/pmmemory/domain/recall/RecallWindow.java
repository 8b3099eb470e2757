package dev.pmmemory.domain.recall;

import dev.pmmemory.domain.formula.Bindings;
import dev.pmmemory.domain.formula.Condition;
import dev.pmmemory.domain.formula.Parameter;
import dev.pmmemory.domain.memory.Memory;
import dev.pmmemory.domain.memory.MemoryValues;
import dev.pmmemory.domain.memory.Visibility;
import java.time.Instant;
import java.util.Objects;

/**
 * Which stored memories a recall's reads may hand over, at the instant asked: the present reads every
 * memory visible then, as stored; a past read ({@link #settledAt}) only those visible then and not seen
 * again since, whose stored values (weight, last_seen_at) are still those they had then. So the same
 * indexed candidate reads serve both, each exact over what it hands over; the memories seen again
 * since are read apart and taken back to that instant.
 *
 * @param settledOnly only memories last seen at or before {@code asOf}
 */
public record RecallWindow(Instant asOf, boolean settledOnly) {

    public RecallWindow {
        Objects.requireNonNull(asOf, "asOf");
    }

    /** Every memory visible at {@code asOf}, with its stored values. */
    public static RecallWindow present(Instant asOf) {
        return new RecallWindow(asOf, false);
    }

    /** The memories visible at {@code asOf} whose stored values are still those they had then. */
    public static RecallWindow settledAt(Instant asOf) {
        return new RecallWindow(asOf, true);
    }

    /** The rule a store applies to each memory it reads ({@link Visibility}). */
    public Condition condition() {
        return settledOnly ? Visibility.SETTLED_AT : Visibility.AT;
    }

    /** Whether the rule admits this memory, as stored. */
    public boolean admits(Memory memory) {
        return condition().test(new MemoryValues(memory, bindings()));
    }

    /** The values the rule reads beside a memory's columns. */
    public Bindings bindings() {
        return Bindings.of(Parameter.AS_OF, asOf.toEpochMilli());
    }
}
