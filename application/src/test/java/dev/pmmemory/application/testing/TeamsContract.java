package dev.pmmemory.application.testing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.pmmemory.application.InvalidInputException;
import dev.pmmemory.application.NotFoundException;
import dev.pmmemory.application.TeamOwner;
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
        teams = new TeamMemberships(store(), clock);
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
        // the decision only ZHANG stated is gone; the proposal keeps LI, in LI's words
        assertThat(left).extracting(v -> v.view().memory().id()).containsExactly(proposal);
        assertThat(left.get(0).share().authors()).containsExactly(LI);
        assertThat(left.get(0).view().memory().content()).isEqualTo(lis.content());
        assertThat(store().<Long>read(tx -> tx.rawMessages().countByProfile(OWNER))).isZero();
        assertThat(store().<List<TeamAuthor>>read(tx -> tx.teams().contributionsOf(ZHANG))).isEmpty();
    }
}
