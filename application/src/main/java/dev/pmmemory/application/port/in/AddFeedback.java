package dev.pmmemory.application.port.in;

/** Turns one feedback message into a memory: new, reinforced, pending or none (DOMAIN.md §3). */
public interface AddFeedback {
    FeedbackResult add(AddFeedbackCommand command);
}
