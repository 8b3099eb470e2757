package dev.pmmemory.adapters.encryption;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Base64;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * The configured keys by id, and which one seals new values (the primary). The older keys stay to open what
 * they sealed until the re-encryption job has moved every value to the primary.
 */
public record Keyset(String primaryId, Map<String, KeyBytes> keys) {
    public static final String KEY_SETTING = "memory.encryption.key";
    public static final String KEYSET_SETTING = "memory.encryption.keyset";

    /** Key ids travel in every sealed value, so they stay short and plain. */
    private static final Pattern KEY_ID = Pattern.compile("[A-Za-z0-9._-]{1,64}");

    public Keyset {
        if (!isKeyId(primaryId)) {
            throw new EncryptionSettingsException("the primary key id must match " + KEY_ID.pattern());
        }
        if (!keys.containsKey(primaryId)) {
            throw new EncryptionSettingsException("the primary key '" + primaryId + "' is not among the keys");
        }
        // primary first: the order blind index candidates and key checks are tried in
        Map<String, KeyBytes> ordered = new LinkedHashMap<>();
        ordered.put(primaryId, keys.get(primaryId));
        keys.forEach(ordered::putIfAbsent);
        keys = java.util.Collections.unmodifiableMap(ordered);
    }

    public KeyBytes primary() {
        return keys.get(primaryId);
    }

    /**
     * One key, as {@code memory.encryption.key} gives it (e.g. {@code openssl rand -base64 32}). Its id is derived
     * from a hash of the key, so the same key always carries the same id, in a later keyset file too.
     */
    public static Keyset ofSingleKey(String base64) {
        KeyBytes key = decodeKey(base64, KEY_SETTING);
        String id = derivedKeyId(key);
        return new Keyset(id, Map.of(id, key));
    }

    /** The id {@link #ofSingleKey} gives a key: "k" and 8 hex digits of a SHA-256 of the key (nothing of it can be read back). */
    public static String derivedKeyId(KeyBytes key) {
        try {
            MessageDigest sha = MessageDigest.getInstance("SHA-256");
            sha.update("pm-memory/key-id/v1".getBytes(StandardCharsets.UTF_8));
            byte[] digest = sha.digest(key.copy());
            return "k" + HexFormat.of().formatHex(digest, 0, 4);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("the JDK offers no SHA-256", e);
        }
    }

    /**
     * A keyset file's text: the first line {@code primary ID}, then one line {@code ID BASE64KEY} per key. Blank
     * lines and lines starting with {@code #} are ignored.
     */
    public static Keyset parse(String text) {
        String primary = null;
        Map<String, KeyBytes> keys = new LinkedHashMap<>();
        String[] lines = text.split("\\R", -1);
        for (int i = 0; i < lines.length; i++) {
            String line = lines[i].strip();
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            String where = KEYSET_SETTING + " line " + (i + 1);
            String[] parts = line.split("\\s+");
            if (parts.length != 2) {
                throw new EncryptionSettingsException(where + ": expected 'primary ID' or 'ID BASE64KEY'");
            }
            if (primary == null) {
                if (!parts[0].equals("primary")) {
                    throw new EncryptionSettingsException(where + ": the first line must be 'primary ID'");
                }
                primary = requireKeyId(parts[1], where);
                continue;
            }
            String id = requireKeyId(parts[0], where);
            if (keys.containsKey(id)) {
                throw new EncryptionSettingsException(where + ": key id '" + id + "' appears twice");
            }
            KeyBytes key = decodeKey(parts[1], where);
            for (Map.Entry<String, KeyBytes> earlier : keys.entrySet()) {
                if (earlier.getValue().sameAs(key)) {
                    throw new EncryptionSettingsException(
                            where + ": key '" + id + "' is the same key as '" + earlier.getKey() + "'");
                }
            }
            keys.put(id, key);
        }
        if (primary == null) {
            throw new EncryptionSettingsException(KEYSET_SETTING + ": the file holds no 'primary ID' line");
        }
        if (!keys.containsKey(primary)) {
            throw new EncryptionSettingsException(
                    KEYSET_SETTING + ": the primary key '" + primary + "' is not among the keys listed");
        }
        return new Keyset(primary, keys);
    }

    static boolean isKeyId(String id) {
        return id != null && KEY_ID.matcher(id).matches();
    }

    private static String requireKeyId(String id, String where) {
        if (!isKeyId(id) || id.equals("primary")) {
            throw new EncryptionSettingsException(
                    where + ": key id '" + id + "' must match " + KEY_ID.pattern() + " and not be 'primary'");
        }
        return id;
    }

    /** Never echoes the text: it may be a key with a typo. */
    private static KeyBytes decodeKey(String base64, String where) {
        if (base64 == null || base64.isBlank()) {
            throw new EncryptionSettingsException(where + ": the key is empty");
        }
        byte[] bytes;
        try {
            bytes = Base64.getDecoder().decode(base64.strip());
        } catch (IllegalArgumentException e) {
            throw new EncryptionSettingsException(where + ": the key is not valid base64");
        }
        if (bytes.length != KeyBytes.LENGTH) {
            throw new EncryptionSettingsException(where + ": the key must be " + KeyBytes.LENGTH
                    + " bytes (256 bits, e.g. openssl rand -base64 32); it decodes to " + bytes.length + " bytes");
        }
        return new KeyBytes(bytes);
    }
}
