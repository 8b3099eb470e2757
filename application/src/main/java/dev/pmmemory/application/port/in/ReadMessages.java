package dev.pmmemory.application.port.in;

/** The raw messages a profile sent, newest first: with outcome unclassified, what the bot did not understand. */
public interface ReadMessages {
    /** @throws dev.pmmemory.application.NotFoundException when the profile holds nothing at all */
    MessagePage read(MessagesQuery query);
}
