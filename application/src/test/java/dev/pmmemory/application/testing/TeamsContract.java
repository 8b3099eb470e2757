package dev.pmmemory.application.testing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.pmmemory.application.InvalidInputException;
import dev.pmmemory.application.NotFoundException;
import dev.pmmemory.application.TeamOwner;
import dev.pmmemory.application.model.AuditKind;
import dev.pmmemory.application.port.in.AuditEvent;
import dev.pmmemory.application.port.in.ContextResult;
import dev.pmmemory.application.port.in.ContextResult.RecalledMemory;
import dev.pmmemory.application.port.in.ListMemoriesQuery;
import dev.pmmemory.application.port.in.MemoryActionCommand;
import dev.pmmemory.application.port.in.TeamDecisionCommand;
import dev.pmmemory.domain.memory.Source;
import dev.pmmemory.application.port.in.AddFeedbackCommand;
import dev.pmmemory.application.port.in.TeamFeedbackResult;
import dev.pmmemory.application.port.in.TeamMemoryView;
import dev.pmmemory.application.port.in.TeamShare;
import dev.pmmemory.application.port.out.MemoryStore;
import dev.pmmemory.application.port.out.TeamAuthor;
import dev.pmmemory.application.service.ConsensusOnAdd;
import dev.pmmemory.application.service.ContextRecall;
import dev.pmmemory.application.service.FeedbackIntake;
import dev.pmmemory.application.service.MemoryCorrections;
import dev.pmmemory.application.service.ProfileDataRights;
import dev.pmmemory.application.service.TeamConsensus;
import dev.pmmemory.application.service.TeamDecisions;
import dev.pmmemory.application.service.TeamMemberships;
import dev.pmmemory.application.service.TeamMemoryQueries;
import dev.pmmemory.domain.memory.Memory;
import dev.pmmemory.domain.memory.MemoryStatus;
import dev.pmmemory.domain.memory.MemoryType;
import dev.pmmemory.domain.memory.PendingReason;
import dev.pmmemory.domain.recall.RankingMode;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Teams (docs/rules.md §12) on a store: membership and authors through the port, and team memories,
 * consensus, context and erase through the use cases wired on the store. Run by {@link MemoryStoreContract}
 * on every store (a nested class), so each case holds on SQLite and PostgreSQL alike.
 */
public abstract class TeamsContract {
    private static final String TEAM = "ic-desk";
    private static final String OWNER = TeamOwner.of(TEAM);
    private static final String ZHANG = "pm-zhang";
    private static final String LI = "pm-li";
    private static final String WANG = "pm-wang";
    private static final String ADMIN = "admin-key";
    private final Instant today = Instant.parse("2026-06-15T08:00:00Z");
    private final MutableClock clock = new MutableClock(today);
    private FeedbackIntake intake;
    private ConsensusOnAdd feedback;
    private TeamMemberships teams;
    private TeamDecisions decisions;
    private MemoryCorrections corrections;
    private TeamMemoryQueries teamMemories;
    private ContextRecall context;
    private ProfileDataRights rights;

    /** The store under test, fresh and empty. */
    protected abstract MemoryStore store();

    @BeforeEach
    void wireTheUseCases() {
        intake = UseCases.feedbackIntake(store(), clock);
        feedback = new ConsensusOnAdd(intake,
                new TeamConsensus(store(), UseCases.LEXICON, UseCases.UUIDS, clock, 2, Optional.empty()));
        teams = new TeamMemberships(store(), UseCases.UUIDS, clock, 2);
        decisions = new TeamDecisions(store(), intake);
        corrections = UseCases.memoryCorrections(store(), clock);
        teamMemories = new TeamMemoryQueries(store(), UseCases.memoryQueries(store(), clock));
        context = UseCases.contextRecall(store(), clock);
        rights = new ProfileDataRights(store(), UseCases.UUIDS, clock);
    }

