package dev.pmmemory.application.port.out;

/** New opaque ids for memories, raw messages and audit events. */
@FunctionalInterface
public interface IdGenerator {
    String newId();
}
