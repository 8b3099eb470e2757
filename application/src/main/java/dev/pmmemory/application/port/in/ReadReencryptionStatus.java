package dev.pmmemory.application.port.in;

/** How far the re-encryption job has moved the stored values to the primary key. */
public interface ReadReencryptionStatus {
    ReencryptionStatus status();
}
