package dev.pmmemory.application.service;

import dev.pmmemory.application.port.in.AuditEvent;
import dev.pmmemory.application.model.AuditKind;
import dev.pmmemory.application.model.Job;
import dev.pmmemory.application.port.in.JobReport;
import dev.pmmemory.application.port.in.PagePosition;
import dev.pmmemory.application.port.out.MemoryListQuery;
import dev.pmmemory.application.port.out.MemoryStore;
import dev.pmmemory.application.port.out.MemoryStore.StoreTransaction;
import dev.pmmemory.application.port.out.PreferenceProposer;
import dev.pmmemory.domain.derive.DerivedProposal;
import dev.pmmemory.domain.memory.Derivation;
import dev.pmmemory.domain.memory.Memory;
import dev.pmmemory.domain.memory.MemoryStatus;
import dev.pmmemory.domain.memory.MemoryType;
import dev.pmmemory.domain.memory.PendingReason;
import dev.pmmemory.domain.memory.Source;
import dev.pmmemory.domain.text.TextAnalyzer;
import dev.pmmemory.domain.text.TextNormalizer;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.Objects;
import java.util.UUID;

/**
 * The derive job (docs/rules.md "Derived preferences"): for each profile, what the proposer sees in the
 * memories last seen within its look-back becomes a {@code pending} long-term preference with source {@code inferred}, reason
 * {@code inferred} and its derivation (rule, rationale, evidence), for the PM to confirm or reject.
 *
 * <p>Nothing is proposed twice: not a text the profile already holds as a preference or has pending, and
 * not a text rejected (or deleted) before unless a memory outside that proposal's evidence now shows the
 * pattern too. A proposal's id is a name-based UUID of the profile, its text and its evidence, so two
 * instances proposing the same thing at once collide on the id instead of storing it twice.
 */
public final class PreferenceDerivation {
    private static final int PAGE = 200;

    private final MemoryStore store;
    private final PreferenceProposer proposer;
    private final TextAnalyzer analyzer;
    private final Clock clock;
    private final dev.pmmemory.application.port.out.IdGenerator ids;

    public PreferenceDerivation(MemoryStore store, PreferenceProposer proposer, TextAnalyzer analyzer,
                                dev.pmmemory.application.port.out.IdGenerator ids, Clock clock) {
        this.store = Objects.requireNonNull(store);
        this.proposer = Objects.requireNonNull(proposer);
        this.analyzer = Objects.requireNonNull(analyzer);
        this.ids = Objects.requireNonNull(ids);
        this.clock = Objects.requireNonNull(clock);
    }

    public JobReport run() {
        Instant now = clock.instant().truncatedTo(ChronoUnit.MILLIS);
        List<String> profiles = store.read(tx -> tx.memories().findProfiles());
        long proposed = 0;
        int touched = 0;
        for (String profileId : profiles) {
            // the proposer reads outside the lock (a model may be slow); each proposal is checked again under it
            if (proposer.lookBack().isZero()) {
                break; // no pattern to look for
            }
            List<DerivedProposal> proposals = proposer.propose(profileId,
                    store.read(tx -> tx.memories().findSeenSince(profileId, now.minus(proposer.lookBack()))), now);
            if (proposals.isEmpty()) {
                continue;
            }
            int stored = store.write(profileId, tx -> {
                int n = 0;
                for (DerivedProposal p : proposals) {
                    n += propose(tx, profileId, p, now) ? 1 : 0;
                }
                return n;
            });
            proposed += stored;
            touched += stored > 0 ? 1 : 0;
        }
        return new JobReport(Job.DERIVE, touched, proposed, clock.millis() - now.toEpochMilli());
    }

    private boolean propose(StoreTransaction tx, String profileId, DerivedProposal p, Instant now) {
        String id = proposalId(profileId, p);
        if (tx.memories().findById(profileId, id).isPresent()) {
            return false; // proposed before from this evidence: pending, confirmed or rejected, it is not asked again
        }
        List<Memory> evidence = tx.memories().findByIds(profileId, p.evidence());
        if (evidence.size() != p.evidence().size()) {
            return false; // evidence changed meanwhile: the next run sees what holds
        }
        String normalized = TextNormalizer.normalise(p.content());
        if (!tx.memories().findDuplicatesVisibleDuring(profileId, MemoryType.LONG_TERM_PREFERENCE, normalized, now, null)
                .isEmpty()) {
            return false; // already a preference the bot applies
        }
        Set<String> decided = new HashSet<>();
        for (Memory earlier : preferencesOfText(tx, profileId, normalized, now)) {
            if (earlier.status() == MemoryStatus.PENDING || earlier.status() == MemoryStatus.ACTIVE) {
                return false; // waiting for a decision, or held
            }
            if (earlier.derivation() != null) {
                decided.addAll(earlier.derivation().evidence());
            }
        }
        if (decided.containsAll(p.evidence())) {
            return false; // rejected (or deleted) on this evidence: asked again only when a memory adds to it
        }
        TextAnalyzer.Analysis analysis = analyzer.analyze(p.content());
        Memory proposal = new Memory.Builder()
                .id(id)
                .profileId(profileId)
                .type(MemoryType.LONG_TERM_PREFERENCE)
                .content(p.content())
                .normalizedContent(normalized)
                .entities(analysis.entities())
                .keywords(analysis.keywords())
                .weight(1)
                .status(MemoryStatus.PENDING)
                .source(Source.INFERRED)
                .createdAt(now)
                .lastSeenAt(now)
                .pendingReason(PendingReason.INFERRED)
                .derivation(new Derivation(p.rule(), p.rationale(), p.evidence()))
                .build();
        tx.memories().insert(proposal);
        tx.auditTrail().record(new AuditEvent(ids.newId(), profileId, id, null, AuditKind.MEMORY_PENDING,
                "derived rule=" + p.rule() + " evidence=" + String.join(",", p.evidence()), now));
        return true;
    }

    /** Every stored preference of this text, whatever its status (pending ones are never visible: listed), page by page. */
    private static List<Memory> preferencesOfText(StoreTransaction tx, String profileId, String normalized, Instant now) {
        List<Memory> found = new ArrayList<>();
        PagePosition after = null;
        while (true) {
            List<Memory> page = tx.memories().list(new MemoryListQuery(profileId, null,
                    MemoryType.LONG_TERM_PREFERENCE, null, after, PAGE, now));
            page.stream().filter(m -> m.normalizedContent().equals(normalized)).forEach(found::add);
            if (page.size() < PAGE) {
                return found;
            }
            Memory last = page.get(page.size() - 1);
            after = new PagePosition(last.createdAt(), last.id());
        }
    }

    /** The same profile, text and evidence: the same id, whichever instance or run proposes it. */
    static String proposalId(String profileId, DerivedProposal p) {
        String key = "derived\u001f" + profileId + "\u001f" + p.content() + "\u001f" + String.join("\u001f", p.evidence());
        return UUID.nameUUIDFromBytes(key.getBytes(StandardCharsets.UTF_8)).toString();
    }
}
