package dev.pmmemory.application.service;

import dev.pmmemory.application.port.in.AddFeedback;
import dev.pmmemory.application.port.in.AddFeedbackCommand;
import dev.pmmemory.application.port.in.FeedbackResult;
import java.util.List;

/**
 * The write path of feedback, then {@link TeamConsensus} on the memory it made or saw again: once the
 * member's add has committed, so the member's own write never waits for a team's lock. The author's teams come
 * with the result ({@link FeedbackIntake} reads them in the add's transaction).
 */
public final class ConsensusOnAdd implements AddFeedback {
    private final FeedbackIntake intake;
    private final TeamConsensus consensus;

    public ConsensusOnAdd(FeedbackIntake intake, TeamConsensus consensus) {
        this.intake = intake;
        this.consensus = consensus;
    }

    @Override
    public FeedbackResult add(AddFeedbackCommand command) {
        FeedbackResult result = intake.add(command);
        result.memory().ifPresent(v -> consensus.afterAdd(v.memory(), result.authorTeams()));
        return result;
    }

    @Override
    public List<FeedbackResult> addAll(String profileId, List<AddFeedbackCommand> commands) {
        List<FeedbackResult> results = intake.addAll(profileId, commands);
        results.forEach(r -> r.memory().ifPresent(v -> consensus.afterAdd(v.memory(), r.authorTeams())));
        return results;
    }
}
