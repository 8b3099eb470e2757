package dev.pmmemory.application.port.in;

import java.util.Optional;

/** A team decision filed: what any feedback gives, and the team memory's authors when one was made or seen again. */
public record TeamFeedbackResult(FeedbackResult feedback, Optional<TeamShare> share) {
}
