package dev.pmmemory.application.port.in;

import dev.pmmemory.application.model.Job;

/** Runs one lifecycle job now, over every profile. Idempotent: a second run finds nothing left to do. */
public interface RunJob {
    JobReport run(Job job);
}
