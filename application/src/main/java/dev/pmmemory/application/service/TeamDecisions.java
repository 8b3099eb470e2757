package dev.pmmemory.application.service;

import dev.pmmemory.application.InvalidInputException;
import dev.pmmemory.application.TeamOwner;
import dev.pmmemory.application.port.in.AddFeedback;
import dev.pmmemory.application.port.in.FeedbackResult;
import dev.pmmemory.application.port.in.RecordTeamDecision;
import dev.pmmemory.application.port.in.TeamDecisionCommand;
import dev.pmmemory.application.port.in.TeamFeedbackResult;
import dev.pmmemory.application.port.in.TeamShare;
import dev.pmmemory.application.port.out.MemoryStore;
import dev.pmmemory.application.port.out.TeamAuthor;
import java.util.List;
import java.util.Optional;

/**
 * Decisions made as a team (docs/rules.md §12): the message goes through the write path of any feedback
 * (redaction, classification, dedup, conflict, expiry) under the team's owner id, so a team decision
 * reversal supersedes the earlier team decision exactly as a profile's would; its author is kept beside it.
 */
public final class TeamDecisions implements RecordTeamDecision {
    private final MemoryStore store;
    private final AddFeedback intake;

    /** @param intake the write path of any feedback (not the one that also looks for consensus) */
    public TeamDecisions(MemoryStore store, AddFeedback intake) {
        this.store = store;
        this.intake = intake;
    }

    @Override
    public TeamFeedbackResult record(TeamDecisionCommand cmd) {
        String owner = TeamOwner.of(cmd.teamId());
        if (!store.read(tx -> tx.teams().members(cmd.teamId()).contains(cmd.author()))) {
            throw new InvalidInputException(List.of(new InvalidInputException.FieldError("author",
                    "profile " + cmd.author() + " is no member of team " + cmd.teamId())));
        }
        FeedbackResult result = intake.add(cmd.feedback());
        if (result.memory().isEmpty()) {
            return new TeamFeedbackResult(result, Optional.empty());
        }
        String memoryId = result.memory().get().memory().id();
        List<String> authors = store.write(owner, tx -> {
            tx.teams().addAuthor(new TeamAuthor(cmd.teamId(), memoryId, cmd.author(), null, result.rawMessageId()));
            return TeamMemoryQueries.authorIds(tx.teams().authorsOf(cmd.teamId(), List.of(memoryId)));
        });
        return new TeamFeedbackResult(result, Optional.of(new TeamShare(cmd.teamId(), authors)));
    }
}
