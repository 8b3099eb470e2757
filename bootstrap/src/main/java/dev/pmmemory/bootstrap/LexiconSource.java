package dev.pmmemory.bootstrap;

import dev.pmmemory.domain.lexicon.Lexicon;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * The lexicon's text as read once at start ({@code memory.lexicon-path}, or the shipped default): the lexicon
 * is parsed from it and the text-analysis version hashed from it, so both describe the same file.
 *
 * @param path where it was read from; empty for the shipped default
 */
record LexiconSource(Optional<String> path, String text) {

    static LexiconSource of(MemoryConfig config) {
        return config.lexiconPath().map(LexiconSource::read)
                .orElseGet(() -> new LexiconSource(Optional.empty(), Lexicon.defaultText()));
    }

    private static LexiconSource read(String path) {
        try {
            return new LexiconSource(Optional.of(path), Files.readString(Path.of(path), StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException("memory.lexicon-path: cannot read " + path, e);
        }
    }
}
