package dev.pmmemory.application.service;

import dev.pmmemory.application.InvalidInputException;
import dev.pmmemory.application.port.in.FeedbackResult;
import dev.pmmemory.application.port.in.RecordTeamDecision;
import dev.pmmemory.application.port.in.TeamDecisionCommand;
import dev.pmmemory.application.port.in.TeamFeedbackResult;
import dev.pmmemory.application.port.in.TeamShare;
import dev.pmmemory.application.port.out.MemoryStore;
import dev.pmmemory.application.port.out.TeamAuthor;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Decisions made as a team (docs/rules.md §12): the message goes through the write path of any feedback
 * (redaction, classification, dedup, conflict, expiry) under the team's owner id, so a team decision
 * reversal supersedes the earlier team decision exactly as a profile's would; its author is kept beside it,
 * written in the same transaction as the memory, so no team memory is ever left without the author who
 * stated it.
 */
public final class TeamDecisions implements RecordTeamDecision {
    private final MemoryStore store;
    private final FeedbackIntake intake;

    /** @param intake the write path of any feedback (not the one that also looks for consensus) */
    public TeamDecisions(MemoryStore store, FeedbackIntake intake) {
        this.store = store;
        this.intake = intake;
    }

    @Override
    public TeamFeedbackResult record(TeamDecisionCommand cmd) {
        if (!store.read(tx -> tx.teams().members(cmd.teamId()).contains(cmd.author()))) {
            throw new InvalidInputException(List.of(new InvalidInputException.FieldError("author",
                    "profile " + cmd.author() + " is no member of team " + cmd.teamId())));
        }
        List<String> authors = new ArrayList<>();
        FeedbackResult result = intake.addAlong(cmd.feedback(), (tx, added) -> added.memory().ifPresent(view -> {
            String memoryId = view.memory().id();
            tx.teams().addAuthor(new TeamAuthor(cmd.teamId(), memoryId, cmd.author(), null, added.rawMessageId()));
            authors.clear(); // a store that retries a busy transaction runs this again
            authors.addAll(TeamMemoryQueries.authorIds(tx.teams().authorsOf(cmd.teamId(), List.of(memoryId))));
        }));
        if (result.memory().isEmpty()) {
            return new TeamFeedbackResult(result, Optional.empty());
        }
        return new TeamFeedbackResult(result, Optional.of(new TeamShare(cmd.teamId(), authors)));
    }
}