    private Memory say(String profile, String text) {
        return feedback.add(UseCases.feedback(profile, text, clock.instant())).memory().orElseThrow().memory();
    }

    private TeamFeedbackResult decide(String author, String text) {
        return decisions.record(new TeamDecisionCommand(TEAM, author,
                new AddFeedbackCommand(TeamOwner.of(TEAM), text, null, null, null, Source.EXPLICIT).by(ADMIN, null)));
    }

    private List<TeamMemoryView> teamMemories(String status) {
        return teamMemories.list(TEAM, new ListMemoriesQuery(OWNER,
                status == null ? null : MemoryStatus.fromWireName(status).orElseThrow(), null, null, 50, null))
                .items();
    }

    // --- the port ----------------------------------------------------------------------------------

    @Test
    void membershipIsKeptOncePerProfileAndTeam() {
        store().write(OWNER, tx -> {
            assertThat(tx.teams().addMember(TEAM, LI, today)).isTrue();
            assertThat(tx.teams().addMember(TEAM, ZHANG, today)).isTrue();
            assertThat(tx.teams().addMember(TEAM, LI, today)).isFalse();
            assertThat(tx.teams().addMember("other-desk", LI, today)).isTrue();
            return null;
        });
        store().read(tx -> {
            assertThat(tx.teams().members(TEAM)).containsExactly(LI, ZHANG);
            assertThat(tx.teams().teamsOf(LI)).containsExactly(TEAM, "other-desk");
            assertThat(tx.teams().teamsOf(WANG)).isEmpty();
            return null;
        });
        store().write(OWNER, tx -> {
            assertThat(tx.teams().removeMember(TEAM, LI)).isTrue();
            assertThat(tx.teams().removeMember(TEAM, LI)).isFalse();
            return null;
        });
        assertThat(store().<List<String>>read(tx -> tx.teams().members(TEAM))).containsExactly(ZHANG);
    }

    @Test
    void authorsAreKeptOncePerMemoryAndGoWithTheirProfile() {
        store().write(OWNER, tx -> {
            tx.teams().addMember(TEAM, LI, today);
            tx.teams().addAuthor(new TeamAuthor(TEAM, "m1", LI, "p1", null));
            tx.teams().addAuthor(new TeamAuthor(TEAM, "m1", LI, "p1", null));
            tx.teams().addAuthor(new TeamAuthor(TEAM, "m1", ZHANG, null, "r1"));
            tx.teams().addAuthor(new TeamAuthor(TEAM, "m2", ZHANG, null, "r2"));
            return null;
        });
        store().read(tx -> {
            assertThat(tx.teams().authorsOf(TEAM, List.of("m1"))).containsExactly(
                    new TeamAuthor(TEAM, "m1", LI, "p1", null), new TeamAuthor(TEAM, "m1", ZHANG, null, "r1"));
            assertThat(tx.teams().contributionsOf(ZHANG)).extracting(TeamAuthor::memoryId).containsExactly("m1", "m2");
            return null;
        });
        assertThat(store().<Integer>write(LI, tx -> tx.teams().removeProfile(LI))).isEqualTo(2);
        store().read(tx -> {
            assertThat(tx.teams().teamsOf(LI)).isEmpty();
            assertThat(tx.teams().authorsOf(TEAM, List.of("m1"))).extracting(TeamAuthor::profileId)
                    .containsExactly(ZHANG);
            return null;
        });
    }

    // --- membership ----------------------------------------------------------------------------------

    @Test
    void aTeamExistsWhileItHasMembers() {
        assertThatThrownBy(() -> teams.describe(TEAM)).isInstanceOf(NotFoundException.class);
        teams.addMember(TEAM, ZHANG);
        assertThat(teams.addMember(TEAM, LI).members()).containsExactly(LI, ZHANG);
        assertThat(teams.describe(TEAM).members()).containsExactly(LI, ZHANG);
        assertThat(teams.isMember(TEAM, LI)).isTrue();
        assertThat(teams.removeMember(TEAM, LI).members()).containsExactly(ZHANG);
        assertThatThrownBy(() -> teams.removeMember(TEAM, LI)).isInstanceOf(NotFoundException.class);
        assertThatThrownBy(() -> teams.addMember("~bad", LI)).isInstanceOf(InvalidInputException.class);
    }

