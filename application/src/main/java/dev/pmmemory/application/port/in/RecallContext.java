package dev.pmmemory.application.port.in;

/** The few memories that matter for the bot's next answer, ranked and explained (rules.md §6). */
public interface RecallContext {
    ContextResult recall(RecallContextQuery query);
}
