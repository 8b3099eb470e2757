package dev.pmmemory.adapters.classifier.llm;

import dev.pmmemory.domain.memory.MemoryType;

/** What a chat answer amounts to; read by {@link AnswerParser}. */
sealed interface ChatAnswer {

    /** The model named a memory type. */
    record Typed(MemoryType type) implements ChatAnswer {
    }

    /** The model said "none": a question or chit-chat. */
    record NoType() implements ChatAnswer {
    }

    /** Nothing usable came back; {@code why} is fit for a log line. */
    record Unreadable(String why) implements ChatAnswer {
    }
}