    // --- promotion by consensus ------------------------------------------------------------------------

    @Test
    void twoMembersHoldingOneDecisionProposeItToTheTeamAndAConfirmMakesItActive() {
        teams.addMember(TEAM, ZHANG);
        teams.addMember(TEAM, LI);
        Memory zhangs = say(ZHANG, "OpenAI 估值高");
        assertThat(teamMemories(null)).isEmpty();
        Memory lis = say(LI, "OpenAI 估值太高了");

        List<TeamMemoryView> pending = teamMemories("pending");
        assertThat(pending).hasSize(1);
        TeamMemoryView proposal = pending.get(0);
        assertThat(proposal.view().memory().type()).isEqualTo(zhangs.type());
        assertThat(proposal.view().memory().entityKeys()).contains("openai");
        assertThat(proposal.view().memory().pendingReason()).as("why it waits").isEqualTo(PendingReason.TEAM_PROPOSAL);
        assertThat(proposal.share()).isEqualTo(new TeamShare(TEAM, List.of(LI, ZHANG)));
        assertThat(store().<List<TeamAuthor>>read(tx -> tx.teams().authorsOf(TEAM, List.of(proposal.view().memory().id()))))
                .extracting(TeamAuthor::personalMemoryId).containsExactlyInAnyOrder(zhangs.id(), lis.id());
        assertThat(teams.describe(TEAM).pendingMemories()).isEqualTo(1);

        // a third holder is added to the authors; nothing is proposed twice
        teams.addMember(TEAM, WANG);
        say(WANG, "OpenAI 估值高得离谱");
        assertThat(teamMemories(null)).hasSize(1);
        assertThat(teamMemories("pending").get(0).share().authors()).containsExactly(LI, WANG, ZHANG);

        corrections.confirm(new MemoryActionCommand(OWNER, proposal.view().memory().id(), ADMIN));
        assertThat(teamMemories("active")).extracting(v -> v.view().memory().id())
                .containsExactly(proposal.view().memory().id());
        assertThat(teamMemories("active").get(0).view().memory().pendingReason()).as("no longer waiting").isNull();
        assertThat(teams.describe(TEAM).activeMemories()).isEqualTo(1);
    }

    @Test
    void oneMemberAloneOrAnOutsiderMakesNoConsensus() {
        teams.addMember(TEAM, ZHANG);
        say(ZHANG, "OpenAI 估值高");
        say(ZHANG, "OpenAI 估值太高了");
        say(WANG, "OpenAI 估值高");
        assertThat(teamMemories(null)).isEmpty();
    }

    @Test
    void anAliasCountsAsItsEntity() {
        teams.addMember(TEAM, ZHANG);
        teams.addMember(TEAM, LI);
        say(ZHANG, "深度求索 估值高");
        say(LI, "DeepSeek 估值高");
        assertThat(teamMemories("pending")).hasSize(1);
        assertThat(teamMemories("pending").get(0).view().memory().entityKeys()).contains("深度求索");
    }

    // --- team decisions ----------------------------------------------------------------------------------

    @Test
    void aTeamDecisionKeepsItsAuthorAndItsReversalSupersedesIt() {
        teams.addMember(TEAM, ZHANG);
        teams.addMember(TEAM, LI);
        TeamFeedbackResult advance = decide(ZHANG, "Anthropic 可以推进");
        assertThat(advance.share()).contains(new TeamShare(TEAM, List.of(ZHANG)));
        String advanceId = advance.feedback().memory().orElseThrow().memory().id();
        clock.advance(Duration.ofDays(1));

        TeamFeedbackResult reversal = decide(LI, "Anthropic 商业化弱");

        assertThat(reversal.feedback().superseded()).containsExactly(advanceId);
        assertThat(teamMemories("active")).extracting(v -> v.view().memory().content())
                .containsExactly("Anthropic 商业化弱");
        assertThat(teamMemories("superseded")).extracting(v -> v.share().authors()).containsExactly(List.of(ZHANG));
        // the profiles' own memories are untouched: a team decision is the team's
        assertThat(store().<Long>read(tx -> tx.memories().countByProfile(ZHANG) + tx.memories().countByProfile(LI)))
                .isZero();
    }

