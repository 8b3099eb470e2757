package dev.pmmemory.bootstrap;

import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.junit.jupiter.api.Test;

/**
 * Over REST with encryption at rest on: a stored value altered behind the service's back (here a memory's sealed
 * content copied from another memory) is answered with a problem naming the record, never its content nor a stack
 * trace, and is logged at ERROR once. Each store's test puts the altered row in place its own way.
 */
abstract class UnreadableStoredValueContract {
    static final String TYPE = "urn:pm-memory:problem:unreadable-stored-value";

    /** The profile holding the altered memory. */
    protected abstract String profile();

    /** The memory whose sealed content was replaced by {@link #intactMemory()}'s. */
    protected abstract String alteredMemory();

    /** A memory of the same profile left alone. */
    protected abstract String intactMemory();

    /** Words of the memories' text: none may appear in an answer about the altered one. */
    protected abstract List<String> secretWords();

    @Test
    void anAlteredValueAnswersAProblemNamingTheRecordNeverItsContent() {
        List<LogRecord> logged = new ArrayList<>();
        Handler capture = new Handler() {
            @Override
            public void publish(LogRecord r) {
                if (r.getLevel().intValue() >= Level.SEVERE.intValue()) {
                    logged.add(r);
                }
            }

            @Override
            public void flush() {
            }

            @Override
            public void close() {
            }
        };
        Logger mappers = Logger.getLogger("dev.pmmemory.adapters.rest.ProblemMappers");
        mappers.addHandler(capture);
        String body;
        try {
            body = Api.memory(profile(), alteredMemory()).statusCode(500)
                    .contentType("application/problem+json")
                    .body("type", equalTo(TYPE))
                    .body("status", equalTo(500))
                    .body("detail", equalTo("the stored value memories.content of record " + alteredMemory()
                            + " cannot be opened; the error is logged"))
                    .extract().asString();
        } finally {
            mappers.removeHandler(capture);
        }
        for (String word : secretWords()) {
            assertThat(body).doesNotContain(word);
        }
        assertThat(body).doesNotContain("Exception").doesNotContain("at dev.pmmemory");
        assertThat(logged).singleElement().satisfies(r -> {
            String message = r.getParameters() == null ? r.getMessage()
                    : String.format(r.getMessage(), r.getParameters());
            assertThat(message).contains("memories.content of row " + alteredMemory());
            for (String word : secretWords()) {
                assertThat(message).doesNotContain(word);
            }
        });
    }

    @Test
    void aListThatReachesTheAlteredValueAnswersTheSameProblemAndTheIntactMemoryStillReads() {
        Api.memories(profile(), Map.of()).statusCode(500).body("type", equalTo(TYPE));
        Api.memory(profile(), intactMemory()).statusCode(200).body("id", equalTo(intactMemory()));
    }
}
