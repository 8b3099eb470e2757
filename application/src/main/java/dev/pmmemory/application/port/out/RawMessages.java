package dev.pmmemory.application.port.out;

import dev.pmmemory.application.port.in.RawMessage;
import dev.pmmemory.application.model.FeedbackOutcome;
import dev.pmmemory.application.port.in.PagePosition;
import java.time.Instant;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** The audit log of received feedback messages. Used inside a {@link MemoryStore} transaction. */
public interface RawMessages {

    void append(RawMessage message);

    /** The message a profile sent earlier with this idempotency key. */
    Optional<RawMessage> findByMessageId(String profileId, String messageId);

    /** In the order of {@code ids}; unknown ids are skipped. */
    List<RawMessage> findByIds(String profileId, Collection<String> ids);

    /**
     * When each of {@code ids} of the profile was created (unknown ids, and another profile's, absent): what a
     * past recall needs of a memory's later messages, read without their text (nothing to open when sealed).
     */
    Map<String, Instant> createdAtOf(String profileId, Collection<String> ids);

    long countByProfile(String profileId);

    /**
     * The message now belongs to memory {@code memoryId}: a late reversal cut the repeated memory it had
     * joined, and it was filed again (RepeatSplit). Its text, times and outcome stay as received.
     */
    void moveToMemory(String profileId, String rawId, String memoryId);

    /** Profiles with an unclassified raw message (no memory) received at or before {@code cutoff}. */
    List<String> findProfilesWithUnclassifiedBefore(Instant cutoff);

    /** Removes up to {@code limit} unclassified raw messages received at or before {@code cutoff}; returns how many. */
    int deleteUnclassifiedBefore(String profileId, Instant cutoff, int limit);

    /** Removes the raw messages that created or reinforced the memory; returns how many. */
    int deleteForMemory(String profileId, String memoryId);

    /** Removes the raw message with this id (an erased author's words in a team's messages); false when there is none. */
    boolean delete(String profileId, String id);

    /** Erase (data rights): removes every raw message of the profile; returns how many. */
    int deleteProfile(String profileId);

    /**
     * Up to {@code limit} messages of the profile, newest first (received_at desc, id desc), only
     * those with {@code outcome} when it is not null, after {@code after} ({@code createdAt} holding a
     * received_at) when it is not null.
     */
    List<RawMessage> newestFirst(String profileId, FeedbackOutcome outcome, PagePosition after, int limit);
}
