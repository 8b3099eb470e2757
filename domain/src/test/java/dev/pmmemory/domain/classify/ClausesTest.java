package dev.pmmemory.domain.classify;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class ClausesTest {

    @Test
    void splitsAtPunctuationKeepingTheTerminator() {
        assertThat(Clauses.split("openai 估值太高,谁会投?")).extracting(Clauses.Clause::text)
                .containsExactly("openai 估值太高,", "谁会投?");
        assertThat(Clauses.split("技术还行、产品一般。")).extracting(Clauses.Clause::text)
                .containsExactly("技术还行、", "产品一般。");
    }

    @Test
    void aFullStopInsideANameOrNumberDoesNotSplit() {
        assertThat(Clauses.split("01.ai 可以聊聊. too expensive")).extracting(Clauses.Clause::text)
                .containsExactly("01.ai 可以聊聊.", " too expensive");
        assertThat(Clauses.split("gpt 3.5")).hasSize(1);
    }

    @Test
    void blankPartsAreDropped() {
        assertThat(Clauses.split(",,  ,")).isEmpty();
        assertThat(Clauses.split("")).isEmpty();
    }

    @Test
    void questionMarkerAtTheEndOfAClause() {
        List<String> markers = List.of("?", "吗");
        assertThat(new Clauses.Clause("可以推进吗").endsWithAny(markers)).isTrue();
        assertThat(new Clauses.Clause("可以推进吗 ,").endsWithAny(markers)).isTrue();
        assertThat(new Clauses.Clause("is it?").endsWithAny(markers)).isTrue();
        assertThat(new Clauses.Clause("吗的意思").endsWithAny(markers)).isFalse();
        assertThat(new Clauses.Clause("可以推进").endsWithAny(markers)).isFalse();
    }
}
