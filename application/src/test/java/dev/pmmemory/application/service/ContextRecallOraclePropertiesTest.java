package dev.pmmemory.application.service;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pmmemory.application.testing.InMemoryMemoryStore;
import dev.pmmemory.application.testing.RecallOracle;
import dev.pmmemory.application.testing.RecallOracle.EntityFilters;
import dev.pmmemory.application.testing.RecallOracle.Scenario;
import dev.pmmemory.application.testing.RecallOracle.Probe;
import dev.pmmemory.domain.memory.MemoryStatus;
import dev.pmmemory.domain.memory.MemoryType;
import dev.pmmemory.domain.recall.RankingMode;
import dev.pmmemory.domain.recall.RecallPolicy;
import dev.pmmemory.domain.recall.ScoredMemory;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;

/**
 * ContextRecall reads its candidates through indexes (shared terms, entity, most recent per type
 * and weight bucket) instead of every visible memory. These properties prove that selection
 * exact: on random profiles and probes, a recall returns the same items, in the same order, with
 * the same scores, as ranking every memory visible at as_of ({@link RecallOracle}), relevance first
 * (the default) and in the seed's order.
 */
class ContextRecallOraclePropertiesTest {
    private static final int PROBES = 8;

    /** Another profile's memories are in the store too: they must never change a result. */
    private static InMemoryMemoryStore storeWith(Scenario s) {
        InMemoryMemoryStore store = new InMemoryMemoryStore();
        RecallOracle.insert(store, s);
        RecallOracle.insert(store, RecallOracle.scenario(s.seed() ^ 0x5DEECE66DL, "pm-noise", 0, EntityFilters.NONE));
        return store;
    }

    @Property(tries = 200)
    void withoutAnEntityFilterRecallIsExact(@ForAll long seed) {
        Scenario s = RecallOracle.scenario(seed, "pm-alice", PROBES, EntityFilters.NONE);

        RecallOracle.assertRecallIsExact(storeWith(s), s);
    }

    @Property(tries = 100)
    void withAnEntityFilterThatLeavesPreferencesOutRecallIsExact(@ForAll long seed) {
        Scenario s = RecallOracle.scenario(seed, "pm-alice", PROBES, EntityFilters.WITHOUT_PREFERENCES);

        RecallOracle.assertRecallIsExact(storeWith(s), s);
    }

    @Property(tries = 150)
    void withAnEntityFilterAndPreferencesAdmittedRecallIsExact(@ForAll long seed) {
        Scenario s = RecallOracle.scenario(seed, "pm-alice", PROBES, EntityFilters.WITH_PREFERENCES);

        RecallOracle.assertRecallIsExact(storeWith(s), s);
    }

    @Property(tries = 150)
    void semanticRecallIsExactWithoutAnEntityFilter(@ForAll long seed) {
        Scenario s = RecallOracle.scenario(seed, "pm-alice", PROBES, EntityFilters.NONE);
        InMemoryMemoryStore store = storeWith(s);
        RecallOracle.insertVectors(store, s);

        RecallOracle.assertSemanticRecallIsExact(store, s);
    }

    @Property(tries = 100)
    void semanticRecallIsExactWithAnEntityFilter(@ForAll long seed) {
        Scenario s = RecallOracle.scenario(seed, "pm-alice", PROBES,
                seed % 2 == 0 ? EntityFilters.WITH_PREFERENCES : EntityFilters.WITHOUT_PREFERENCES);
        InMemoryMemoryStore store = storeWith(s);
        RecallOracle.insertVectors(store, s);

        RecallOracle.assertSemanticRecallIsExact(store, s);
    }

    @Property(tries = 100)
    void inTheSeedsOrderRecallIsExact(@ForAll long seed) {
        Scenario s = RecallOracle.scenario(seed, "pm-alice", PROBES, EntityFilters.values()[(int) Math.floorMod(seed, 3)]);

        RecallOracle.assertRecallIsExact(storeWith(s), s, RankingMode.SCORE_ONLY);
    }

    @Property(tries = 100)
    void inTheSeedsOrderSemanticRecallIsExact(@ForAll long seed) {
        Scenario s = RecallOracle.scenario(seed, "pm-alice", PROBES, EntityFilters.values()[(int) Math.floorMod(seed, 3)]);
        InMemoryMemoryStore store = storeWith(s);
        RecallOracle.insertVectors(store, s);

        RecallOracle.assertSemanticRecallIsExact(store, s, RankingMode.SCORE_ONLY);
    }

    @Example
    void theScenariosGiveTheOracleSomethingToCompare() {
        int probes = 0;
        int nonEmpty = 0;
        Set<MemoryType> typesSeen = EnumSet.noneOf(MemoryType.class);
        Set<MemoryStatus> storedStatusesSeen = EnumSet.noneOf(MemoryStatus.class);
        boolean heavySeen = false;
        for (long seed = 0; seed < 100; seed++) {
            Scenario s = RecallOracle.scenario(seed, "pm-alice", PROBES, EntityFilters.NONE);
            InMemoryMemoryStore store = storeWith(s);
            for (Probe p : s.probes()) {
                List<ScoredMemory> ranked = RecallOracle.oracle(store, s.profileId(), p);
                probes++;
                nonEmpty += ranked.isEmpty() ? 0 : 1;
                for (ScoredMemory m : ranked) {
                    typesSeen.add(m.memory().type());
                    storedStatusesSeen.add(m.memory().status());
                    heavySeen |= m.memory().weight() > RecallPolicy.heaviestWeightBucket();
                }
            }
        }

        assertThat(nonEmpty).isGreaterThan(probes / 2);
        assertThat(typesSeen).containsExactlyInAnyOrder(MemoryType.values());
        // recalled as of a time they were still valid: superseded later, swept later, deleted later
        assertThat(storedStatusesSeen).contains(MemoryStatus.ACTIVE, MemoryStatus.SUPERSEDED, MemoryStatus.EXPIRED,
                MemoryStatus.DELETED);
        assertThat(heavySeen).isTrue();
    }
}
