package dev.pmmemory.bootstrap;

import io.quarkus.test.junit.QuarkusTestProfile;
import java.util.Map;

/** Recall terms from HanLP word segmentation instead of character bigrams. */
public class WithHanlpSegmenter implements QuarkusTestProfile {
    @Override
    public Map<String, String> getConfigOverrides() {
        return Map.of("memory.text.segmenter", "hanlp");
    }
}
