package dev.pmmemory.bootstrap;

import io.quarkus.test.junit.QuarkusTestProfile;
import java.util.List;

/** The LLM classifier on, against {@link FakeLlmEndpoint}. */
public class WithLlmClassifier implements QuarkusTestProfile {
    @Override
    public List<TestResourceEntry> testResources() {
        return List.of(new TestResourceEntry(FakeLlmEndpoint.class));
    }
}
