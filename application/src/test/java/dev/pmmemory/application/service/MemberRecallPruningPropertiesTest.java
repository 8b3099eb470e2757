package dev.pmmemory.application.service;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pmmemory.application.TeamOwner;
import dev.pmmemory.application.testing.InMemoryMemoryStore;
import dev.pmmemory.application.testing.RecallOracle;
import dev.pmmemory.application.testing.RecallOracle.EntityFilters;
import dev.pmmemory.application.testing.RecallOracle.Scenario;
import dev.pmmemory.domain.recall.RankingMode;
import dev.pmmemory.domain.recall.RecencyGroup;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.Set;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;

/**
 * A member's keyword recall reads its teams' recency groups only where one of their memories could still
 * be picked, given the term sharers and the member's own groups (RecallPolicy#groupsWorthReading). The
 * pruning must never change a result: on random members of one or two random teams, the recall returns the
 * same ranked ids and scores as ranking every memory of the member and its teams as one set, which is what
 * reading every group gives.
 */
class MemberRecallPruningPropertiesTest {
    private static final int PROBES = 8;

    private record Member(InMemoryMemoryStore store, Scenario member, List<Scenario> teams) {
    }

    /** A member, one or two teams, and another profile whose memories must never count. */
    private static Member member(long seed) {
        Random r = new Random(seed);
        InMemoryMemoryStore store = new InMemoryMemoryStore();
        Scenario member = RecallOracle.scenario(seed, "pm-member", PROBES,
                r.nextInt(4) == 0 ? EntityFilters.WITH_PREFERENCES : EntityFilters.NONE);
        List<Scenario> teams = new ArrayList<>();
        for (int t = 0, n = 1 + r.nextInt(2); t < n; t++) {
            teams.add(RecallOracle.scenario(r.nextLong(), TeamOwner.of("desk-" + t), 0, EntityFilters.NONE));
        }
        RecallOracle.insert(store, member);
        teams.forEach(team -> RecallOracle.insert(store, team));
        RecallOracle.insert(store, RecallOracle.scenario(r.nextLong(), "pm-other", 0, EntityFilters.NONE));
        return new Member(store, member, teams);
    }

    @Property(tries = 500)
    void pruningTheTeamsGroupsNeverChangesAMembersRecall(@ForAll long seed) {
        Member m = member(seed);

        RecallOracle.assertMemberRecallIsExact(m.store(), m.member(), m.teams(),
                Math.floorMod(seed, 3) == 0 ? RankingMode.SCORE_ONLY : RankingMode.RELEVANCE);
    }

    @Example
    void theTeamsGroupsArePrunedOftenAndSometimesAllOfThem() {
        int reads = 0;
        int pruned = 0;
        int none = 0;
        for (long seed = 0; seed < 200; seed++) {
            Member m = member(seed);
            RecallOracle.assertMemberRecallIsExact(m.store(), m.member(), m.teams(), RankingMode.RELEVANCE);
            for (Set<RecencyGroup> groups : m.store().groupReads()) {
                reads++;
                pruned += groups.size() < RecencyGroup.all().size() ? 1 : 0;
                none += groups.isEmpty() ? 1 : 0;
            }
        }

        // the property above is not vacuous: most reads skip groups, and some read no team group at all
        assertThat(reads).isGreaterThan(1_000);
        assertThat(pruned).isGreaterThan(reads / 2);
        assertThat(none).isPositive();
    }
}
