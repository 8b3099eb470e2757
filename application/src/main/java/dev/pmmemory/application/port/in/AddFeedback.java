package dev.pmmemory.application.port.in;

import java.util.List;

/** Turns feedback messages into memories: new, reinforced, pending or none (rules.md §3). */
public interface AddFeedback {
    /** The most messages one {@link #addAll} takes (api.md "Feedback", batch). */
    int MAX_BATCH_ITEMS = 500;

    FeedbackResult add(AddFeedbackCommand command);

    /**
     * Adds 1 to {@link #MAX_BATCH_ITEMS} messages of one profile, in order, under the same rules as
     * {@link #add} one after the other (a later message sees what the earlier ones wrote), but in one
     * transaction: all are stored or, if the store fails, none.
     *
     * @return one result per command, in the same order
     */
    List<FeedbackResult> addAll(String profileId, List<AddFeedbackCommand> commands);
}