    @Test
    void onlyAMemberMayStateATeamDecision() {
        teams.addMember(TEAM, ZHANG);
        assertThatThrownBy(() -> decide(WANG, "Anthropic 可以推进"))
                .isInstanceOfSatisfying(InvalidInputException.class,
                        e -> assertThat(e.errors()).extracting(InvalidInputException.FieldError::field)
                                .containsExactly("author"));
        assertThat(store().<Long>read(tx -> tx.memories().countByProfile(OWNER))).isZero();
    }

    // --- context and isolation -----------------------------------------------------------------------------

    @Test
    void aMembersContextHoldsItsTeamsMemoriesBesideItsOwnButNeverAnotherMembers() {
        teams.addMember(TEAM, ZHANG);
        teams.addMember(TEAM, LI);
        decide(ZHANG, "Anthropic 可以推进");
        say(LI, "Mistral 估值高");
        say(ZHANG, "Anthropic 商业化弱");

        ContextResult zhang = context.recall(UseCases.context(ZHANG, "Anthropic Mistral", 10, null));

        assertThat(zhang.items()).extracting(r -> r.view().memory().content())
                .containsExactlyInAnyOrder("Anthropic 可以推进", "Anthropic 商业化弱");
        RecalledMemory team = zhang.items().stream().filter(r -> r.team().isPresent()).findFirst().orElseThrow();
        assertThat(team.team()).contains(new TeamShare(TEAM, List.of(ZHANG)));
        assertThat(team.view().memory().content()).isEqualTo("Anthropic 可以推进");
        // a personal memory never supersedes a team memory: both shown, the team's in the reliable section
        assertThat(zhang.promptBlock()).startsWith("Team decisions (reliable, agreed by the team):\n- [")
                .contains("Anthropic 可以推进").contains("Anthropic 商业化弱").doesNotContain("Mistral");

        ContextResult wang = context.recall(UseCases.context(WANG, "Anthropic Mistral", 10, null));
        assertThat(wang.items()).isEmpty();
    }

    @Test
    void aMembersRecallRanksItsOwnAndItsTeamsMemoriesAsOneSet() {
        int compared = 0;
        for (int i = 0; i < 6; i++) {
            RecallOracle.Scenario member = RecallOracle.scenario(50_000L + i, "pm-o" + i, 6,
                    RecallOracle.EntityFilters.WITH_PREFERENCES);
            RecallOracle.Scenario team = RecallOracle.scenario(90_000L + i, TeamOwner.of("desk-" + i), 6,
                    RecallOracle.EntityFilters.WITH_PREFERENCES);
            RecallOracle.insert(store(), member);
            RecallOracle.insert(store(), team);
            compared += RecallOracle.assertMemberRecallIsExact(store(), member, team, RankingMode.RELEVANCE);
        }
        assertThat(compared).as("items compared: the scenarios are not trivial").isGreaterThan(6);
    }

    // --- erase ---------------------------------------------------------------------------------------------

