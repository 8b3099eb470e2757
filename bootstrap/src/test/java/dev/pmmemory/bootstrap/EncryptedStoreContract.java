package dev.pmmemory.bootstrap;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.pmmemory.adapters.encryption.AesGcmFieldProtection;
import dev.pmmemory.adapters.encryption.Keyset;
import dev.pmmemory.application.UnreadableFieldException;
import dev.pmmemory.application.model.AuditKind;
import dev.pmmemory.application.model.FeedbackOutcome;
import dev.pmmemory.application.port.in.AuditEvent;
import dev.pmmemory.application.port.in.RawMessage;
import dev.pmmemory.application.port.in.JobReport;
import dev.pmmemory.application.port.out.FieldProtection;
import dev.pmmemory.application.port.out.Memories.TermMatch;
import dev.pmmemory.application.port.out.RecallTally;
import dev.pmmemory.application.service.PlainValuesReadable;
import dev.pmmemory.application.service.Reencryption;
import dev.pmmemory.domain.recall.RecallWindow;
import dev.pmmemory.application.testing.MemoryStoreContract;
import dev.pmmemory.domain.fact.Fact;
import dev.pmmemory.domain.memory.Memory;
import dev.pmmemory.domain.memory.MemoryStatus;
import dev.pmmemory.domain.memory.MemoryType;
import dev.pmmemory.domain.memory.Source;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The whole storage contract with encryption at rest on (so add, dedup, conflicts, recall, facts, erase work
 * unchanged over sealed text and blind indexes), and what encryption adds: no stored byte holds a message's text,
 * a memory's content or a fact value, and a sealed value copied to another row is reported, not served.
 */
abstract class EncryptedStoreContract extends MemoryStoreContract {
    /** A fixed test key (openssl rand -base64 32); never a deployment's. */
    static final String KEY = "q83vEjRWeJC6zN7vASNFZ4mrze8BI0VniavN7wEjRWc=";
    static final String OTHER_KEY = "AQIDBAUGBwgJCgsMDQ4PEBESExQVFhcYGRobHB0eHyA=";
    static final FieldProtection PROTECTION = new AesGcmFieldProtection(Keyset.ofSingleKey(KEY));

    // distinctive texts: found in a dump only if stored plain
    static final String MESSAGE = "机密消息 Zephyrine valuation memo";
    static final String CONTENT = "Quixotrel 估值偏高 不再推进";
    static final String FACT_VALUE = "Vantablack-risk-appetite-medium";
    static final String ENTITY = "Quixotrel";

    /** Every byte the store keeps, as text (the SQLite file and its WAL; every PostgreSQL row as text). */
    protected abstract String storedText() throws Exception;

    /** Runs one statement on the store's database beside the store (to copy a value as an attacker would). */
    protected abstract void execute(String statement) throws Exception;

    /** Empties the database, key checks included, and makes {@link #store} a store over it with {@code keys}. */
    protected abstract void emptyStoreWith(FieldProtection keys) throws Exception;

    /** Makes {@link #store} the same database opened again with {@code keys} (another start). */
    protected abstract void reopenWith(FieldProtection keys) throws Exception;

    private void writeSecrets() {
        Memory m = memory("m-secret", P).content(CONTENT).normalizedContent(CONTENT.toLowerCase())
                .entities(List.of(ENTITY)).keywords(List.of("quixotrel", "估值")).build();
        insert(m, memory("m-plain-neighbour", P).build());
        inWrite(tx -> {
            tx.rawMessages().append(new RawMessage("raw-secret", P, "msg-1", null, Source.EXPLICIT, MESSAGE, T0, T0,
                    FeedbackOutcome.CREATED, "m-secret", List.of(), List.of()));
            tx.rawMessages().append(raw("raw-other", P, "msg-2"));
            tx.facts().insert(new Fact("f-secret", P, "risk_appetite", FACT_VALUE, 0.9, Source.EXPLICIT, T0, null,
                    null, T0, "pm"));
            tx.auditTrail().record(new AuditEvent("a-secret", P, "m-secret", "raw-secret", AuditKind.MEMORY_CORRECTED,
                    "fields=content", T0, "pm", "before " + CONTENT, "after " + CONTENT));
        });
    }

    @Test
    void noStoredByteHoldsMessageTextMemoryContentOrFactValue() throws Exception {
        writeSecrets();

        String stored = storedText();
        assertThat(stored).doesNotContain("Zephyrine").doesNotContain("机密消息").doesNotContain("Quixotrel")
                .doesNotContain("quixotrel").doesNotContain("Vantablack").doesNotContain("估值偏高");
        assertThat(stored).contains("enc1:"); // sealed, not missing
    }

    @Test
    void whatWasSealedReadsBackAndIsFoundByItsTermsKeysAndDedupKey() {
        writeSecrets();

        secretsReadBackAndAreFoundByTermsKeysAndDedupKey();
    }

