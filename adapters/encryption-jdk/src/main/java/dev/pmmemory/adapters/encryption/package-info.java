/**
 * Encryption at rest on the JDK alone: the {@code FieldProtection} port as AES-256-GCM and HMAC-SHA256.
 *
 * <h2>What is protected</h2>
 * Free text a store seals (raw message text, memory content, fact values, session turns, the audit trail's
 * before / after) is stored as {@code enc1:} and unpadded base64url of: a version byte, the key id, a random
 * 96-bit nonce, the ciphertext and its 128-bit tag. The additional data binds the value to its table, column,
 * row id and profile, and authenticates the version and key id: a value altered, relabelled, or copied to another
 * row, column or profile fails to open, and the failure names the row ({@code UnreadableFieldException}).
 * Random nonces are safe for far more values than one memory holds (the GCM bound is about 2^32 per key).
 *
 * <h2>What blind indexes leak</h2>
 * Terms a store must compare (keywords, entities, dedup keys) become HMAC-SHA256 under a sub-key derived from
 * the master key by HKDF, distinct from the sealing sub-key. Without the key nobody can compute or reverse an
 * index, but anyone who reads the store sees equality and frequency: which rows share a term (e.g. which
 * memories name the same company) and how common each term is. Lengths of sealed values are visible too
 * (the ciphertext is as long as the UTF-8 text plus 16 bytes).
 *
 * <h2>Keys</h2>
 * {@code memory.encryption.key} is one base64 256-bit key ({@code openssl rand -base64 32}); its id is "k" and
 * 8 hex digits of a SHA-256 of the key. {@code memory.encryption.keyset} names a file: the first line
 * {@code primary ID}, then {@code ID BASE64KEY} per key. The primary seals; every listed key opens what it
 * sealed; {@code needsResealing} tells the re-encryption job which values are still under an older key (or
 * plain), and {@code keyIdOf} lets it count them before a key is retired. Blind indexes use the primary, so a
 * lookup during a rotation tries {@code blindIndexCandidates}. A key check value per key (HKDF of a fixed
 * label, 16 bytes, hex) lets a start compare the configured keys with what a store recorded and refuse a wrong
 * key before serving. Errors name the setting and line, never key bytes.
 *
 * <p>The JDK's AES-GCM is enough here and works in a native image without registration; a library such as
 * Tink would add about 2 MB and protobuf for the same primitives.
 */
package dev.pmmemory.adapters.encryption;