    @Test
    void anErasedMemberLeavesNoWordsInItsTeamsAndCountsNoMore() {
        teams.addMember(TEAM, ZHANG);
        teams.addMember(TEAM, LI);
        teams.addMember(TEAM, WANG);
        say(ZHANG, "OpenAI 估值高得离谱");
        Memory lis = say(LI, "OpenAI 估值高");
        String proposal = teamMemories("pending").get(0).view().memory().id();
        decide(ZHANG, "Anthropic 可以推进");

        rights.erase(ZHANG, ADMIN);

        assertThat(teams.describe(TEAM).members()).containsExactly(LI, WANG);
        List<TeamMemoryView> left = teamMemories(null);
        // the decision only ZHANG stated is gone; the proposal keeps LI, in LI's words, and having one member
        // behind it, fewer than the quorum of two, it is withdrawn
        assertThat(left).extracting(v -> v.view().memory().id()).containsExactly(proposal);
        assertThat(left.get(0).share().authors()).containsExactly(LI);
        assertThat(left.get(0).view().memory().content()).isEqualTo(lis.content());
        assertThat(left.get(0).view().memory().status()).isEqualTo(MemoryStatus.REJECTED);
        assertThat(store().<Long>read(tx -> tx.rawMessages().countByProfile(OWNER))).isZero();
        assertThat(store().<List<TeamAuthor>>read(tx -> tx.teams().contributionsOf(ZHANG))).isEmpty();
    }

    @Test
    void erasingAMemberEndsEachOfItsMembershipsInItsTeamsTrailsWithoutItsWords() {
        String otherTeam = "deal-desk";
        teams.addMember(TEAM, ZHANG, ADMIN);
        teams.addMember(TEAM, LI, ADMIN);
        teams.addMember(otherTeam, ZHANG, ADMIN);
        say(ZHANG, "OpenAI 估值高得离谱");
        say(LI, "OpenAI 估值高");
        decide(ZHANG, "Anthropic 可以推进");

        rights.erase(ZHANG, "dpo-key");

        for (String team : List.of(TEAM, otherTeam)) {
            List<AuditEvent> trail = store().read(tx -> tx.auditTrail().newestFirst(TeamOwner.of(team), null, null, 50));
            List<AuditEvent> removed = trail.stream().filter(e -> e.kind() == AuditKind.TEAM_MEMBER_REMOVED).toList();
            assertThat(removed).as("team " + team).hasSize(1);
            assertThat(removed.get(0).actor()).isEqualTo("dpo-key");
            assertThat(removed.get(0).detail()).contains(ZHANG).contains("erased")
                    .doesNotContain("OpenAI").doesNotContain("Anthropic");
            assertThat(removed.get(0).memoryId()).isNull();
        }
        assertThat(teams.describe(TEAM).members()).containsExactly(LI);
        assertThat(store().<List<String>>read(tx -> tx.teams().teamsOf(ZHANG))).isEmpty();
        // the member's own trail keeps only its tombstone
        assertThat(store().<List<AuditKind>>read(tx -> tx.auditTrail().newestFirst(ZHANG, null, null, 50).stream()
                .map(AuditEvent::kind).toList())).doesNotContain(AuditKind.TEAM_MEMBER_REMOVED);
    }

    @Test
    void erasingAProfileInNoTeamWritesNoTeamEvent() {
        teams.addMember(TEAM, LI, ADMIN);
        say(WANG, "OpenAI 估值高");
        List<AuditEvent> before = store().read(tx -> tx.auditTrail().newestFirst(OWNER, null, null, 50));

        rights.erase(WANG, "dpo-key");

        assertThat(store().<List<AuditEvent>>read(tx -> tx.auditTrail().newestFirst(OWNER, null, null, 50)))
                .isEqualTo(before);
        assertThat(teams.describe(TEAM).members()).containsExactly(LI);
    }

    @Test
    void aMemberWhoseOnlyTraceIsItsMembershipCanBeErasedAndLeavesItsTeam() {
        teams.addMember(TEAM, WANG, ADMIN);

        rights.erase(WANG, "dpo-key");

        assertThat(store().<List<AuditKind>>read(tx -> tx.auditTrail().newestFirst(OWNER, null, null, 50).stream()
                .map(AuditEvent::kind).toList()))
                .containsExactly(AuditKind.TEAM_MEMBER_REMOVED, AuditKind.TEAM_MEMBER_ADDED);
        assertThat(store().<List<String>>read(tx -> tx.teams().members(TEAM))).isEmpty();
    }

