package dev.pmmemory.bootstrap;

import dev.pmmemory.adapters.encryption.AesGcmFieldProtection;
import dev.pmmemory.adapters.encryption.EncryptionSettings;
import dev.pmmemory.adapters.encryption.EncryptionSettingsException;
import dev.pmmemory.adapters.encryption.Keyset;
import dev.pmmemory.application.port.out.FieldProtection;
import dev.pmmemory.application.service.PlainValuesReadable;
import io.quarkus.runtime.configuration.ConfigurationException;
import java.nio.file.Path;
import java.util.Optional;
import org.jboss.logging.Logger;

/** memory.encryption.*: which protection the stores seal with; a bad key or keyset file stops the start. */
final class EncryptionAtRest {
    private static final Logger LOG = Logger.getLogger(EncryptionAtRest.class);

    private EncryptionAtRest() {
    }

    static FieldProtection protection(MemoryConfig.Encryption config) {
        Optional<Keyset> keyset;
        try {
            keyset = EncryptionSettings.keyset(config.key(), config.keyset().filter(f -> !f.isBlank()).map(Path::of));
        } catch (EncryptionSettingsException e) {
            throw new ConfigurationException(e.getMessage(), e);
        }
        if (keyset.isEmpty()) {
            LOG.debug("encryption at rest: off");
            return FieldProtection.none();
        }
        Keyset keys = keyset.get();
        // key ids only: never a key
        LOG.infof("encryption at rest: on, primary key %s, keys %s, plain values %s", keys.primaryId(),
                keys.keys().keySet(), config.readPlain() ? "served until the reencrypt job seals them" : "refused");
        AesGcmFieldProtection protection = new AesGcmFieldProtection(keys);
        return config.readPlain() ? new PlainValuesReadable(protection) : protection;
    }
}
