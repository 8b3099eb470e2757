package dev.pmmemory.bootstrap;

import dev.pmmemory.application.port.out.FieldProtection;
import dev.pmmemory.application.port.out.SealedRows;
import dev.pmmemory.application.service.PlainValuesReadable;
import dev.pmmemory.application.service.Reencryption;
import io.quarkus.runtime.StartupEvent;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Singleton;
import org.jboss.logging.Logger;

/**
 * With a key and memory.encryption.read-plain: counts, in the background after start, the rows still plain. None
 * (the usual case once the job has run): plain values are refused again and recall keeps its one-index plans.
 * Some: says so, and that the reencrypt job seals them. Until the count is in, plain values are served.
 */
@Singleton
class PlainValuesAtStart {
    private static final Logger LOG = Logger.getLogger(PlainValuesAtStart.class);

    void check(@Observes StartupEvent start, FieldProtection protection, Reencryption reencryption) {
        if (protection instanceof PlainValuesReadable readable) {
            Thread worker = new Thread(() -> count(readable, reencryption), "pm-memory-plain-values-check");
            worker.setDaemon(true); // never holds the JVM open
            worker.start();
        }
    }

    private static void count(PlainValuesReadable readable, Reencryption reencryption) {
        try {
            long plain = reencryption.status().rowsByKey().getOrDefault(SealedRows.PLAIN, 0L);
            if (plain == 0) {
                readable.plainValuesSealed();
                LOG.debug("encryption at rest: no plain rows");
            } else {
                LOG.infof("encryption at rest: %d rows are still plain; they are served as they are until"
                        + " POST /v1/admin/jobs/reencrypt:run (or its daily run) seals them", plain);
            }
        } catch (RuntimeException e) {
            LOG.warnf("encryption at rest: plain rows not counted (%s); served as they are until the reencrypt job",
                    e.getMessage());
        }
    }
}
