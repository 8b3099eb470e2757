package dev.pmmemory.adapters.classifier.llm;

import dev.pmmemory.domain.memory.MemoryType;

/** What a chat answer amounts to; read by {@link AnswerParser}. */
sealed interface ChatAnswer {

    /**
     * The model named a memory type, and said how sure it is.
     *
     * @param confidence what the model stated, in [0, 1]; 0 when it stated none or nothing readable
     */
    record Typed(MemoryType type, double confidence) implements ChatAnswer {
        public Typed {
            if (!(confidence >= 0 && confidence <= 1)) {
                throw new IllegalArgumentException("confidence must be in [0, 1], was " + confidence);
            }
        }
    }

    /** The model said "none": a question or chit-chat. */
    record NoType() implements ChatAnswer {
    }

    /** Nothing usable came back; {@code why} is fit for a log line. */
    record Unreadable(String why) implements ChatAnswer {
    }
}
