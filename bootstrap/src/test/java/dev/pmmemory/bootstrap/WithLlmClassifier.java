package dev.pmmemory.bootstrap;

import io.quarkus.test.junit.QuarkusTestProfile;
import java.util.List;

/** The LLM classifier on, against {@link FakeLlmEndpoint}. */
public class WithLlmClassifier implements QuarkusTestProfile {
    /** The LLM link alone after the rules: the n-gram link (on by default) would answer these messages first. */
    @Override
    public java.util.Map<String, String> getConfigOverrides() {
        return java.util.Map.of("memory.classifier.ngram.enabled", "false");
    }

    @Override
    public List<TestResourceEntry> testResources() {
        return List.of(new TestResourceEntry(FakeLlmEndpoint.class));
    }
}
