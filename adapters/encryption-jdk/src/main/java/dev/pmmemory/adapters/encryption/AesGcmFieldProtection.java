package dev.pmmemory.adapters.encryption;

import dev.pmmemory.application.UnreadableFieldException;
import dev.pmmemory.application.port.out.AssociatedData;
import dev.pmmemory.application.port.out.FieldProtection;
import dev.pmmemory.application.port.out.KeyCheck;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import javax.crypto.AEADBadTagException;
import javax.crypto.Cipher;
import javax.crypto.Mac;
import javax.crypto.spec.GCMParameterSpec;

/**
 * AES-256-GCM from the JDK: a fresh random 96-bit nonce per value, the value's place and header as additional
 * data, the key id in every value so the keys of a rotation live side by side. Blind indexes are HMAC-SHA256.
 * Thread-safe: a Cipher and a Mac are made per call (neither is safe to share).
 */
public final class AesGcmFieldProtection implements FieldProtection {
    private static final String TRANSFORMATION = "AES/GCM/NoPadding";

    private final String primaryId;
    private final Map<String, DerivedKeys> keys;
    private final SecureRandom random;
    private final List<KeyCheck> keyChecks;
    private final List<DerivedKeys> indexKeysPrimaryFirst;

    public AesGcmFieldProtection(Keyset keyset) {
        this(keyset, new SecureRandom());
    }

    AesGcmFieldProtection(Keyset keyset, SecureRandom random) {
        this.primaryId = keyset.primaryId();
        Map<String, DerivedKeys> derived = new LinkedHashMap<>();
        keyset.keys().forEach((id, key) -> derived.put(id, DerivedKeys.of(id, key)));
        this.keys = Map.copyOf(derived);
        this.random = Objects.requireNonNull(random);
        this.keyChecks = derived.values().stream().map(DerivedKeys::check).toList();
        this.indexKeysPrimaryFirst = List.copyOf(derived.values());
    }

    @Override
    public String seal(String plaintext, AssociatedData where) {
        if (plaintext == null) {
            return null;
        }
        DerivedKeys key = keys.get(primaryId);
        byte[] nonce = new byte[SealedValue.NONCE_LENGTH];
        random.nextBytes(nonce);
        try {
            Cipher cipher = cipher(Cipher.ENCRYPT_MODE, key, nonce, SealedValue.header(primaryId), where);
            byte[] ciphertext = cipher.doFinal(plaintext.getBytes(StandardCharsets.UTF_8));
            return new SealedValue(primaryId, nonce, ciphertext).format();
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("AES-GCM failed to seal " + where.describe(), e);
        }
    }

    @Override
    public String open(String stored, AssociatedData where) {
        if (stored == null) {
            return null;
        }
        if (!isSealed(stored)) {
            throw unreadable(where, "the value is not sealed, while encryption is on");
        }
        SealedValue sealed = SealedValue.parse(stored)
                .orElseThrow(() -> unreadable(where, "the sealed value is malformed"));
        DerivedKeys key = keys.get(sealed.keyId());
        if (key == null) {
            throw unreadable(where,
                    "it was sealed under key '" + sealed.keyId() + "', which is not configured");
        }
        try {
            Cipher cipher = cipher(Cipher.DECRYPT_MODE, key, sealed.nonce(), sealed.header(), where);
            return new String(cipher.doFinal(sealed.ciphertext()), StandardCharsets.UTF_8);
        } catch (AEADBadTagException e) {
            throw unreadable(where, "it fails authentication under key '" + sealed.keyId()
                    + "' (altered, copied from another row or profile, or sealed under another key of that id)");
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("AES-GCM failed to open " + where.describe(), e);
        }
    }

    @Override
    public String blindIndex(String term) {
        return index(keys.get(primaryId), term);
    }

    @Override
    public List<String> blindIndexCandidates(String term) {
        List<String> candidates = new ArrayList<>(indexKeysPrimaryFirst.size());
        for (DerivedKeys key : indexKeysPrimaryFirst) {
            candidates.add(index(key, term));
        }
        return List.copyOf(candidates);
    }

    @Override
    public boolean isSealed(String stored) {
        return stored != null && stored.startsWith(SEALED_PREFIX);
    }

    @Override
    public Optional<String> keyIdOf(String stored) {
        return SealedValue.parse(stored).map(SealedValue::keyId);
    }

    @Override
    public boolean needsResealing(String stored) {
        if (stored == null) {
            return false;
        }
        return !keyIdOf(stored).map(primaryId::equals).orElse(false);
    }

    @Override
    public List<KeyCheck> keyChecks() {
        return keyChecks;
    }

    private static UnreadableFieldException unreadable(AssociatedData where, String reason) {
        return new UnreadableFieldException(where.table(), where.column(), where.rowId(), where.profileId(), reason);
    }

    private static Cipher cipher(int mode, DerivedKeys key, byte[] nonce, byte[] header, AssociatedData where)
            throws GeneralSecurityException {
        Cipher cipher = Cipher.getInstance(TRANSFORMATION);
        cipher.init(mode, key.sealing(), new GCMParameterSpec(SealedValue.TAG_LENGTH * 8, nonce));
        // the header is self-delimiting (a length byte before the id), so the two parts cannot run together
        cipher.updateAAD(header);
        cipher.updateAAD(AssociatedDataEncoding.encode(where));
        return cipher;
    }

    private static String index(DerivedKeys key, String term) {
        Objects.requireNonNull(term, "term");
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(key.indexing());
            return SealedValue.ENCODER.encodeToString(mac.doFinal(term.getBytes(StandardCharsets.UTF_8)));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HMAC-SHA256 failed", e);
        }
    }
}
