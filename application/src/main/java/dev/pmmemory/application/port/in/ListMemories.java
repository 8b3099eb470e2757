package dev.pmmemory.application.port.in;

/** A profile's memories, newest first, cursor-paged: what a PM reads to see what the bot remembers. */
public interface ListMemories {
    MemoryPage list(ListMemoriesQuery query);
}
