package dev.pmmemory.domain.text;

/**
 * Turns a name as someone wrote it (an alias in any language, any case) into the comparison key of
 * its canonical entity, so that stored and queried entity keys meet: {@code DeepSeek} and
 * {@code 深度求索} give one key.
 */
public interface EntityResolver {

    /** The {@code EntityKey} of the canonical entity; an unknown name is its own entity. */
    String key(String name);

    /** Case and NFKC only: no aliases. */
    EntityResolver NONE = name -> TextNormalizer.nfkcLower(name).strip();
}
