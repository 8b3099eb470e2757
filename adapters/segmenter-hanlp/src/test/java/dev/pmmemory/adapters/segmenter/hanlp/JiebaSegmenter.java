package dev.pmmemory.adapters.segmenter.hanlp;

import com.huaban.analysis.jieba.WordDictionary;
import dev.pmmemory.domain.text.Segmenter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collection;
import java.util.List;

/**
 * jieba-analysis 1.0.2 behind the port, for the comparison only (test scope): its user dictionary
 * is a file loaded into a JVM-wide singleton ({@link WordDictionary#getInstance()}), global state
 * that rules it out of the product as it stands.
 */
final class JiebaSegmenter implements Segmenter {

    private final com.huaban.analysis.jieba.JiebaSegmenter jieba = new com.huaban.analysis.jieba.JiebaSegmenter();

    JiebaSegmenter(Collection<String> userWords) {
        if (!userWords.isEmpty()) {
            try {
                Path file = Files.createTempFile("pm-memory-jieba-user", ".dict");
                Files.write(file, userWords.stream().map(w -> w + " 3000 nz").toList(), StandardCharsets.UTF_8);
                WordDictionary.getInstance().loadUserDict(file);
                Files.delete(file);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }

    @Override
    public List<String> words(String han) {
        return jieba.sentenceProcess(han);
    }

    @Override
    public String name() {
        return "jieba";
    }
}
