package dev.pmmemory.application.service;

import dev.pmmemory.application.port.in.ChangedFields;
import dev.pmmemory.application.model.Job;
import dev.pmmemory.application.port.in.JobReport;
import dev.pmmemory.application.port.in.AuditEvent;
import dev.pmmemory.application.model.AuditKind;
import dev.pmmemory.application.port.out.IdGenerator;
import dev.pmmemory.application.port.out.MemoryListQuery;
import dev.pmmemory.application.port.in.PagePosition;
import dev.pmmemory.application.port.out.MemoryStore;
import dev.pmmemory.domain.memory.Memory;
import dev.pmmemory.domain.memory.MemoryType;
import dev.pmmemory.domain.text.TextAnalyzer;
import dev.pmmemory.domain.text.TextAnalyzer.Analysis;
import java.time.Clock;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * Re-indexes stored memories after the entity registry changed (rules.md §2): each memory's
 * entities and keywords are extracted again from its content with the current dictionary, so that a
 * memory that says 深度求索, stored before 深度求索 became an alias of DeepSeek, now names DeepSeek and
 * is found by {@code entity=DeepSeek}. Profile by profile, in bounded batches, each under the
 * profile's write lock. Idempotent: a memory already indexed with the current dictionary is not
 * touched, so a second run changes nothing. Past conflicts are not re-decided: a supersession stays
 * as it was decided when the message arrived.
 */
public final class EntityReindex {
    /** Memories read per transaction: bounds how long one profile's writers wait. */
    public static final int BATCH = 200;

    private final MemoryStore store;
    private final TextAnalyzer analyzer;
    private final IdGenerator ids;
    private final Clock clock;

    public EntityReindex(MemoryStore store, TextAnalyzer analyzer, IdGenerator ids, Clock clock) {
        this.store = Objects.requireNonNull(store);
        this.analyzer = Objects.requireNonNull(analyzer);
        this.ids = Objects.requireNonNull(ids);
        this.clock = Objects.requireNonNull(clock);
    }

    private record Batch(int read, long changed, PagePosition last) {
    }

    public JobReport run() {
        Instant start = clock.instant();
        List<String> profiles = store.read(tx -> tx.memories().findProfiles());
        long changed = 0;
        int touchedProfiles = 0;
        for (String profileId : profiles) {
            long before = changed;
            PagePosition position = null;
            Batch batch;
            do {
                PagePosition after = position;
                batch = store.write(profileId, tx -> {
                    List<Memory> page = tx.memories().list(new MemoryListQuery(profileId, null, null, null, after,
                            BATCH, clock.instant()));
                    long n = 0;
                    for (Memory m : page) {
                        Optional<Memory> again = reindexed(m);
                        if (again.isPresent()) {
                            tx.memories().update(again.get());
                            tx.auditTrail().record(new AuditEvent(ids.newId(), profileId, m.id(), null,
                                    AuditKind.MEMORY_REINDEXED, "entities=" + String.join(",", again.get().entityKeys()),
                                    clock.instant(), AuditEvent.SYSTEM, entities(m), entities(again.get())));
                            n++;
                        }
                    }
                    Memory last = page.isEmpty() ? null : page.get(page.size() - 1);
                    return new Batch(page.size(), n, last == null ? null : new PagePosition(last.createdAt(), last.id()));
                });
                changed += batch.changed();
                position = batch.last();
            } while (batch.read() == BATCH);
            if (changed > before) {
                touchedProfiles++;
            }
        }
        return new JobReport(Job.REINDEX, touchedProfiles, changed, clock.millis() - start.toEpochMilli());
    }

    /**
     * The memory indexed with the current dictionary, or empty when that changes nothing. A summary's
     * entities and terms were counted from its members, not read from its text: its entities are only
     * renamed to their canonical names.
     */
    Optional<Memory> reindexed(Memory m) {
        List<String> entities;
        List<String> keywords;
        if (m.type() == MemoryType.SUMMARY) {
            Map<String, String> byKey = new LinkedHashMap<>();
            m.entities().forEach(e -> byKey.putIfAbsent(analyzer.key(e), analyzer.canonicalEntity(e)));
            entities = List.copyOf(byKey.values());
            keywords = m.keywords();
        } else {
            Analysis analysis = analyzer.analyze(m.content());
            entities = analysis.entities();
            keywords = analysis.keywords();
        }
        Set<String> superseded = m.supersededEntityKeys().stream().map(analyzer::key)
                .collect(Collectors.toCollection(TreeSet::new));
        if (entities.equals(m.entities()) && keywords.equals(m.keywords())
                && superseded.equals(new TreeSet<>(m.supersededEntityKeys()))) {
            return Optional.empty();
        }
        return Optional.of(m.toBuilder().entities(entities).keywords(keywords).supersededEntityKeys(superseded).build());
    }

    private static String entities(Memory m) {
        return new ChangedFields().put("entities", String.join(", ", m.entities())).json();
    }
}