    private void secretsReadBackAndAreFoundByTermsKeysAndDedupKey() {
        Memory back = findById(P, "m-secret").orElseThrow();
        assertThat(back.content()).isEqualTo(CONTENT);
        assertThat(back.normalizedContent()).isEqualTo(CONTENT.toLowerCase());
        assertThat(back.entities()).containsExactly(ENTITY);
        assertThat(byMessageId(P, "msg-1").orElseThrow().content()).isEqualTo(MESSAGE);
        assertThat(auditFor(P, "m-secret")).singleElement().satisfies(e -> {
            assertThat(e.before()).isEqualTo("before " + CONTENT);
            assertThat(e.after()).isEqualTo("after " + CONTENT);
        });
        assertThat(store.read(tx -> tx.facts().latest(P, "risk_appetite")).orElseThrow().value()).isEqualTo(FACT_VALUE);
        assertThat(duplicatesVisibleDuring(P, MemoryType.PROJECT_NEGATIVE, CONTENT.toLowerCase(), T0, null))
                .extracting(Memory::id).containsExactly("m-secret");
        assertThat(byEntitiesVisibleDuring(P, MemoryType.PROJECT_NEGATIVE, back.entityKeys().stream().toList(), T0, null))
                .extracting(Memory::id).containsExactly("m-secret");
        assertThat(list(query(P, MemoryStatus.ACTIVE, null, back.entityKeys().iterator().next(), null, 10,
                CLOCK.instant())))
                .extracting(Memory::id).containsExactly("m-secret");
        List<Memory> sharers = store.read(tx -> tx.memories().findVisibleSharingTerms(P,
                RecallWindow.present(CLOCK.instant()), List.of("quixotrel")));
        assertThat(sharers).extracting(Memory::id).containsExactly("m-secret");
    }

    /**
     * Turning encryption on over a store written without it: with plain values readable the old rows are served and
     * found as before, the job seals them, and then no stored byte holds their text and a key alone reads them.
     */
    @Test
    void turningEncryptionOnOverPlainRowsKeepsServingThemUntilTheJobSealsThemThenNoStoredByteHoldsTheirText()
            throws Exception {
        emptyStoreWith(FieldProtection.none());
        writeSecrets();
        assertThat(storedText()).contains("Quixotrel").contains("Zephyrine").contains("Vantablack");

        PlainValuesReadable readable = new PlainValuesReadable(PROTECTION);
        reopenWith(readable);
        secretsReadBackAndAreFoundByTermsKeysAndDedupKey();
        insert(memory("m-new", P).content("Zephyrine-later 估值合理").build()); // sealed at once, beside plain rows
        assertThat(findById(P, "m-new").orElseThrow().content()).isEqualTo("Zephyrine-later 估值合理");

        JobReport report = new Reencryption(store, readable, CLOCK).run();

        assertThat(report.changed()).isPositive();
        assertThat(readable.plainMayRemain()).isFalse();
        secretsReadBackAndAreFoundByTermsKeysAndDedupKey();
        String stored = storedText();
        assertThat(stored).doesNotContain("Zephyrine").doesNotContain("机密消息").doesNotContain("Quixotrel")
                .doesNotContain("quixotrel").doesNotContain("Vantablack").doesNotContain("估值偏高");
        assertThat(new Reencryption(store, readable, CLOCK).status().rowsToReseal()).isZero();
        reopenWith(PROTECTION); // strict: every value opens under the key
        secretsReadBackAndAreFoundByTermsKeysAndDedupKey();
    }

    @Test
    void withPlainValuesRefusedAPlainRowIsReportedUntilTheJobSealsIt() throws Exception {
        emptyStoreWith(FieldProtection.none());
        writeSecrets();

        reopenWith(PROTECTION);
        assertThatThrownBy(() -> findById(P, "m-secret"))
                .isInstanceOf(UnreadableFieldException.class)
                .hasMessageContaining("memories.content of row m-secret");
        new Reencryption(store, PROTECTION, CLOCK).run();
        secretsReadBackAndAreFoundByTermsKeysAndDedupKey();
    }

    @Test
    void aRecalledMemoryIsCountedOverTheQueryTermsItsBlindIndexesHold() {
        writeSecrets();
        store.write(P, tx -> tx.memories().addRecalls(List.of(new RecallTally(P, "m-secret", 1, T0.plusSeconds(5)))));

        List<TermMatch> recalled = store.read(tx -> tx.memories().findVisibleRecalled(P,
                RecallWindow.present(CLOCK.instant()), List.of("quixotrel", "估值", "unrelated")));

        assertThat(recalled).singleElement().satisfies(m -> {
            assertThat(m.key().id()).isEqualTo("m-secret");
            assertThat(m.sharedTerms()).isEqualTo(2);
        });
    }

    @Test
    void aSealedValueCopiedToAnotherRowIsReportedNotServed() throws Exception {
        writeSecrets();

        execute("UPDATE memories SET content = (SELECT content FROM memories WHERE id = 'm-secret')"
                + " WHERE id = 'm-plain-neighbour'");

        assertThatThrownBy(() -> findById(P, "m-plain-neighbour"))
                .isInstanceOf(UnreadableFieldException.class)
                .hasMessageContaining("memories.content of row m-plain-neighbour")
                .hasMessageNotContaining(CONTENT);
        assertThat(findById(P, "m-secret").orElseThrow().content()).isEqualTo(CONTENT); // the original still opens
    }

    @Test
    void aPlainValueSlippedInWhileEncryptionIsOnIsReported() throws Exception {
        writeSecrets();

        execute("UPDATE raw_messages SET content = 'injected plain text' WHERE id = 'raw-other'");

        assertThatThrownBy(() -> byMessageId(P, "msg-2"))
                .isInstanceOf(UnreadableFieldException.class)
                .hasMessageContaining("raw_messages.content of row raw-other");
    }
}
