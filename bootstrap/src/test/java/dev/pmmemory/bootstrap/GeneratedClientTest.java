package dev.pmmemory.bootstrap;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.pmmemory.client.ApiClient;
import dev.pmmemory.client.ApiException;
import dev.pmmemory.client.api.ContextApi;
import dev.pmmemory.client.api.FeedbackApi;
import dev.pmmemory.client.api.MemoriesApi;
import dev.pmmemory.client.model.ContextResponse;
import dev.pmmemory.client.model.FeedbackRequest;
import dev.pmmemory.client.model.FeedbackResponse;
import dev.pmmemory.client.model.MemoryChange;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import java.net.URL;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * A bot developer's view: a Java client generated at build time from docs/openapi.yaml (the snapshot
 * of /q/openapi, see OpenApiDocumentTest) drives add → context → confirm against the running service.
 * If the document stops describing the wire (names, types, paths, enums), this fails to compile or to run.
 */
@QuarkusTest
class GeneratedClientTest {
    @TestHTTPResource("/")
    URL service;

    private ApiClient client() {
        ApiClient client = new ApiClient();
        client.updateBaseUri(service.toString().replaceAll("/$", ""));
        return client;
    }

    @Test
    void addThenContextThenConfirmAPendingMemory() throws ApiException {
        String p = "client-" + UUID.randomUUID().toString().substring(0, 8);
        FeedbackApi feedback = new FeedbackApi(client());
        ContextApi context = new ContextApi(client());
        MemoriesApi memories = new MemoriesApi(client());

        FeedbackResponse advance = feedback.addFeedback(p, new FeedbackRequest().message("OpenAI 可以推进")
                .messageId("bot-1"));
        assertThat(advance.getOutcome()).isEqualTo(FeedbackResponse.OutcomeEnum.CREATED);
        FeedbackResponse inferred = feedback.addFeedback(p, new FeedbackRequest().message("OpenAI 商业化弱")
                .source(FeedbackRequest.SourceEnum.INFERRED));
        assertThat(inferred.getOutcome()).isEqualTo(FeedbackResponse.OutcomeEnum.PENDING);
        String pendingId = inferred.getMemory().getId();

        ContextResponse before = context.getContext(p, null, null, null, 5, "OpenAI", null);
        assertThat(before.getItems()).extracting(i -> i.getContent()).containsExactly("OpenAI 可以推进");
        assertThat(before.getPromptBlock()).contains("OpenAI 可以推进");

        MemoryChange confirmed = memories.confirmMemory(p, pendingId, null);
        assertThat(confirmed.getMemory().getStatus()).hasToString("active");
        assertThat(confirmed.getSuperseded()).containsExactly(advance.getMemory().getId());

        ContextResponse after = context.getContext(p, null, null, null, 5, "OpenAI", null);
        assertThat(after.getItems()).extracting(i -> i.getContent()).containsExactly("OpenAI 商业化弱");

        assertThatThrownBy(() -> memories.confirmMemory(p, pendingId, null))
                .isInstanceOfSatisfying(ApiException.class, e -> assertThat(e.getCode()).isEqualTo(409));
    }

    @Test
    void aBatchThroughTheGeneratedClient() throws ApiException {
        String p = "client-" + UUID.randomUUID().toString().substring(0, 8);
        var results = new FeedbackApi(client()).addFeedbackBatch(p, new dev.pmmemory.client.model.FeedbackBatchRequest()
                .items(List.of(new FeedbackRequest().message("OpenAI 可以推进"), new FeedbackRequest().message(""))))
                .getResults();
        assertThat(results).hasSize(2);
        assertThat(results.get(0).getStatus()).isEqualTo(201);
        assertThat(results.get(1).getProblem().getErrors()).extracting(e -> e.getField())
                .containsExactly("items[1].message");
    }
}
