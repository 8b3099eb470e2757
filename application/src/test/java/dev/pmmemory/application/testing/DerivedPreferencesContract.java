package dev.pmmemory.application.testing;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pmmemory.application.port.in.AuditEvent;
import dev.pmmemory.application.model.AuditKind;
import dev.pmmemory.application.port.in.ContextResult;
import dev.pmmemory.application.port.in.MemoryActionCommand;
import dev.pmmemory.application.port.in.MemoryChange;
import dev.pmmemory.application.port.out.MemoryListQuery;
import dev.pmmemory.application.port.out.MemoryStore;
import dev.pmmemory.application.service.FeedbackIntake;
import dev.pmmemory.application.service.LexiconPatterns;
import dev.pmmemory.application.service.MemoryCorrections;
import dev.pmmemory.application.service.PreferenceDerivation;
import dev.pmmemory.domain.memory.Memory;
import dev.pmmemory.domain.memory.MemoryStatus;
import dev.pmmemory.domain.memory.MemoryType;
import dev.pmmemory.domain.memory.PendingReason;
import dev.pmmemory.domain.memory.Source;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Derived preferences (docs/rules.md "Derived preferences") on a store: the derive job over memories
 * stored by the real write path, settled through the real pending flow. Run by {@link MemoryStoreContract}
 * on every store (a nested class).
 */
public abstract class DerivedPreferencesContract {
    private static final String P = "pm-derive";
    private final Instant today = Instant.parse("2026-06-15T08:00:00Z");
    private final MutableClock clock = new MutableClock(today);
    private FeedbackIntake intake;
    private MemoryCorrections corrections;
    private PreferenceDerivation derive;

    /** The store under test, fresh and empty. */
    protected abstract MemoryStore store();

    @BeforeEach
    void wireTheUseCases() {
        intake = UseCases.feedbackIntake(store(), clock);
        corrections = UseCases.memoryCorrections(store(), clock);
        derive = new PreferenceDerivation(store(), new LexiconPatterns(UseCases.LEXICON), UseCases.ANALYZER,
                UseCases.UUIDS, clock);
    }

    private String add(String text, Instant at) {
        return intake.add(UseCases.feedback(P, text, at)).memory().orElseThrow().memory().id();
    }

    /** "估值太高" about four companies within two months. */
    private List<String> fourHighValuations() {
        List<String> ids = new ArrayList<>();
        String[] companies = {"OpenAI", "Anthropic", "Mistral", "DeepSeek"};
        for (int i = 0; i < companies.length; i++) {
            ids.add(add(companies[i] + " 估值太高", today.minus(Duration.ofDays(50 - 12L * i))));
        }
        return ids;
    }

    private List<Memory> proposals() {
        return store().read(tx -> tx.memories().list(new MemoryListQuery(P, null, MemoryType.LONG_TERM_PREFERENCE,
                null, null, 100, clock.instant()))).stream().filter(m -> m.source() == Source.INFERRED).toList();
    }

    @Test
    void fourMatchingNegativesProposeAPendingInferredPreferenceWithItsEvidence() {
        List<String> evidence = fourHighValuations();
        add("Figure 商业化弱", today.minus(Duration.ofDays(3))); // another reason: not evidence

        assertThat(derive.run().changed()).isEqualTo(1);

        Memory proposal = proposals().get(0);
        assertThat(proposal.content()).isEqualTo("对高估值敏感");
        assertThat(proposal.status()).isEqualTo(MemoryStatus.PENDING);
        assertThat(proposal.pendingReason()).isEqualTo(PendingReason.INFERRED);
        assertThat(proposal.derivation().rule()).isEqualTo("high_valuation");
        assertThat(proposal.derivation().evidence()).containsExactlyElementsOf(evidence.stream().sorted().toList());
        assertThat(proposal.derivation().rationale()).contains("\u201c估值太高\u201d", "OpenAI", "Anthropic", "Mistral", "深度求索", "4 entities");
        List<AuditEvent> events = store().read(tx -> tx.auditTrail().forMemory(P, proposal.id()));
        assertThat(events).extracting(AuditEvent::kind).containsExactly(AuditKind.MEMORY_PENDING);
        assertThat(derive.run().changed()).as("pending already: not proposed twice").isZero();
    }

    @Test
    void threeMatchingNegativesOrFourOutsideTheWindowProposeNothing() {
        add("OpenAI 估值太高", today.minus(Duration.ofDays(100))); // outside the 60-day window
        add("Anthropic 估值太高", today.minus(Duration.ofDays(30)));
        add("Mistral 估值太高", today.minus(Duration.ofDays(20)));
        add("DeepSeek 估值太高", today.minus(Duration.ofDays(10)));

        assertThat(derive.run().changed()).isZero();
        assertThat(proposals()).isEmpty();
    }

    @Test
    void aRejectedProposalIsNotProposedAgainForTheSameEvidenceButANewMemoryMayAskAgain() {
        fourHighValuations();
        derive.run();
        String id = proposals().get(0).id();
        corrections.reject(new MemoryActionCommand(P, id, "pm"));

        clock.advance(Duration.ofDays(1));
        assertThat(derive.run().changed()).isZero();
        assertThat(proposals()).hasSize(1);

        add("Moonshot 估值太高", clock.instant());
        assertThat(derive.run().changed()).as("a fifth entity is new evidence").isEqualTo(1);
        assertThat(proposals()).hasSize(2);
    }

    @Test
    void aConfirmedProposalSupersedesNothingAndIsRecalledAsACorePreference() {
        List<String> evidence = fourHighValuations();
        derive.run();
        String id = proposals().get(0).id();

        MemoryChange change = corrections.confirm(new MemoryActionCommand(P, id, "pm"));

        assertThat(change.superseded()).isEmpty();
        assertThat(change.memory().status()).isEqualTo(MemoryStatus.ACTIVE);
        for (String e : evidence) {
            assertThat(store().read(tx -> tx.memories().findById(P, e)).orElseThrow().status())
                    .isEqualTo(MemoryStatus.ACTIVE);
        }
        clock.advance(Duration.ofMinutes(1));
        ContextResult r = UseCases.contextRecall(store(), clock).recall(UseCases.context(P, "Figure 怎么样", 3, null));
        assertThat(r.items()).extracting(i -> i.view().memory().id()).contains(id);
        String core = r.promptBlock().substring(0, r.promptBlock().indexOf("Relevant memories"));
        assertThat(core).contains("对高估值敏感");
        assertThat(derive.run().changed()).as("held now: not proposed again").isZero();
    }
}