    // --- membership changes --------------------------------------------------------------------------------

    @Test
    void aMemberWhoLeavesNoLongerBacksTheTeamsProposalsAndOneBelowQuorumIsWithdrawn() {
        teams.addMember(TEAM, ZHANG);
        teams.addMember(TEAM, LI);
        teams.addMember(TEAM, WANG);
        say(ZHANG, "OpenAI 估值高");
        say(LI, "OpenAI 估值太高了");
        String twoBehind = teamMemories("pending").get(0).view().memory().id();
        say(ZHANG, "Mistral 估值高");
        say(LI, "Mistral 估值太高了");
        say(WANG, "Mistral 估值高得离谱");
        String threeBehind = teamMemories("pending").stream().map(v -> v.view().memory().id())
                .filter(id -> !id.equals(twoBehind)).findFirst().orElseThrow();

        teams.removeMember(TEAM, LI, ADMIN);

        // one member left behind the first: withdrawn; two behind the second: still proposed, without LI
        assertThat(teamMemories("pending")).extracting(v -> v.view().memory().id()).containsExactly(threeBehind);
        assertThat(teamMemories("pending").get(0).share().authors()).containsExactly(WANG, ZHANG);
        assertThat(teamMemories("rejected")).extracting(v -> v.view().memory().id()).containsExactly(twoBehind);
        assertThat(store().<List<AuditKind>>read(tx -> tx.auditTrail().newestFirst(OWNER, twoBehind, null, 10)
                .stream().map(AuditEvent::kind).toList())).first().isEqualTo(AuditKind.MEMORY_WITHDRAWN);
        // LI's own memories are LI's: untouched
        assertThat(store().<Long>read(tx -> tx.memories().countByProfile(LI))).isEqualTo(2);
        // a later add may propose it again
        teams.addMember(TEAM, LI, ADMIN);
        say(LI, "OpenAI 估值高得离谱");
        assertThat(teamMemories("pending")).hasSize(2);
    }

    @Test
    void membershipChangesAreAuditedInTheTeamsTrailNamingWhoChangedThem() {
        teams.addMember(TEAM, ZHANG, ADMIN);
        teams.addMember(TEAM, ZHANG, ADMIN); // a member already: nothing changes, nothing audited
        teams.removeMember(TEAM, ZHANG, ADMIN);

        List<AuditEvent> trail = store().read(tx -> tx.auditTrail().newestFirst(OWNER, null, null, 10));
        assertThat(trail).extracting(AuditEvent::kind)
                .containsExactly(AuditKind.TEAM_MEMBER_REMOVED, AuditKind.TEAM_MEMBER_ADDED);
        assertThat(trail).extracting(AuditEvent::actor).containsOnly(ADMIN);
        assertThat(trail).extracting(AuditEvent::detail).allSatisfy(d -> assertThat(d).contains(ZHANG));
        // none of it in the member's own trail
        assertThat(store().<Long>read(tx -> tx.auditTrail().countByProfile(ZHANG))).isZero();
    }

    @Test
    void aTeamDecisionIsNeverStoredWithoutItsAuthor() {
        teams.addMember(TEAM, ZHANG);
        MemoryStore failing = new AuthorsFail(store());
        TeamDecisions failingDecisions = new TeamDecisions(failing, UseCases.feedbackIntake(failing, clock));

        assertThatThrownBy(() -> failingDecisions.record(new TeamDecisionCommand(TEAM, ZHANG,
                new AddFeedbackCommand(OWNER, "Anthropic 可以推进", null, null, null, Source.EXPLICIT).by(ADMIN, null)))).hasMessageContaining("authors went away");

        // the memory, its raw message and its audit went with the author: all or nothing
        assertThat(store().<Long>read(tx -> tx.memories().countByProfile(OWNER))).isZero();
        assertThat(store().<Long>read(tx -> tx.rawMessages().countByProfile(OWNER))).isZero();
        assertThat(teamMemories(null)).isEmpty();
        // and the same decision, once the store answers, is stored with its author
        assertThat(decide(ZHANG, "Anthropic 可以推进").share()).contains(new TeamShare(TEAM, List.of(ZHANG)));
    }

