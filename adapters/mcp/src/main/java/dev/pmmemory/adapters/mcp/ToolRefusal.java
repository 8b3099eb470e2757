package dev.pmmemory.adapters.mcp;

/** A call the caller's key may not make (REST's 403): outside its scope or its profiles. */
final class ToolRefusal extends RuntimeException {
    ToolRefusal(String reason) {
        super(reason);
    }
}