    /** A store whose every transaction fails when it records a team memory's author, after the memory's writes. */
    private static final class AuthorsFail implements MemoryStore {
        private final MemoryStore delegate;

        AuthorsFail(MemoryStore delegate) {
            this.delegate = delegate;
        }

        @Override
        public <T> T write(String profileId, java.util.function.Function<StoreTransaction, T> work) {
            return delegate.write(profileId, tx -> work.apply(new FailingTx(tx)));
        }

        @Override
        public <T> T read(java.util.function.Function<StoreTransaction, T> work) {
            return delegate.read(work);
        }

        @Override
        public boolean isAvailable() {
            return delegate.isAvailable();
        }

        @Override
        public boolean claimJobRun(String job, Instant periodStart) {
            return delegate.claimJobRun(job, periodStart);
        }

        @Override
        public boolean jobRunClaimed(String job, Instant periodStart) {
            return delegate.jobRunClaimed(job, periodStart);
        }

        @Override
        public boolean shredDeleted() {
            return delegate.shredDeleted();
        }
    }

    private record FailingTx(MemoryStore.StoreTransaction tx) implements MemoryStore.StoreTransaction {
        @Override
        public dev.pmmemory.application.port.out.Memories memories() {
            return tx.memories();
        }

        @Override
        public dev.pmmemory.application.port.out.RawMessages rawMessages() {
            return tx.rawMessages();
        }

        @Override
        public dev.pmmemory.application.port.out.AuditTrail auditTrail() {
            return tx.auditTrail();
        }

        @Override
        public dev.pmmemory.application.port.out.MemoryVectors vectors() {
            return tx.vectors();
        }

        @Override
        public dev.pmmemory.application.port.out.Experiences experiences() {
            return tx.experiences();
        }

        @Override
        public dev.pmmemory.application.port.out.Facts facts() {
            return tx.facts();
        }

        @Override
        public dev.pmmemory.application.port.out.StoredIds storedIds() {
            return tx.storedIds();
        }

        @Override
        public dev.pmmemory.application.port.out.EntityRegistry entityRegistry() {
            return tx.entityRegistry();
        }

        @Override
        public dev.pmmemory.application.port.out.Teams teams() {
            dev.pmmemory.application.port.out.Teams teams = tx.teams();
            return new dev.pmmemory.application.port.out.Teams() {
                @Override
                public boolean addMember(String teamId, String profileId, Instant at) {
                    return teams.addMember(teamId, profileId, at);
                }

                @Override
                public boolean removeMember(String teamId, String profileId) {
                    return teams.removeMember(teamId, profileId);
                }

                @Override
                public List<String> members(String teamId) {
                    return teams.members(teamId);
                }

                @Override
                public List<String> teamsOf(String profileId) {
                    return teams.teamsOf(profileId);
                }

                @Override
                public void addAuthor(TeamAuthor author) {
                    throw new IllegalStateException("authors went away");
                }

                @Override
                public boolean removeAuthor(String teamId, String memoryId, String profileId) {
                    return teams.removeAuthor(teamId, memoryId, profileId);
                }

                @Override
                public List<TeamAuthor> authorsOf(String teamId, java.util.Collection<String> memoryIds) {
                    return teams.authorsOf(teamId, memoryIds);
                }

                @Override
                public List<TeamAuthor> contributionsOf(String profileId) {
                    return teams.contributionsOf(profileId);
                }

                @Override
                public int removeProfile(String profileId) {
                    return teams.removeProfile(profileId);
                }
            };
        }
    }
}
