package dev.pmmemory.application.testing;

import dev.pmmemory.domain.recall.RankingKey;
import dev.pmmemory.domain.recall.RecallWindow;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.fail;

import dev.pmmemory.application.InvalidInputException;
import dev.pmmemory.application.port.in.AddFeedback;
import dev.pmmemory.application.port.in.AddFeedbackCommand;
import dev.pmmemory.application.port.in.FeedbackResult;
import dev.pmmemory.application.port.in.AuditEvent;
import dev.pmmemory.application.model.AuditKind;
import dev.pmmemory.application.model.FeedbackOutcome;
import dev.pmmemory.application.port.out.MemoryListQuery;
import dev.pmmemory.application.port.in.PagePosition;
import dev.pmmemory.application.port.out.Memories;
import dev.pmmemory.application.port.out.MemoryStore;
import dev.pmmemory.application.port.out.MemoryVectors;
import dev.pmmemory.application.port.in.RawMessage;
import dev.pmmemory.application.service.FeedbackIntake;
import dev.pmmemory.domain.experience.Experience;
import dev.pmmemory.domain.memory.EntityKey;
import dev.pmmemory.domain.memory.Memory;
import dev.pmmemory.domain.memory.MemoryStatus;
import dev.pmmemory.domain.memory.MemoryType;
import dev.pmmemory.domain.memory.Source;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.IntFunction;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/**
 * The storage contract every {@link MemoryStore} must pass: one suite, run by each persistence adapter
 * against its real database. A subclass provides a fresh,
 * empty store per test and may override {@link #closeStore} to release it.
 *
 * <p>Repository behaviour is tested through the port; concurrency through the real
 * {@link FeedbackIntake} use case wired on the store under test.
 */
public abstract class MemoryStoreContract {

    protected static final String P = "pm-alice";
    protected static final String OTHER = "pm-bob";
    protected static final Instant T0 = Instant.parse("2026-05-01T08:00:00Z");
    protected static final Clock CLOCK = Clock.fixed(Instant.parse("2026-05-20T00:00:00Z"), ZoneOffset.UTC);
    private static final int THREADS = 24;

    protected MemoryStore store;

    /** A new, empty store; called once before each test. */
    protected abstract MemoryStore newStore();

    /** Releases a store made by {@link #newStore} (close connections, ...); called after each test. */
    protected void closeStore(MemoryStore store) throws Exception {
    }

    @BeforeEach
    void openContractStore() {
        store = newStore();
    }

    @AfterEach
    void closeContractStore() throws Exception {
        if (store != null) {
            closeStore(store);
        }
    }

    // --- fixtures ------------------------------------------------------------------------------

    /** A valid active 30-day memory whose dedup key is unique to {@code id}. */
    protected static Memory.Builder memory(String id, String profileId) {
        return new Memory.Builder()
                .id(id)
                .profileId(profileId)
                .type(MemoryType.PROJECT_NEGATIVE)
                .content("memory " + id)
                .normalizedContent("memory" + id)
                .entities(List.of("OpenAI"))
                .keywords(List.of("openai", "memory"))
                .weight(1)
                .status(MemoryStatus.ACTIVE)
                .source(Source.EXPLICIT)
                .createdAt(T0)
                .lastSeenAt(T0)
                .validFrom(T0)
                .expiresAt(T0.plus(Duration.ofDays(30)))
                .sourceMessageIds(List.of("raw-" + id));
    }

    protected static RawMessage raw(String id, String profileId, String messageId) {
        return new RawMessage(id, profileId, messageId, null, Source.EXPLICIT, "text of " + id, T0, T0,
                FeedbackOutcome.CREATED, null, List.of(), List.of());
    }

    protected static AuditEvent event(String id, String profileId, String memoryId, Instant at) {
        return new AuditEvent(id, profileId, memoryId, null, AuditKind.MEMORY_CREATED, "type=x", at);
    }

    protected void insert(Memory... memories) {
        store.write(P, tx -> {
            for (Memory m : memories) {
                tx.memories().insert(m);
            }
            return null;
        });
    }

    protected void inWrite(Consumer<MemoryStore.StoreTransaction> work) {
        store.write(P, tx -> {
            work.accept(tx);
            return null;
        });
    }

    protected long memoryCount(String profileId) {
        return store.read(tx -> tx.memories().countByProfile(profileId));
    }

    protected long rawCount(String profileId) {
        return store.read(tx -> tx.rawMessages().countByProfile(profileId));
    }

    protected long auditCount(String profileId) {
        return store.read(tx -> tx.auditTrail().countByProfile(profileId));
    }

    protected List<AuditEvent> auditFor(String profileId, String memoryId) {
        return store.read(tx -> tx.auditTrail().forMemory(profileId, memoryId));
    }

    protected Optional<RawMessage> byMessageId(String profileId, String messageId) {
        return store.read(tx -> tx.rawMessages().findByMessageId(profileId, messageId));
    }

    protected List<RawMessage> rawByIds(String profileId, List<String> ids) {
        return store.read(tx -> tx.rawMessages().findByIds(profileId, ids));
    }

    protected List<Memory> byEntitiesVisibleDuring(String profileId, MemoryType type, List<String> keys,
                                                   Instant from, Instant until) {
        return store.read(tx -> tx.memories().findByEntitiesVisibleDuring(profileId, type, keys, from, until));
    }

    protected List<Memory> duplicatesVisibleDuring(String profileId, MemoryType type, String normalizedContent,
                                                   Instant from, Instant until) {
        return store.read(tx -> tx.memories().findDuplicatesVisibleDuring(profileId, type, normalizedContent,
                from, until));
    }

    protected List<Memory> recallCandidates(String profileId, Instant asOf) {
        return store.read(tx -> tx.memories().findVisible(profileId, asOf));
    }

    protected List<Memory> supersededBy(String profileId, String id) {
        return store.read(tx -> tx.memories().findSupersededBy(profileId, id));
    }

    protected Optional<Memory> findById(String profileId, String id) {
        return store.read(tx -> tx.memories().findById(profileId, id));
    }

    protected List<Memory> list(MemoryListQuery q) {
        return store.read(tx -> tx.memories().list(q));
    }

    protected static MemoryListQuery query(String profileId, MemoryStatus status, MemoryType type, String entityKey,
                                           PagePosition after, int limit, Instant now) {
        return new MemoryListQuery(profileId, status, type, entityKey, after, limit, now);
    }

    private static List<String> ids(List<Memory> memories) {
        return memories.stream().map(Memory::id).toList();
    }

    // --- memories: round trip ------------------------------------------------------------------

    @Nested
    class RoundTrip {

        @Test
        void everyFieldOfAMemorySurvivesInsertAndFindById() {
            Memory full = memory("m-full", P)
                    .type(MemoryType.PROJECT_ADVANCE)
                    .content("OpenAI 和 Mistral AI 都可以推进！")
                    .normalizedContent("openai和mistralai都可以推进")
                    .entities(List.of("OpenAI", "Mistral AI"))
                    .keywords(List.of("mistral", "mistral ai", "openai", "以推", "可以", "推进"))
                    .weight(7)
                    .status(MemoryStatus.SUPERSEDED)
                    .source(Source.INFERRED)
                    .sessionId("session-42")
                    .createdAt(T0)
                    .lastSeenAt(T0.plusMillis(86_400_123))
                    .expiresAt(T0.plus(Duration.ofDays(31)).plusMillis(123))
                    .validFrom(T0.plusMillis(1))
                    .validUntil(T0.plus(Duration.ofDays(2)))
                    .supersededBy("m-newer")
                    .supersededEntityKeys(Set.of("openai", "mistral ai"))
                    .sourceMessageIds(List.of("raw-1", "raw-2", "raw-3"))
                    .build();
            insert(full);

            assertThat(findById(P, "m-full")).contains(full);
        }

        @Test
        void nullsAndEmptyListsSurviveToo() {
            Memory permanent = memory("m-pref", P)
                    .type(MemoryType.LONG_TERM_PREFERENCE)
                    .content("以后少推国内大模型")
                    .normalizedContent("以后少推国内大模型")
                    .entities(List.of())
                    .keywords(List.of())
                    .sessionId(null)
                    .expiresAt(null)
                    .validUntil(null)
                    .supersededBy(null)
                    .supersededEntityKeys(Set.of())
                    .build();
            Memory pending = memory("m-pending", P)
                    .status(MemoryStatus.PENDING)
                    .validFrom(null)
                    .build();
            insert(permanent, pending);

            Memory readBack = findById(P, "m-pref").orElseThrow();
            assertThat(readBack).isEqualTo(permanent);
            assertThat(readBack.expiresAt()).isNull();
            assertThat(readBack.isPermanent()).isTrue();
            assertThat(readBack.sessionId()).isNull();
            assertThat(readBack.entities()).isEmpty();
            assertThat(readBack.supersededEntityKeys()).isEmpty();
            assertThat(findById(P, "m-pending")).contains(pending);
            assertThat(findById(P, "m-pending").orElseThrow().validFrom()).isNull();
        }

        @Test
        void updateReplacesTheStoredMemoryAndItsEntities() {
            insert(memory("m1", P).entities(List.of("OpenAI")).build());
            Memory changed = memory("m1", P)
                    .entities(List.of("Anthropic"))
                    .weight(3)
                    .lastSeenAt(T0.plusSeconds(60))
                    .supersededEntityKeys(Set.of("anthropic"))
                    .sourceMessageIds(List.of("raw-m1", "raw-b"))
                    .build();

            inWrite(tx -> tx.memories().update(changed));

            assertThat(findById(P, "m1")).contains(changed);
            assertThat(byEntitiesVisibleDuring(P, MemoryType.PROJECT_NEGATIVE, List.of("openai"), T0, null)).isEmpty();
            assertThat(ids(byEntitiesVisibleDuring(P, MemoryType.PROJECT_NEGATIVE, List.of("anthropic"), T0, null)))
                    .containsExactly("m1");
            assertThat(ids(list(query(P, null, null, "anthropic", null, 10, T0)))).containsExactly("m1");
            assertThat(list(query(P, null, null, "openai", null, 10, T0))).isEmpty();
        }

        @Test
        void unknownIdIsAbsent() {
            insert(memory("m1", P).build());
            assertThat(findById(P, "nope")).isEmpty();
        }

        @Test
        void updatingAMemoryThatDoesNotExistFails() {
            assertThatThrownBy(() -> inWrite(tx -> tx.memories().update(memory("ghost", P).build())))
                    .isInstanceOf(RuntimeException.class);
            assertThat(findById(P, "ghost")).isEmpty();
        }

        @Test
        void aSecondMemoryWithTheSameIdIsRejectedAndTheWholeWriteRolledBack() {
            Memory first = memory("m1", P).normalizedContent("openai估值高").build();
            Memory second = memory("m1", P).normalizedContent("openai估值低").build();

            assertThatThrownBy(() -> inWrite(tx -> {
                tx.rawMessages().append(raw("r1", P, null));
                tx.memories().insert(first);
                tx.memories().insert(second);
            })).isInstanceOf(RuntimeException.class);

            assertThat(memoryCount(P)).isZero();
            assertThat(rawCount(P)).isZero();
        }

        @Test
        void manyMemoriesMayShareADedupKeyEvenActiveOnes() {
            // an expired memory not yet swept is still stored active beside its successor
            insert(memory("m1", P).normalizedContent("k").status(MemoryStatus.SUPERSEDED).build(),
                    memory("m2", P).normalizedContent("k").status(MemoryStatus.SUPERSEDED).build(),
                    memory("m3", P).normalizedContent("k").status(MemoryStatus.PENDING).validFrom(null).build(),
                    memory("m4", P).normalizedContent("k").build(),
                    memory("m4b", P).normalizedContent("k").createdAt(T0.plus(Duration.ofDays(40)))
                            .lastSeenAt(T0.plus(Duration.ofDays(40))).validFrom(T0.plus(Duration.ofDays(40)))
                            .expiresAt(T0.plus(Duration.ofDays(70))).build(),
                    memory("m5", OTHER).normalizedContent("k").build());

            assertThat(memoryCount(P)).isEqualTo(5);
        }
    }

    // --- memories: profile isolation -------------------------------------------------------------

    @Test
    void nothingOfOneProfileIsVisibleThroughAnother() {
        Memory a = memory("a1", P).normalizedContent("openai估值高").entities(List.of("OpenAI")).build();
        Memory aOld = memory("a0", P).status(MemoryStatus.SUPERSEDED).supersededBy("a1")
                .validUntil(T0.plusSeconds(1)).build();
        inWrite(tx -> {
            tx.memories().insert(a);
            tx.memories().insert(aOld);
            tx.rawMessages().append(raw("ra", P, "msg-1"));
            tx.auditTrail().record(event("ea", P, "a1", T0));
        });
        Instant asOf = T0.plusSeconds(10);

        store.read(tx -> {
            assertThat(tx.memories().findById(OTHER, "a1")).isEmpty();
            assertThat(tx.memories().findDuplicatesVisibleDuring(OTHER, a.type(), a.normalizedContent(), asOf, null))
                    .isEmpty();
            assertThat(tx.memories().findByEntitiesVisibleDuring(OTHER, a.type(), List.of("openai"), asOf, null))
                    .isEmpty();
            assertThat(tx.memories().findVisible(OTHER, asOf)).isEmpty();
            assertThat(tx.memories().findSupersededBy(OTHER, "a1")).isEmpty();
            assertThat(tx.memories().list(query(OTHER, null, null, null, null, 50, asOf))).isEmpty();
            assertThat(tx.memories().list(query(OTHER, null, null, "openai", null, 50, asOf))).isEmpty();
            assertThat(tx.memories().countByProfile(OTHER)).isZero();
            assertThat(tx.rawMessages().findByMessageId(OTHER, "msg-1")).isEmpty();
            assertThat(tx.rawMessages().findByIds(OTHER, List.of("ra"))).isEmpty();
            assertThat(tx.rawMessages().countByProfile(OTHER)).isZero();
            assertThat(tx.auditTrail().forMemory(OTHER, "a1")).isEmpty();
            assertThat(tx.auditTrail().countByProfile(OTHER)).isZero();

            // ... while the owner sees all of it
            assertThat(tx.memories().findById(P, "a1")).contains(a);
            assertThat(tx.memories().findDuplicatesVisibleDuring(P, a.type(), a.normalizedContent(), asOf, null))
                    .containsExactly(a);
            assertThat(ids(tx.memories().findByEntitiesVisibleDuring(P, a.type(), List.of("openai"), asOf, null)))
                    .containsExactly("a1");
            assertThat(ids(tx.memories().findVisible(P, asOf))).containsExactly("a1");
            assertThat(ids(tx.memories().findSupersededBy(P, "a1"))).containsExactly("a0");
            assertThat(tx.memories().list(query(P, null, null, null, null, 50, asOf))).hasSize(2);
            assertThat(tx.memories().countByProfile(P)).isEqualTo(2);
            assertThat(tx.rawMessages().findByMessageId(P, "msg-1")).isPresent();
            assertThat(tx.rawMessages().findByIds(P, List.of("ra"))).hasSize(1);
            assertThat(tx.rawMessages().countByProfile(P)).isEqualTo(1);
            assertThat(tx.auditTrail().forMemory(P, "a1")).hasSize(1);
            assertThat(tx.auditTrail().countByProfile(P)).isEqualTo(1);
            return null;
        });
    }

    @Test
    void theSameMessageIdMayBeUsedByTwoProfiles() {
        inWrite(tx -> {
            tx.rawMessages().append(raw("ra", P, "msg-1"));
            tx.rawMessages().append(raw("rb", OTHER, "msg-1"));
        });

        assertThat(byMessageId(P, "msg-1").orElseThrow().id()).isEqualTo("ra");
        assertThat(byMessageId(OTHER, "msg-1").orElseThrow().id())
                .isEqualTo("rb");
    }

    // --- memories: finders ---------------------------------------------------------------------

    @Test
    void duplicatesAreTheMemoriesWithTheSameKeyVisibleDuringTheRange() {
        String key = "openai估值高";
        Instant day = T0;
        // m-window is visible [T0, T0+30d); a range meets it if it starts before its end and ends after its start
        insert(memory("m-window", P).normalizedContent(key).build(),
                memory("m-other-type", P).type(MemoryType.PROJECT_POSITIVE).normalizedContent(key).build(),
                memory("m-other-content", P).normalizedContent(key + "!").build(),
                memory("m-other-profile", OTHER).normalizedContent(key).build());

        assertThat(ids(duplicatesVisibleDuring(P, MemoryType.PROJECT_NEGATIVE, key, day.plusSeconds(5), null)))
                .containsExactly("m-window");
        assertThat(ids(duplicatesVisibleDuring(P, MemoryType.PROJECT_POSITIVE, key, day, null)))
                .containsExactly("m-other-type");
        // said 29 days 23 hours later: still visible when said
        assertThat(ids(duplicatesVisibleDuring(P, MemoryType.PROJECT_NEGATIVE, key,
                day.plus(Duration.ofDays(30)).minusSeconds(1), null))).containsExactly("m-window");
        // said at or after its expiry: the range starts where the window has ended
        assertThat(duplicatesVisibleDuring(P, MemoryType.PROJECT_NEGATIVE, key, day.plus(Duration.ofDays(30)), null))
                .isEmpty();
        // said before it began (a late message): it meets the range only if it begins before the range ends
        assertThat(ids(duplicatesVisibleDuring(P, MemoryType.PROJECT_NEGATIVE, key, day.minus(Duration.ofDays(2)),
                day.plus(Duration.ofDays(1))))).containsExactly("m-window");
        assertThat(duplicatesVisibleDuring(P, MemoryType.PROJECT_NEGATIVE, key, day.minus(Duration.ofDays(2)),
                day)).isEmpty();
    }

    @Test
    void duplicatesNeverIncludeMemoriesThatWereNotVisibleInTheRange() {
        String key = "k";
        Instant said = T0.plus(Duration.ofDays(1));
        insert(memory("pending", P).normalizedContent(key).status(MemoryStatus.PENDING).validFrom(null).build(),
                memory("rejected", P).normalizedContent(key).status(MemoryStatus.REJECTED).validFrom(null).build(),
                // stored status 'active', but expired before the message was said (not yet swept)
                memory("expired-unswept", P).normalizedContent(key).expiresAt(said).build(),
                memory("expired-swept", P).normalizedContent(key).status(MemoryStatus.EXPIRED)
                        .expiresAt(said.minusSeconds(1)).build(),
                memory("superseded-before", P).normalizedContent(key).status(MemoryStatus.SUPERSEDED)
                        .validUntil(said).build(),
                memory("never-visible", P).normalizedContent(key).status(MemoryStatus.SUPERSEDED)
                        .validUntil(T0).build());

        assertThat(duplicatesVisibleDuring(P, MemoryType.PROJECT_NEGATIVE, key, said, null)).isEmpty();

        // the same memories before they ended: visible when said (a late message), whatever their stored status
        insert(memory("superseded-later", P).normalizedContent(key).status(MemoryStatus.SUPERSEDED)
                        .validUntil(said.plusSeconds(1)).build(),
                memory("expired-later", P).normalizedContent(key).status(MemoryStatus.EXPIRED)
                        .expiresAt(said.plusSeconds(1)).build(),
                memory("permanent", P).normalizedContent(key).expiresAt(null).build());
        assertThat(ids(duplicatesVisibleDuring(P, MemoryType.PROJECT_NEGATIVE, key, said, null)))
                .containsExactlyInAnyOrder("superseded-later", "expired-later", "permanent");
    }

    @Test
    void conflictCandidatesHonourTypeEntityKeysAndTheVisibilityRange() {
        Instant said = T0.plus(Duration.ofDays(1));
        insert(memory("e1", P).type(MemoryType.PROJECT_ADVANCE).entities(List.of("OpenAI", "Anthropic")).build(),
                memory("e2", P).type(MemoryType.PROJECT_ADVANCE).entities(List.of("Anthropic")).build(),
                memory("e3", P).type(MemoryType.PROJECT_ADVANCE).entities(List.of("Anthropic"))
                        .status(MemoryStatus.SUPERSEDED).validUntil(said).build(),
                memory("e4", P).type(MemoryType.PROJECT_ADVANCE).entities(List.of("Anthropic"))
                        .status(MemoryStatus.PENDING).validFrom(null).build(),
                memory("e5", P).type(MemoryType.PROJECT_NEGATIVE).entities(List.of("Anthropic")).build(),
                memory("e6", P).type(MemoryType.PROJECT_ADVANCE).entities(List.of("Mistral AI")).build(),
                memory("e7", P).type(MemoryType.PROJECT_ADVANCE).entities(List.of()).build(),
                memory("e8", OTHER).type(MemoryType.PROJECT_ADVANCE).entities(List.of("Anthropic")).build(),
                // expired, though stored active: takes part in no conflict after its expiry
                memory("e9", P).type(MemoryType.PROJECT_ADVANCE).entities(List.of("Anthropic"))
                        .expiresAt(said.minusSeconds(1)).build(),
                // said after the message: meets the range only while the message would be alive
                memory("e10", P).type(MemoryType.PROJECT_ADVANCE).entities(List.of("Anthropic"))
                        .createdAt(said.plus(Duration.ofDays(5))).lastSeenAt(said.plus(Duration.ofDays(5)))
                        .validFrom(said.plus(Duration.ofDays(5))).expiresAt(said.plus(Duration.ofDays(35))).build());
        Instant until = said.plus(Duration.ofDays(30));

        assertThat(ids(byEntitiesVisibleDuring(P, MemoryType.PROJECT_ADVANCE, List.of("anthropic"), said, until)))
                .containsExactly("e1", "e10", "e2");
        assertThat(ids(byEntitiesVisibleDuring(P, MemoryType.PROJECT_ADVANCE, List.of("anthropic"), said,
                said.plus(Duration.ofDays(5))))).containsExactly("e1", "e2");
        assertThat(ids(byEntitiesVisibleDuring(P, MemoryType.PROJECT_ADVANCE,
                List.of("openai", EntityKey.of("Mistral AI")), said, until))).containsExactly("e1", "e6");
        assertThat(ids(byEntitiesVisibleDuring(P, MemoryType.PROJECT_NEGATIVE, List.of("anthropic", "openai"),
                said, null))).containsExactly("e5");
        assertThat(byEntitiesVisibleDuring(P, MemoryType.PROJECT_ADVANCE, List.of("nobody"), said, null)).isEmpty();
        assertThat(byEntitiesVisibleDuring(P, MemoryType.PROJECT_ADVANCE, List.of(), said, null)).isEmpty();
    }

    @Test
    void recallCandidatesAreTheMemoriesInsideTheirVisibilityWindowAtAsOf() {
        Instant asOf = T0.plus(Duration.ofDays(5));
        insert(memory("from-later", P).validFrom(asOf.plusMillis(1)).build(),
                memory("from-exactly", P).validFrom(asOf).build(),
                memory("until-exactly", P).status(MemoryStatus.SUPERSEDED).validUntil(asOf).build(),
                memory("until-later", P).status(MemoryStatus.SUPERSEDED).validUntil(asOf.plusMillis(1)).build(),
                memory("expires-exactly", P).expiresAt(asOf).build(),
                memory("expires-later", P).expiresAt(asOf.plusMillis(1)).build(),
                memory("permanent", P).type(MemoryType.LONG_TERM_PREFERENCE).expiresAt(null).build(),
                memory("pending", P).status(MemoryStatus.PENDING).validFrom(null).build(),
                memory("other-profile", OTHER).build());

        assertThat(ids(recallCandidates(P, asOf)))
                .containsExactlyInAnyOrder("from-exactly", "until-later", "expires-later", "permanent");
        assertThat(ids(recallCandidates(P, T0.minusMillis(1)))).isEmpty();
    }

    @Test
    void findSupersededByReturnsTheEarlierVersionsOldestFirst() {
        insert(memory("new", P).build(),
                memory("v2", P).status(MemoryStatus.SUPERSEDED).supersededBy("new").createdAt(T0.plusSeconds(20)).build(),
                memory("v1b", P).status(MemoryStatus.SUPERSEDED).supersededBy("new").createdAt(T0.plusSeconds(10)).build(),
                memory("v1a", P).status(MemoryStatus.SUPERSEDED).supersededBy("new").createdAt(T0.plusSeconds(10)).build(),
                memory("unrelated", P).status(MemoryStatus.SUPERSEDED).supersededBy("else").build());

        assertThat(ids(supersededBy(P, "new"))).containsExactly("v1a", "v1b", "v2");
    }

    @Test
    void countByProfileCountsEveryStatus() {
        insert(memory("m1", P).build(), memory("m2", P).status(MemoryStatus.SUPERSEDED).build(),
                memory("m3", P).status(MemoryStatus.EXPIRED).build(), memory("m4", OTHER).build());

        assertThat(memoryCount(P)).isEqualTo(3);
        assertThat(memoryCount(OTHER)).isEqualTo(1);
        assertThat(memoryCount("nobody")).isZero();
    }

    // --- memories: recall finders ----------------------------------------------------------------

    /**
     * The finders {@code ContextRecall} selects its candidates with. Each must return exactly the
     * memories inside the visibility window at as_of (valid_from ≤ as_of < valid_until, as_of <
     * expires_at) that it promises, of the asked profile only.
     */
    @Nested
    class RecallFinders {
        private final Instant asOf = T0.plus(Duration.ofDays(5));

        private List<Memory> sharingTerms(String profileId, Instant at, String... terms) {
            return store.read(tx -> tx.memories().findVisibleSharingTerms(profileId, RecallWindow.present(at), List.of(terms)));
        }

        private List<Memory> about(String profileId, Instant at, String entityKey) {
            return store.read(tx -> tx.memories().findVisibleAbout(profileId, RecallWindow.present(at), entityKey));
        }

        private List<Memory> perGroup(String profileId, Instant at, int n) {
            return store.read(tx -> tx.memories().findMostRecentVisiblePerGroup(profileId, RecallWindow.present(at), n));
        }

        /** Memories around the window's edges at {@link #asOf}; all name OpenAI and have the keyword "openai". */
        private void aroundTheWindow() {
            insert(memory("from-later", P).validFrom(asOf.plusMillis(1)).build(),
                    memory("from-exactly", P).validFrom(asOf).build(),
                    memory("until-exactly", P).status(MemoryStatus.SUPERSEDED).validUntil(asOf).build(),
                    memory("until-later", P).status(MemoryStatus.SUPERSEDED).validUntil(asOf.plusMillis(1)).build(),
                    memory("expires-exactly", P).expiresAt(asOf).build(),
                    memory("expires-later", P).expiresAt(asOf.plusMillis(1)).build(),
                    memory("swept-expired", P).status(MemoryStatus.EXPIRED).expiresAt(asOf.minusMillis(1)).build(),
                    memory("deleted", P).status(MemoryStatus.DELETED).validUntil(asOf.minusMillis(1)).build(),
                    memory("permanent", P).type(MemoryType.LONG_TERM_PREFERENCE).expiresAt(null).build(),
                    memory("pending", P).status(MemoryStatus.PENDING).validFrom(null).build(),
                    memory("rejected", P).status(MemoryStatus.REJECTED).validFrom(null).build(),
                    memory("other-profile", OTHER).build());
        }

        private static final String[] INSIDE = {"from-exactly", "until-later", "expires-later", "permanent"};

        @Test
        void everyFinderHonoursTheSameVisibilityWindow() {
            aroundTheWindow();

            assertThat(ids(recallCandidates(P, asOf))).containsExactlyInAnyOrder(INSIDE);
            assertThat(ids(sharingTerms(P, asOf, "openai"))).containsExactlyInAnyOrder(INSIDE);
            assertThat(ids(about(P, asOf, "openai"))).containsExactlyInAnyOrder(INSIDE);
            assertThat(ids(perGroup(P, asOf, 50))).containsExactlyInAnyOrder(INSIDE);
            assertThat(termMatches(P, asOf, "openai")).extracting(m -> m.key().id())
                    .containsExactlyInAnyOrder(INSIDE);
        }

        /**
         * A past read: the window of the memories not seen again since hands over only those, with every
         * finder; the others visible then, seen again since or partly superseded, are the changed ones.
         */
        @Test
        void aPastWindowHandsOverTheSettledAndTheChangedAreReadApart() {
            aroundTheWindow();
            insert(memory("seen-again", P).weight(3).lastSeenAt(asOf.plus(Duration.ofDays(2))).build(),
                    memory("seen-exactly", P).lastSeenAt(asOf).build(),
                    memory("partly", P).entities(List.of("OpenAI", "Anthropic")).keywords(List.of("openai", "anthropic"))
                            .supersededEntityKeys(Set.of("anthropic")).build(),
                    memory("seen-again-other", OTHER).lastSeenAt(asOf.plus(Duration.ofDays(2))).build());
            RecallWindow settled = RecallWindow.settledAt(asOf);
            String[] settledInside = {"from-exactly", "until-later", "expires-later", "permanent", "seen-exactly",
                    "partly"};

            assertThat(ids(store.read(tx -> tx.memories().findVisibleSharingTerms(P, settled, List.of("openai")))))
                    .containsExactlyInAnyOrder(settledInside);
            assertThat(ids(store.read(tx -> tx.memories().findVisibleAbout(P, settled, "openai"))))
                    .containsExactlyInAnyOrder(settledInside);
            assertThat(ids(store.read(tx -> tx.memories().findMostRecentVisiblePerGroup(P, settled, 50))))
                    .containsExactlyInAnyOrder(settledInside);
            List<Memories.TermMatch> matches = store.read(tx -> tx.memories().findVisibleTermMatches(P, settled,
                    List.of("openai")));
            assertThat(matches).extracting(m -> m.key().id()).containsExactlyInAnyOrder(settledInside);
            assertThat(ids(store.read(tx -> tx.memories().findChangedSince(P, asOf))))
                    .containsExactlyInAnyOrder("seen-again", "partly");
        }

        @Test
        void beforeAnythingWasSaidEveryFinderIsEmpty() {
            aroundTheWindow();
            Instant before = T0.minusMillis(1);

            assertThat(recallCandidates(P, before)).isEmpty();
            assertThat(sharingTerms(P, before, "openai")).isEmpty();
            assertThat(about(P, before, "openai")).isEmpty();
            assertThat(perGroup(P, before, 50)).isEmpty();
        }

        @Test
        void everyFinderReadsOnlyTheAskedProfile() {
            insert(memory("a1", P).build(), memory("a2", P).type(MemoryType.LONG_TERM_PREFERENCE).build());
            inWrite(tx -> {
                tx.memories().insert(memory("b1", OTHER).lastSeenAt(T0.plusSeconds(30)).build());
                tx.memories().insert(memory("b2", OTHER).weight(12).build());
            });

            assertThat(ids(recallCandidates(P, asOf))).containsExactlyInAnyOrder("a1", "a2");
            assertThat(ids(sharingTerms(P, asOf, "openai", "memory"))).containsExactlyInAnyOrder("a1", "a2");
            assertThat(ids(about(P, asOf, "openai"))).containsExactlyInAnyOrder("a1", "a2");
            assertThat(ids(perGroup(P, asOf, 1))).containsExactlyInAnyOrder("a1", "a2");
            assertThat(ids(recallCandidates(OTHER, asOf))).containsExactlyInAnyOrder("b1", "b2");
            assertThat(ids(sharingTerms(OTHER, asOf, "openai"))).containsExactlyInAnyOrder("b1", "b2");
            assertThat(ids(about(OTHER, asOf, "openai"))).containsExactlyInAnyOrder("b1", "b2");
            assertThat(ids(perGroup(OTHER, asOf, 1))).containsExactlyInAnyOrder("b1", "b2");
            assertThat(recallCandidates("pm-nobody", asOf)).isEmpty();
            assertThat(sharingTerms("pm-nobody", asOf, "openai")).isEmpty();
            assertThat(about("pm-nobody", asOf, "openai")).isEmpty();
            assertThat(perGroup("pm-nobody", asOf, 5)).isEmpty();
        }

        @Test
        void aFoundMemoryComesBackWhole() {
            Memory full = memory("m1", P).type(MemoryType.PROJECT_ADVANCE).entities(List.of("OpenAI", "Mistral AI"))
                    .keywords(List.of("openai", "mistral ai", "推进")).weight(4).sessionId("s-1")
                    .lastSeenAt(T0.plusSeconds(90)).supersededEntityKeys(Set.of("mistral ai"))
                    .sourceMessageIds(List.of("raw-1", "raw-2")).build();
            insert(full);

            assertThat(sharingTerms(P, asOf, "推进")).containsExactly(full);
            assertThat(about(P, asOf, "openai")).containsExactly(full);
            assertThat(perGroup(P, asOf, 1)).containsExactly(full);
            assertThat(recallCandidates(P, asOf)).containsExactly(full);
        }

        // --- findVisibleTermMatches ---

        private List<Memories.TermMatch> termMatches(String profileId, Instant at, String... terms) {
            return store.read(tx -> tx.memories().findVisibleTermMatches(profileId, RecallWindow.present(at), List.of(terms)));
        }

        @Test
        void termMatchesCountSharedAndDistinctTermsOfEveryMemorySharingOne() {
            Memory a = memory("m-a", P).type(MemoryType.PROJECT_ADVANCE).weight(7).lastSeenAt(T0.plusSeconds(42))
                    .keywords(List.of("openai", "估值", "值高", "估值")).build();
            insert(a, memory("m-b", P).keywords(List.of("估值")).build(),
                    memory("m-c", P).keywords(List.of("anthropic", "推进")).build(),
                    memory("m-d", OTHER).keywords(List.of("估值")).build());

            assertThat(termMatches(P, asOf, "估值", "openai", "不存在", "估值")).containsExactlyInAnyOrder(
                    new Memories.TermMatch(new RankingKey("m-a", MemoryType.PROJECT_ADVANCE, 7, T0.plusSeconds(42)), 2, 3, false),
                    new Memories.TermMatch(new RankingKey("m-b", MemoryType.PROJECT_NEGATIVE, 1, T0), 1, 1, false));
            assertThat(termMatches(P, asOf, "不存在")).isEmpty();
            assertThat(termMatches(P, asOf)).isEmpty();
        }

        @Test
        void termMatchesFollowAnUpdateOfTheKeywords() {
            Memory m = memory("m-a", P).keywords(List.of("估值", "openai")).build();
            insert(m);
            inWrite(tx -> tx.memories().update(m.toBuilder().keywords(List.of("海外", "openai", "估值", "大模型")).build()));

            assertThat(termMatches(P, asOf, "海外", "估值")).singleElement()
                    .satisfies(t -> assertThat(List.of(t.sharedTerms(), t.termCount())).containsExactly(2, 4));
        }

        @Test
        void termMatchesFlagAMemoryThatGaveUpEntitiesAndFollowAnUpdateOfThem() {
            Memory m = memory("m-a", P).entities(List.of("OpenAI", "Anthropic"))
                    .keywords(List.of("openai", "anthropic", "推进")).build();
            insert(m);
            assertThat(termMatches(P, asOf, "anthropic")).singleElement()
                    .satisfies(t -> assertThat(t.partlySuperseded()).isFalse());

            inWrite(tx -> tx.memories().update(m.toBuilder().supersededEntityKeys(Set.of("anthropic")).build()));

            // the counts stay over all its keywords: recall reads it whole for its live terms
            assertThat(termMatches(P, asOf, "anthropic")).singleElement()
                    .satisfies(t -> assertThat(List.of(t.sharedTerms(), t.termCount())).containsExactly(1, 3))
                    .satisfies(t -> assertThat(t.partlySuperseded()).isTrue());
        }

        @Test
        void byIdsFindsTheProfilesMemoriesWithThoseIdsWhole() {
            Memory a = memory("m-a", P).keywords(List.of("openai", "估值")).weight(3).build();
            insert(a, memory("m-b", P).build(), memory("m-c", OTHER).build());

            List<Memory> found = store.read(tx -> tx.memories().findByIds(P, List.of("m-a", "m-c", "nope", "m-a", "m-b")));

            assertThat(found).extracting(Memory::id).containsExactlyInAnyOrder("m-a", "m-b");
            assertThat(found).contains(a);
            List<Memory> none = store.read(tx -> tx.memories().findByIds(P, List.of()));
            assertThat(none).isEmpty();
        }

        // --- findBestTermMatches ---

        private static final java.util.Map<MemoryType, Double> PRIORITIES = java.util.Map.of(
                MemoryType.LONG_TERM_PREFERENCE, 1.0, MemoryType.PROJECT_NEGATIVE, 0.9,
                MemoryType.PROJECT_ADVANCE, 0.8, MemoryType.PROJECT_POSITIVE, 0.6, MemoryType.MARKET_INFO, 0.5,
                MemoryType.TEMP_STATUS, 0.3);

        /** Sharers of 估值 of every type, weight, age and term count, a few invisible, partly superseded or elsewhere. */
        private void manySharers() {
            manySharers(60);
        }

        private void manySharers(int count) {
            manySharers(count, count);
        }

        /** {@code count} memories with 估值, a third of the first {@code withOpenai} also with openai. */
        private void manySharers(int count, int withOpenai) {
            java.util.Random r = new java.util.Random(42);
            List<Memory> all = new ArrayList<>();
            MemoryType[] types = MemoryType.values();
            for (int i = 0; i < count; i++) {
                List<String> keywords = new ArrayList<>(List.of("估值"));
                if (i % 3 == 0 && i < withOpenai) {
                    keywords.add("openai");
                }
                for (int k = 0; k < r.nextInt(6); k++) {
                    keywords.add("词" + r.nextInt(40));
                }
                Memory.Builder b = memory(String.format("s-%03d", i), P).type(types[r.nextInt(types.length)])
                        .keywords(keywords).weight(1 + r.nextInt(14))
                        .createdAt(asOf.minus(Duration.ofDays(41))).validFrom(asOf.minus(Duration.ofDays(41)))
                        .lastSeenAt(asOf.minus(Duration.ofHours(r.nextInt(24 * 40)))).expiresAt(null);
                if (i % 17 == 0) {
                    b.supersededEntityKeys(Set.of("openai"));
                }
                if (i % 19 == 0) {
                    b.validUntil(asOf.minusSeconds(1)).status(MemoryStatus.SUPERSEDED);
                }
                all.add(b.build());
            }
            all.add(memory("elsewhere", OTHER).keywords(List.of("估值")).build());
            insert(all.toArray(Memory[]::new));
        }

        @Test
        void bestTermMatchesAreTheBestByTheRankingsScoreThenThePartlySupersededOnes() {
            manySharers();
            Set<MemoryType> types = Set.of(MemoryType.values());
            dev.pmmemory.domain.recall.SharerRanking ranking = new dev.pmmemory.domain.recall.SharerRanking(dev.pmmemory.domain.recall.RecallWindow.present(asOf),
                    Set.of("估值", "openai", "不存在"), types, PRIORITIES, 3, 11);

            List<Memories.RankedTermMatch> best = store.read(tx -> tx.memories().findBestTermMatches(P, ranking));

            // what the port's own definition gives over every sharer, scored in Java
            List<Memories.TermMatch> every = termMatches(P, asOf, "估值", "openai", "不存在");
            List<Memories.TermMatch> expected = bestBy(ranking, every, 11);
            List<Memories.TermMatch> partly = every.stream().filter(Memories.TermMatch::partlySuperseded).toList();
            assertThat(partly).isNotEmpty();
            assertThat(best.stream().map(Memories.RankedTermMatch::match).toList().subList(0, 11))
                    .containsExactlyElementsOf(expected);
            assertThat(best.stream().map(Memories.RankedTermMatch::match).toList().subList(11, best.size()))
                    .containsExactlyInAnyOrderElementsOf(partly);
            for (Memories.RankedTermMatch b : best.subList(0, 11)) {
                Memories.TermMatch m = b.match();
                assertThat(b.storeScore()).isCloseTo(ranking.score(m.key().type(), m.key().weight(), m.key().lastSeenAt(),
                        m.sharedTerms(), m.termCount()), org.assertj.core.api.Assertions.within(1e-12));
            }
            assertThat(ranking.settles(best.subList(0, 11).stream().map(Memories.RankedTermMatch::storeScore).toList()))
                    .as("distinct ages: the 11th scores clearly below the 3rd").isTrue();
        }

        /** What the port's own definition gives: the best of every sharer not partly superseded, scored in Java. */
        private static List<Memories.TermMatch> bestBy(dev.pmmemory.domain.recall.SharerRanking ranking,
                                                       List<Memories.TermMatch> every, int limit) {
            return every.stream().filter(m -> !m.partlySuperseded())
                    .sorted(Comparator.comparingDouble((Memories.TermMatch m) -> -ranking.score(m.key().type(), m.key().weight(),
                                    m.key().lastSeenAt(), m.sharedTerms(), m.termCount()))
                            .thenComparing(m -> m.key().lastSeenAt(), Comparator.reverseOrder())
                            .thenComparing(m -> m.key().id()))
                    .limit(limit).toList();
        }

        @Test
        void aTermSharedByHundredsOfMemoriesGivesTheSameBestAsCountingEverySharer() {
            // 估值 on 700 memories: more rows than a store may read apart from the other terms' sharers
            sameBestAsCountingEverySharer(700, true);
        }

        @Test
        void aTermSharedByThousandsOfMemoriesGivesTheSameBestAsCountingEverySharer() {
            // 估值 on 4,200 memories: more rows than a store may read whole (it samples and bounds by score)
            sameBestAsCountingEverySharer(4200, false);
        }

        /** {@code bothKinds}: the data is such that the best of the openai query hold both kinds of sharer. */
        private void sameBestAsCountingEverySharer(int sharers, boolean bothKinds) {
            manySharers(sharers);
            for (Set<String> terms : List.of(Set.of("估值", "openai", "词3"), Set.of("估值", "词7"), Set.of("估值"))) {
                dev.pmmemory.domain.recall.SharerRanking ranking = new dev.pmmemory.domain.recall.SharerRanking(dev.pmmemory.domain.recall.RecallWindow.present(asOf),
                        terms, Set.of(MemoryType.values()), PRIORITIES, 3, 11);

                List<Memories.RankedTermMatch> best = store.read(tx -> tx.memories().findBestTermMatches(P, ranking));

                List<Memories.TermMatch> every = termMatches(P, asOf, terms.toArray(String[]::new));
                List<Memories.TermMatch> expected = bestBy(ranking, every, 11);
                assertThat(best.stream().map(Memories.RankedTermMatch::match).toList().subList(0, 11))
                        .as("the best for %s", terms).containsExactlyElementsOf(expected);
                assertThat(best.stream().map(Memories.RankedTermMatch::match).toList().subList(11, best.size()))
                        .containsExactlyInAnyOrderElementsOf(every.stream().filter(Memories.TermMatch::partlySuperseded).toList());
                assertThat(best.subList(11, best.size())).as("partly superseded: no store score")
                        .allMatch(b -> Double.isNaN(b.storeScore()));
                assertThat(best.subList(0, 11)).allMatch(b -> b.storeScore() > 0);
                if (bothKinds && terms.contains("openai")) {
                    assertThat(expected.stream().filter(m -> m.sharedTerms() > 1)).as("the best hold both kinds")
                            .isNotEmpty().hasSizeLessThan(11);
                }
            }
        }

        @Test
        void otherTermSharersThatLackTheCommonTermStillGiveTheExactBest() {
            otherTermSharersLackingTheCommonTerm(600);
        }

        @Test
        void otherTermSharersThatLackATermOfThousandsStillGiveTheExactBest() {
            // past the rows a store may read whole, so the common term's sharers are bounded by score too
            otherTermSharersLackingTheCommonTerm(4200);
        }

        /**
         * {@code sharers} memories with 估值 (a common term), light and older, a third of the first 600 also with
         * openai; 80 with openai and no 估值, two terms each, heavy and recent: the highest scores they could have
         * with 估值 lead, their real ones do not, so a store that checks only the leaders for 估值 must
         * look further.
         */
        private void otherTermSharersLackingTheCommonTerm(int sharers) {
            manySharers(sharers, 600);
            java.util.Random random = new java.util.Random(7);
            List<Memory> heavy = new ArrayList<>();
            for (int i = 0; i < 80; i++) {
                heavy.add(memory(String.format("h-%03d", i), P).type(MemoryType.MARKET_INFO)
                        .keywords(List.of("openai", "词x" + i))
                        .weight(14).createdAt(asOf.minus(Duration.ofDays(2))).validFrom(asOf.minus(Duration.ofDays(2)))
                        .lastSeenAt(asOf.minus(Duration.ofMinutes(random.nextInt(600)))).expiresAt(null).build());
            }
            insert(heavy.toArray(Memory[]::new));
            for (Set<String> terms : List.of(Set.of("估值", "openai"), Set.of("估值", "openai", "词5"))) {
                dev.pmmemory.domain.recall.SharerRanking ranking = new dev.pmmemory.domain.recall.SharerRanking(dev.pmmemory.domain.recall.RecallWindow.present(asOf),
                        terms, Set.of(MemoryType.values()), PRIORITIES, 3, 11);

                List<Memories.RankedTermMatch> best = store.read(tx -> tx.memories().findBestTermMatches(P, ranking));

                List<Memories.TermMatch> every = termMatches(P, asOf, terms.toArray(String[]::new));
                assertThat(best.stream().map(Memories.RankedTermMatch::match).toList().subList(0, 11))
                        .as("the best for %s", terms).containsExactlyElementsOf(bestBy(ranking, every, 11));
            }
        }

        @Test
        void bestTermMatchesKeepToTheRankingsTypes() {
            manySharers();
            dev.pmmemory.domain.recall.SharerRanking preferences = new dev.pmmemory.domain.recall.SharerRanking(dev.pmmemory.domain.recall.RecallWindow.present(asOf),
                    Set.of("估值"), Set.of(MemoryType.LONG_TERM_PREFERENCE), PRIORITIES, 1, 9);

            List<Memories.RankedTermMatch> best = store.read(tx -> tx.memories().findBestTermMatches(P, preferences));

            assertThat(best.stream().map(b -> b.match().key().type()).distinct().toList())
                    .containsExactly(MemoryType.LONG_TERM_PREFERENCE);
            List<Memories.RankedTermMatch> nobody = store.read(tx -> tx.memories()
                    .findBestTermMatches("pm-nobody", preferences));
            assertThat(nobody).isEmpty();
        }

        // --- findVisibleSharingTerms ---

        @Test
        void sharingTermsFindsTheMemoriesWithAtLeastOneOfTheTerms() {
            insert(memory("m-a", P).keywords(List.of("openai", "估值")).build(),
                    memory("m-b", P).keywords(List.of("anthropic", "推进")).build(),
                    memory("m-c", P).keywords(List.of("估值", "商业")).build(),
                    memory("m-d", P).keywords(List.of()).build());

            assertThat(ids(sharingTerms(P, asOf, "估值"))).containsExactlyInAnyOrder("m-a", "m-c");
            assertThat(ids(sharingTerms(P, asOf, "推进", "不存在"))).containsExactly("m-b");
            assertThat(ids(sharingTerms(P, asOf, "商业", "anthropic"))).containsExactlyInAnyOrder("m-b", "m-c");
            assertThat(sharingTerms(P, asOf, "不存在", "天气")).isEmpty();
        }

        @Test
        void aMemorySharingSeveralTermsComesBackOnce() {
            insert(memory("m-a", P).keywords(List.of("openai", "估值", "值高")).build(),
                    memory("m-b", P).keywords(List.of("估值")).build());

            assertThat(ids(sharingTerms(P, asOf, "openai", "估值", "值高"))).containsExactlyInAnyOrder("m-a", "m-b");
        }

        @Test
        void aTermMustBeAWholeKeyword() {
            insert(memory("m-a", P).keywords(List.of("openai", "大模型")).build());

            assertThat(sharingTerms(P, asOf, "open")).isEmpty();
            assertThat(sharingTerms(P, asOf, "模型")).isEmpty();
            assertThat(sharingTerms(P, asOf, "openai2")).isEmpty();
            assertThat(ids(sharingTerms(P, asOf, "大模型"))).containsExactly("m-a");
        }

        @Test
        void noTermsFindNothing() {
            insert(memory("m-a", P).build(), memory("m-b", P).keywords(List.of()).build());

            assertThat(sharingTerms(P, asOf)).isEmpty();
        }

        @Test
        void manyTermsAtOnce() {
            insert(memory("m-a", P).keywords(List.of("t-77")).build(), memory("m-b", P).keywords(List.of("x")).build());
            String[] terms = IntStream.range(0, 200).mapToObj(i -> "t-" + i).toArray(String[]::new);

            assertThat(ids(sharingTerms(P, asOf, terms))).containsExactly("m-a");
        }

        @Test
        void anUpdateReplacesTheKeywordsAMemoryIsFoundBy() {
            Memory m = memory("m-a", P).keywords(List.of("估值", "openai")).build();
            insert(m);

            inWrite(tx -> tx.memories().update(m.toBuilder().keywords(List.of("海外", "openai")).build()));

            assertThat(sharingTerms(P, asOf, "估值")).isEmpty();
            assertThat(ids(sharingTerms(P, asOf, "海外"))).containsExactly("m-a");
            assertThat(ids(sharingTerms(P, asOf, "openai"))).containsExactly("m-a");
        }

        @Test
        void aMemoryLeavesTheSharingTermsResultWhenItIsSuperseded() {
            Memory m = memory("m-a", P).keywords(List.of("估值")).build();
            insert(m);
            Instant at = asOf.minus(Duration.ofDays(1));

            inWrite(tx -> tx.memories().update(m.toBuilder().status(MemoryStatus.SUPERSEDED).supersededBy("m-b")
                    .validUntil(at).build()));

            assertThat(sharingTerms(P, asOf, "估值")).isEmpty();
            assertThat(ids(sharingTerms(P, at.minusMillis(1), "估值"))).containsExactly("m-a");
        }

        // --- findVisibleAbout ---

        @Test
        void aboutFindsTheMemoriesNamingTheEntity() {
            insert(memory("e1", P).entities(List.of("OpenAI")).build(),
                    memory("e2", P).entities(List.of("Mistral AI", "OpenAI")).build(),
                    memory("e3", P).entities(List.of("Anthropic")).keywords(List.of("openai", "anthropic")).build(),
                    memory("e4", P).entities(List.of()).build());

            assertThat(ids(about(P, asOf, "openai"))).containsExactlyInAnyOrder("e1", "e2");
            assertThat(ids(about(P, asOf, EntityKey.of("Mistral AI")))).containsExactly("e2");
            assertThat(ids(about(P, asOf, "anthropic"))).containsExactly("e3");
            assertThat(about(P, asOf, "mistral")).isEmpty();
            assertThat(about(P, asOf, "nobody")).isEmpty();
        }

        @Test
        void anUpdateReplacesTheEntitiesAMemoryIsFoundBy() {
            Memory m = memory("e1", P).entities(List.of("OpenAI")).build();
            insert(m);

            inWrite(tx -> tx.memories().update(m.toBuilder().entities(List.of("智谱")).build()));

            assertThat(about(P, asOf, "openai")).isEmpty();
            assertThat(ids(about(P, asOf, EntityKey.of("智谱")))).containsExactly("e1");
        }

        // --- findMostRecentVisiblePerGroup ---

        @Test
        void perGroupReturnsTheNMostRecentOfEachTypeAndWeight() {
            List<Memory> all = new ArrayList<>();
            for (int i = 1; i <= 5; i++) {
                all.add(memory("neg1-" + i, P).lastSeenAt(T0.plus(Duration.ofHours(i))).build());
            }
            for (int i = 1; i <= 3; i++) {
                all.add(memory("neg2-" + i, P).weight(2).lastSeenAt(T0.plus(Duration.ofHours(10 - i))).build());
            }
            all.add(memory("adv1", P).type(MemoryType.PROJECT_ADVANCE).build());
            all.add(memory("pref1-old", P).type(MemoryType.LONG_TERM_PREFERENCE).expiresAt(null).build());
            all.add(memory("pref1-new", P).type(MemoryType.LONG_TERM_PREFERENCE).expiresAt(null)
                    .lastSeenAt(T0.plus(Duration.ofDays(2))).build());
            insert(all.toArray(Memory[]::new));

            assertThat(ids(perGroup(P, asOf, 2))).containsExactlyInAnyOrder(
                    "neg1-5", "neg1-4", "neg2-1", "neg2-2", "adv1", "pref1-new", "pref1-old");
            assertThat(ids(perGroup(P, asOf, 1))).containsExactlyInAnyOrder("neg1-5", "neg2-1", "adv1", "pref1-new");
            assertThat(ids(perGroup(P, asOf, 4))).hasSize(10).doesNotContain("neg1-1");
            assertThat(ids(perGroup(P, asOf, 50))).containsExactlyInAnyOrderElementsOf(ids(all));
        }

        @Test
        void equallyRecentMemoriesAreTakenInIdOrder() {
            Instant same = T0.plus(Duration.ofHours(3));
            insert(memory("t-b", P).lastSeenAt(same).build(), memory("t-d", P).lastSeenAt(same).build(),
                    memory("t-a", P).lastSeenAt(same).build(), memory("t-c", P).lastSeenAt(same).build(),
                    memory("t-old", P).lastSeenAt(T0).build());

            assertThat(ids(perGroup(P, asOf, 2))).containsExactlyInAnyOrder("t-a", "t-b");
            assertThat(ids(perGroup(P, asOf, 1))).containsExactly("t-a");
        }

        @Test
        void invisibleMemoriesAreSkippedNotCounted() {
            Instant recent = asOf.minus(Duration.ofHours(1));
            insert(memory("x-expired", P).lastSeenAt(recent).expiresAt(asOf).build(),
                    memory("x-superseded", P).status(MemoryStatus.SUPERSEDED).lastSeenAt(recent.plusSeconds(60))
                            .validUntil(asOf.minusMillis(1)).build(),
                    memory("x-pending", P).status(MemoryStatus.PENDING).validFrom(null).lastSeenAt(recent).build(),
                    memory("x-later", P).validFrom(asOf.plusMillis(1)).lastSeenAt(recent).build(),
                    memory("v-1", P).lastSeenAt(T0.plus(Duration.ofHours(3))).build(),
                    memory("v-2", P).lastSeenAt(T0.plus(Duration.ofHours(2))).build(),
                    memory("v-3", P).lastSeenAt(T0.plus(Duration.ofHours(1))).build());

            assertThat(ids(perGroup(P, asOf, 2))).containsExactlyInAnyOrder("v-1", "v-2");
            // earlier, the superseded one was still the most recent visible
            assertThat(ids(perGroup(P, asOf.minus(Duration.ofMinutes(1)), 1))).containsExactly("x-superseded");
        }

        @Test
        void weightsFromTenUpShareOneBucket() {
            insert(memory("w100", P).weight(100).lastSeenAt(T0.plus(Duration.ofHours(5))).build(),
                    memory("w9", P).weight(9).lastSeenAt(T0.plus(Duration.ofHours(4))).build(),
                    memory("w15", P).weight(15).lastSeenAt(T0.plus(Duration.ofHours(3))).build(),
                    memory("w10", P).weight(10).lastSeenAt(T0.plus(Duration.ofHours(2))).build(),
                    memory("w11", P).weight(11).lastSeenAt(T0.plus(Duration.ofHours(1))).build(),
                    memory("w9-old", P).weight(9).lastSeenAt(T0).build());

            assertThat(ids(perGroup(P, asOf, 2))).containsExactlyInAnyOrder("w100", "w15", "w9", "w9-old");
            assertThat(ids(perGroup(P, asOf, 1))).containsExactlyInAnyOrder("w100", "w9");
        }

        @Test
        void aReinforcedMemoryMovesToItsNewBucketAndRecency() {
            Memory m = memory("m-a", P).weight(9).lastSeenAt(T0).build();
            insert(m, memory("m-b", P).weight(10).lastSeenAt(T0.plusSeconds(60)).build(),
                    memory("m-c", P).weight(9).lastSeenAt(T0.plusSeconds(30)).build());

            inWrite(tx -> tx.memories().update(m.toBuilder().weight(10).lastSeenAt(T0.plusSeconds(90)).build()));

            assertThat(ids(perGroup(P, asOf, 1))).containsExactlyInAnyOrder("m-a", "m-c");
        }

        @Test
        void anotherProfileNeverTakesASlot() {
            insert(memory("p-old", P).lastSeenAt(T0).build());
            inWrite(tx -> {
                for (int i = 0; i < 3; i++) {
                    tx.memories().insert(memory("o-" + i, OTHER).lastSeenAt(T0.plus(Duration.ofHours(i + 1))).build());
                }
            });

            assertThat(ids(perGroup(P, asOf, 1))).containsExactly("p-old");
            assertThat(ids(perGroup(OTHER, asOf, 2))).containsExactlyInAnyOrder("o-2", "o-1");
        }
    }

    // --- memories: list ------------------------------------------------------------------------

    @Nested
    class Listing {

        @Test
        void newestFirstWithTheIdBreakingTies() {
            insert(memory("b", P).createdAt(T0.plusSeconds(5)).build(),
                    memory("a", P).createdAt(T0.plusSeconds(5)).build(),
                    memory("c", P).createdAt(T0.plusSeconds(5)).build(),
                    memory("old", P).createdAt(T0).build(),
                    memory("new", P).createdAt(T0.plusSeconds(9)).build());

            assertThat(ids(list(query(P, null, null, null, null, 50, T0))))
                    .containsExactly("new", "c", "b", "a", "old");
        }

        @Test
        void cursorPagingVisitsEveryMemoryOnceInOrder() {
            List<Memory> all = new ArrayList<>();
            for (int i = 0; i < 23; i++) {
                // many equal created_at values, so the id tie-break matters across page borders
                all.add(memory(String.format("m%02d", (i * 7) % 23), P).createdAt(T0.plusSeconds(i % 5)).build());
            }
            insert(all.toArray(Memory[]::new));
            insert(memory("x", OTHER).build());
            List<String> expected = all.stream()
                    .sorted(Comparator.comparing(Memory::createdAt).thenComparing(Memory::id).reversed())
                    .map(Memory::id).toList();

            List<String> seen = new ArrayList<>();
            PagePosition after = null;
            int pages = 0;
            while (true) {
                List<Memory> page = list(query(P, null, null, null, after, 4, T0));
                pages++;
                page.forEach(m -> seen.add(m.id()));
                if (page.size() < 4) {
                    break;
                }
                Memory last = page.get(page.size() - 1);
                after = new PagePosition(last.createdAt(), last.id());
                if (pages > 20) {
                    fail("paging does not end");
                }
            }

            assertThat(seen).containsExactlyElementsOf(expected);
            assertThat(new HashSet<>(seen)).hasSize(23);
            assertThat(pages).isEqualTo(6);
        }

        @Test
        void limitCutsThePage() {
            insert(IntStream.range(0, 5).mapToObj(i -> memory("m" + i, P).createdAt(T0.plusSeconds(i)).build())
                    .toArray(Memory[]::new));

            assertThat(ids(list(query(P, null, null, null, null, 2, T0)))).containsExactly("m4", "m3");
        }

        @Test
        void statusFilterReadsActiveAndExpiredAtNow() {
            Instant now = T0.plus(Duration.ofDays(10));
            insert(memory("active", P).expiresAt(now.plusSeconds(1)).build(),
                    memory("active-permanent", P).type(MemoryType.LONG_TERM_PREFERENCE).expiresAt(null).build(),
                    memory("active-past-expiry", P).expiresAt(now).build(),
                    memory("active-long-past-expiry", P).expiresAt(now.minus(Duration.ofDays(3))).build(),
                    memory("expired", P).status(MemoryStatus.EXPIRED).expiresAt(now.minus(Duration.ofDays(1))).build(),
                    memory("superseded", P).status(MemoryStatus.SUPERSEDED).validUntil(T0.plusSeconds(1)).build(),
                    memory("pending", P).status(MemoryStatus.PENDING).validFrom(null).build(),
                    memory("rejected", P).status(MemoryStatus.REJECTED).validFrom(null).build());

            assertThat(ids(list(query(P, MemoryStatus.ACTIVE, null, null, null, 50, now))))
                    .containsExactlyInAnyOrder("active", "active-permanent");
            assertThat(ids(list(query(P, MemoryStatus.EXPIRED, null, null, null, 50, now))))
                    .containsExactlyInAnyOrder("active-past-expiry", "active-long-past-expiry", "expired");
            assertThat(ids(list(query(P, MemoryStatus.SUPERSEDED, null, null, null, 50, now))))
                    .containsExactly("superseded");
            assertThat(ids(list(query(P, MemoryStatus.PENDING, null, null, null, 50, now))))
                    .containsExactly("pending");
            assertThat(ids(list(query(P, MemoryStatus.REJECTED, null, null, null, 50, now))))
                    .containsExactly("rejected");
            assertThat(list(query(P, null, null, null, null, 50, now))).hasSize(8);
            // the same memories read earlier: nothing has expired yet
            assertThat(ids(list(query(P, MemoryStatus.EXPIRED, null, null, null, 50, T0))))
                    .containsExactly("expired");
        }

        @Test
        void typeAndEntityFilters() {
            insert(memory("neg-openai", P).entities(List.of("OpenAI")).createdAt(T0.plusSeconds(1)).build(),
                    memory("neg-mistral", P).entities(List.of("Mistral AI")).createdAt(T0.plusSeconds(2)).build(),
                    memory("adv-both", P).type(MemoryType.PROJECT_ADVANCE).entities(List.of("Mistral AI", "OpenAI"))
                            .createdAt(T0.plusSeconds(3)).build(),
                    memory("pref", P).type(MemoryType.LONG_TERM_PREFERENCE).entities(List.of()).expiresAt(null)
                            .createdAt(T0.plusSeconds(4)).build(),
                    memory("other", OTHER).entities(List.of("OpenAI")).build());

            assertThat(ids(list(query(P, null, MemoryType.PROJECT_NEGATIVE, null, null, 50, T0))))
                    .containsExactly("neg-mistral", "neg-openai");
            assertThat(ids(list(query(P, null, null, "openai", null, 50, T0))))
                    .containsExactly("adv-both", "neg-openai");
            assertThat(ids(list(query(P, null, null, EntityKey.of("Mistral AI"), null, 50, T0))))
                    .containsExactly("adv-both", "neg-mistral");
            assertThat(ids(list(query(P, null, MemoryType.PROJECT_ADVANCE, "openai", null, 50, T0))))
                    .containsExactly("adv-both");
            assertThat(ids(list(query(P, MemoryStatus.ACTIVE, MemoryType.LONG_TERM_PREFERENCE, null, null, 50, T0))))
                    .containsExactly("pref");
            assertThat(list(query(P, null, null, "anthropic", null, 50, T0))).isEmpty();
        }

        @Test
        void filtersAndCursorCombine() {
            for (int i = 0; i < 9; i++) {
                insert(memory("m" + i, P).entities(List.of(i % 2 == 0 ? "OpenAI" : "Anthropic"))
                        .createdAt(T0.plusSeconds(i)).build());
            }
            List<Memory> first = list(query(P, MemoryStatus.ACTIVE, null, "openai", null, 2, T0));
            Memory last = first.get(1);
            List<Memory> second = list(query(P, MemoryStatus.ACTIVE, null, "openai", 
                    new PagePosition(last.createdAt(), last.id()), 2, T0));
            Memory last2 = second.get(1);
            List<Memory> third = list(query(P, MemoryStatus.ACTIVE, null, "openai",
                    new PagePosition(last2.createdAt(), last2.id()), 2, T0));

            assertThat(ids(first)).containsExactly("m8", "m6");
            assertThat(ids(second)).containsExactly("m4", "m2");
            assertThat(ids(third)).containsExactly("m0");
        }
    }

    // --- raw messages ----------------------------------------------------------------------------

    @Nested
    class RawMessageLog {

        @Test
        void appendedMessagesRoundTripThroughFindByMessageId() {
            RawMessage full = new RawMessage("r-full", P, "msg-1", "session-1", Source.INFERRED,
                    "OpenAI 估值高 [REDACTED:api_key]", T0, T0.plusMillis(1500), FeedbackOutcome.CREATED, "m1",
                    List.of("old-1", "old-2"), List.of("api_key", "mobile_number"));
            RawMessage sparse = new RawMessage("r-sparse", P, "msg-2", null, Source.BOT, "今天天气如何", T0, T0,
                    FeedbackOutcome.UNCLASSIFIED, null, List.of(), List.of());
            inWrite(tx -> {
                tx.rawMessages().append(full);
                tx.rawMessages().append(sparse);
            });

            assertThat(byMessageId(P, "msg-1")).contains(full);
            assertThat(byMessageId(P, "msg-2")).contains(sparse);
            assertThat(byMessageId(P, "msg-3")).isEmpty();
        }

        @Test
        void messagesWithoutMessageIdAreKeptButNotFoundByOne() {
            RawMessage anonymous = raw("r1", P, null);
            inWrite(tx -> tx.rawMessages().append(anonymous));
            inWrite(tx -> tx.rawMessages().append(raw("r2", P, null)));

            assertThat(rawByIds(P, List.of("r1"))).containsExactly(anonymous);
            assertThat(rawCount(P)).isEqualTo(2);
        }

        @Test
        void findByIdsFollowsTheOrderAskedForAndSkipsUnknownIds() {
            inWrite(tx -> {
                for (String id : List.of("r1", "r2", "r3", "r4")) {
                    tx.rawMessages().append(raw(id, P, null));
                }
                tx.rawMessages().append(raw("r5", OTHER, null));
            });

            List<RawMessage> found = rawByIds(P, List.of("r3", "r1", "unknown", "r5", "r4"));

            assertThat(found).extracting(RawMessage::id).containsExactly("r3", "r1", "r4");
            assertThat(rawByIds(P, List.of())).isEmpty();
        }

        @Test
        void createdAtOfGivesTheTimesOfTheProfilesOwnMessagesOnly() {
            inWrite(tx -> {
                tx.rawMessages().append(raw("r1", P, null));
                tx.rawMessages().append(raw("r2", P, null));
                tx.rawMessages().append(raw("r5", OTHER, null));
            });
            Map<String, Instant> expected = new HashMap<>();
            for (RawMessage r : rawByIds(P, List.of("r1", "r2"))) {
                expected.put(r.id(), r.createdAt());
            }

            assertThat(store.<Map<String, Instant>>read(tx -> tx.rawMessages().createdAtOf(P,
                    List.of("r2", "unknown", "r5", "r1", "r2")))).isEqualTo(expected).hasSize(2);
            assertThat(store.<Map<String, Instant>>read(tx -> tx.rawMessages().createdAtOf(P, List.of()))).isEmpty();
        }

        @Test
        void aMessageMovedToAnotherMemoryKeepsEverythingElseAndOnlyItsProfileCounts() {
            RawMessage full = new RawMessage("r-full", P, "msg-1", "session-1", Source.INFERRED, "Mistral AI 可以推进",
                    T0, T0.plusMillis(1500), FeedbackOutcome.DEDUPLICATED, "m1", List.of("old-1"), List.of("api_key"));
            inWrite(tx -> tx.rawMessages().append(full));

            inWrite(tx -> tx.rawMessages().moveToMemory(OTHER, "r-full", "m3"));
            assertThat(byMessageId(P, "msg-1")).as("another profile's id moves nothing").contains(full);
            inWrite(tx -> tx.rawMessages().moveToMemory(P, "r-full", "m2"));

            assertThat(byMessageId(P, "msg-1")).contains(new RawMessage("r-full", P, "msg-1", "session-1",
                    Source.INFERRED, "Mistral AI 可以推进", T0, T0.plusMillis(1500), FeedbackOutcome.DEDUPLICATED, "m2",
                    List.of("old-1"), List.of("api_key")));
        }

        @Test
        void countsPerProfile() {
            inWrite(tx -> {
                tx.rawMessages().append(raw("r1", P, "a"));
                tx.rawMessages().append(raw("r2", P, "b"));
                tx.rawMessages().append(raw("r3", OTHER, "a"));
            });

            assertThat(rawCount(P)).isEqualTo(2);
            assertThat(rawCount(OTHER)).isEqualTo(1);
        }
    }

    // --- audit trail -----------------------------------------------------------------------------

    @Test
    void auditEventsOfAMemoryComeBackInInsertionOrder() {
        // ids and times deliberately out of order: only insertion order counts
        AuditEvent first = new AuditEvent("ev-z", P, "m1", "r1", AuditKind.MEMORY_CREATED, "type=project_advance",
                T0.plusSeconds(30));
        AuditEvent second = new AuditEvent("ev-a", P, "m1", null, AuditKind.MEMORY_REINFORCED, "weight=2",
                T0.plusSeconds(10));
        AuditEvent third = event("ev-m", P, "m1", T0.plusSeconds(10));
        inWrite(tx -> {
            tx.auditTrail().record(first);
            tx.auditTrail().record(event("ev-other-memory", P, "m2", T0));
            tx.auditTrail().record(new AuditEvent("ev-no-memory", P, null, "r9", AuditKind.MESSAGE_UNCLASSIFIED,
                    "no type matched", T0));
        });
        inWrite(tx -> {
            tx.auditTrail().record(second);
            tx.auditTrail().record(third);
            tx.auditTrail().record(event("ev-b", OTHER, "m1", T0));
        });

        assertThat(auditFor(P, "m1")).containsExactly(first, second, third);
        assertThat(auditFor(P, "m2")).extracting(AuditEvent::id)
                .containsExactly("ev-other-memory");
        assertThat(auditCount(P)).isEqualTo(5);
        assertThat(auditCount(OTHER)).isEqualTo(1);
    }

    // --- transactions ----------------------------------------------------------------------------

    @Test
    void aWriteThatThrowsRollsBackEverythingItWrote() {
        Memory kept = memory("kept", P).build();
        insert(kept);
        RuntimeException boom = new IllegalStateException("boom");

        Throwable thrown = catchThrowable(() -> store.write(P, tx -> {
            tx.memories().insert(memory("new", P).build());
            tx.memories().update(kept.toBuilder().weight(5).status(MemoryStatus.SUPERSEDED).build());
            tx.rawMessages().append(raw("r1", P, "msg-1"));
            tx.auditTrail().record(event("ev-1", P, "kept", T0));
            throw boom;
        }));

        assertThat(causes(thrown)).contains(boom);
        store.read(tx -> {
            assertThat(tx.memories().findById(P, "new")).isEmpty();
            assertThat(tx.memories().findById(P, "kept")).contains(kept);
            assertThat(tx.memories().findDuplicatesVisibleDuring(P, kept.type(), kept.normalizedContent(), T0, null))
                    .containsExactly(kept);
            assertThat(tx.memories().countByProfile(P)).isEqualTo(1);
            assertThat(tx.rawMessages().findByMessageId(P, "msg-1")).isEmpty();
            assertThat(tx.rawMessages().countByProfile(P)).isZero();
            assertThat(tx.auditTrail().forMemory(P, "kept")).isEmpty();
            assertThat(tx.auditTrail().countByProfile(P)).isZero();
            return null;
        });

        // the store is still usable, and the rolled-back ids are free again
        inWrite(tx -> {
            tx.memories().insert(memory("new", P).build());
            tx.rawMessages().append(raw("r1", P, "msg-1"));
        });
        assertThat(findById(P, "new")).isPresent();
    }

    @Test
    void aWriteReturnsItsResultAndCommits() {
        String result = store.write(P, tx -> {
            tx.memories().insert(memory("m1", P).build());
            return "done";
        });

        assertThat(result).isEqualTo("done");
        assertThat(findById(P, "m1")).isPresent();
        assertThat(store.isAvailable()).isTrue();
    }

    @Test
    void aWriteSeesItsOwnUncommittedChanges() {
        store.write(P, tx -> {
            tx.memories().insert(memory("m1", P).normalizedContent("k").build());
            assertThat(tx.memories().findDuplicatesVisibleDuring(P, MemoryType.PROJECT_NEGATIVE, "k", T0, null))
                    .hasSize(1);
            tx.memories().update(memory("m1", P).normalizedContent("k").weight(2).build());
            assertThat(tx.memories().findById(P, "m1").orElseThrow().weight()).isEqualTo(2);
            return null;
        });
    }

    // --- the write path decides by time (issue 9), through the real use case ---------------------

    @Nested
    class WritePathByTime {
        private final Instant today = Instant.parse("2026-06-15T00:00:00Z");
        private FeedbackIntake intake;

        @BeforeEach
        void wireTheUseCaseOnTheStoreUnderTest() {
            intake = UseCases.feedbackIntake(store, Clock.fixed(today, ZoneOffset.UTC));
        }

        private List<Memory> all() {
            return list(query(P, null, null, null, null, 50, today));
        }

        @Test
        void anExpiredNegativeDoesNotHoldALiveAdvancePending() {
            FeedbackResult stale = intake.add(UseCases.feedback(P, "Mistral 估值高", today.minus(Duration.ofDays(45))));
            FeedbackResult advance = intake.add(UseCases.feedback(P, "Mistral 可以推进", today, Source.INFERRED));

            assertThat(advance.outcome()).isEqualTo(FeedbackOutcome.CREATED);
            assertThat(advance.superseded()).isEmpty();
            Memory negative = findById(P, stale.memory().orElseThrow().memory().id()).orElseThrow();
            assertThat(negative.validUntil()).isNull();
            assertThat(negative.supersededBy()).isNull();
            assertThat(advance.memory().orElseThrow().memory().entities()).isNotEmpty();
            assertThat(recallCandidates(P, today)).extracting(Memory::type)
                    .containsExactly(MemoryType.PROJECT_ADVANCE);
        }

        @Test
        void aRepeatAfterExpiryStartsANewMemoryAndTheOldOneStaysInTheHistory() {
            FeedbackResult first = intake.add(UseCases.feedback(P, "下周出差，回复慢", today.minus(Duration.ofDays(20))));
            FeedbackResult again = intake.add(UseCases.feedback(P, "下周出差，回复慢", today));

            assertThat(again.outcome()).isEqualTo(FeedbackOutcome.CREATED);
            String oldId = first.memory().orElseThrow().memory().id();
            String newId = again.memory().orElseThrow().memory().id();
            assertThat(newId).isNotEqualTo(oldId);
            assertThat(findById(P, newId).orElseThrow()).satisfies(m -> {
                assertThat(m.weight()).isEqualTo(1);
                assertThat(m.createdAt()).isEqualTo(today);
            });
            assertThat(findById(P, oldId).orElseThrow().weight()).isEqualTo(1);
            assertThat(all()).hasSize(2);
        }

        @Test
        void aLateRepeatSaidBeforeTheExpiryStrengthensTheMemoryVisibleThen() {
            Instant first = today.minus(Duration.ofDays(40));
            FeedbackResult created = intake.add(UseCases.feedback(P, "OpenAI 估值高", first));
            // arrives today, said 10 days after the first: the memory was visible then (30-day TTL)
            FeedbackResult late = intake.add(UseCases.feedback(P, "OpenAI估值高！", first.plus(Duration.ofDays(10))));

            assertThat(late.outcome()).isEqualTo(FeedbackOutcome.DEDUPLICATED);
            Memory m = findById(P, created.memory().orElseThrow().memory().id()).orElseThrow();
            assertThat(m.weight()).isEqualTo(2);
            assertThat(m.lastSeenAt()).isEqualTo(first.plus(Duration.ofDays(10)));
            assertThat(m.expiresAt()).isEqualTo(first.plus(Duration.ofDays(40)));
            assertThat(all()).hasSize(1);
        }

        @Test
        void aLateRepeatBridgingTwoMemoriesOfOneKeyFoldsThemIntoOne() {
            Instant first = today.minus(Duration.ofDays(50));
            FeedbackResult early = intake.add(UseCases.feedback(P, "OpenAI 估值高", first));
            FeedbackResult later = intake.add(UseCases.feedback(P, "OpenAI 估值高", first.plus(Duration.ofDays(35))));
            // said on day 20: in time order days 0, 20 and 35 are one memory
            FeedbackResult bridge = intake.add(UseCases.feedback(P, "OpenAI 估值高", first.plus(Duration.ofDays(20))));

            assertThat(bridge.outcome()).isEqualTo(FeedbackOutcome.DEDUPLICATED);
            String keptId = early.memory().orElseThrow().memory().id();
            String foldedId = later.memory().orElseThrow().memory().id();
            Memory kept = findById(P, keptId).orElseThrow();
            assertThat(kept.weight()).isEqualTo(3);
            assertThat(kept.lastSeenAt()).isEqualTo(first.plus(Duration.ofDays(35)));
            assertThat(kept.sourceMessageIds()).hasSize(3);
            Memory folded = findById(P, foldedId).orElseThrow();
            assertThat(folded.status()).isEqualTo(MemoryStatus.SUPERSEDED);
            assertThat(folded.supersededBy()).isEqualTo(keptId);
            assertThat(auditFor(P, foldedId)).extracting(AuditEvent::kind).contains(AuditKind.MEMORY_FOLDED);
            for (int day = 0; day <= 70; day += 5) {
                Instant t = first.plus(Duration.ofDays(day));
                List<Memory> visible = recallCandidates(P, t);
                assertThat(visible).as("day %d", day).hasSizeLessThanOrEqualTo(1);
            }
        }
    }

    /** Correction, settlement and history (issue 10), on the store under test. */
    @Nested
    class Governance extends GovernanceContract {
        @Override
        protected MemoryStore store() {
            return store;
        }
    }

    /** Reads of a past instant (as_of) and the version chain (issue 10 item 1), on the store under test. */
    @Nested
    class RecallUses extends RecallUseContract {
        @Override
        protected MemoryStore store() {
            return store;
        }
    }

    @Nested
    class DerivedPreferences extends DerivedPreferencesContract {
        @Override
        protected MemoryStore store() {
            return store;
        }
    }

    @Nested
    class AsOf extends AsOfContract {
        @Override
        protected MemoryStore store() {
            return store;
        }
    }

    /** Structured facts, versioned (issue 10 part 4), on the store under test. */
    @Nested
    class StructuredFacts extends FactsContract {
        @Override
        protected MemoryStore store() {
            return store;
        }
    }

    /** The entity registry (issue 12 item 3), on the store under test. */
    @Nested
    class Registry extends EntityRegistryContract {
        @Override
        protected MemoryStore store() {
            return store;
        }
    }

    /** Teams: membership, team memories, consensus, context and erase, on the store under test. */
    @Nested
    class TeamMemory extends TeamsContract {
        @Override
        protected MemoryStore store() {
            return store;
        }
    }

    /** Data rights (issue 10 item 6): export, erase, import, on the store under test. */
    @Nested
    class DataRights extends DataRightsContract {
        @Override
        protected MemoryStore store() {
            return store;
        }
    }

    // --- concurrency through the real use case ---------------------------------------------------

    @Test
    void concurrentIdenticalAddsEndAsOneMemoryWhoseWeightIsTheNumberOfAdds() throws Exception {
        FeedbackIntake intake = UseCases.feedbackIntake(store, CLOCK);
        int addsPerThread = 2;
        Instant said = T0.plusSeconds(42);

        List<List<FeedbackResult>> results = runTogether(THREADS, n -> {
            List<FeedbackResult> mine = new ArrayList<>();
            for (int i = 0; i < addsPerThread; i++) {
                mine.add(intake.add(UseCases.feedback(P, "OpenAI 估值高！", said)));
            }
            return mine;
        });

        int total = THREADS * addsPerThread;
        List<FeedbackResult> all = results.stream().flatMap(List::stream).toList();
        assertThat(all).extracting(FeedbackResult::outcome)
                .containsOnly(FeedbackOutcome.CREATED, FeedbackOutcome.DEDUPLICATED)
                .filteredOn(o -> o == FeedbackOutcome.CREATED).hasSize(1);
        List<Memory> memories = list(query(P, null, null, null, null, 50, said));
        assertThat(memories).hasSize(1);
        Memory only = memories.get(0);
        assertThat(only.weight()).isEqualTo(total);
        assertThat(only.status()).isEqualTo(MemoryStatus.ACTIVE);
        assertThat(only.lastSeenAt()).isEqualTo(said);
        assertThat(only.sourceMessageIds()).hasSize(total).doesNotHaveDuplicates();
        assertThat(rawCount(P)).isEqualTo(total);
        assertThat(auditFor(P, only.id()))
                .extracting(AuditEvent::kind)
                .containsOnly(AuditKind.MEMORY_CREATED, AuditKind.MEMORY_REINFORCED)
                .hasSize(total);
    }

    /**
     * Two service instances on one store: each groups its own concurrent adds (group commit), and
     * only the store's profile lock orders the groups of the two.
     */
    @Test
    void concurrentIdenticalAddsThroughTwoInstancesEndAsOneMemoryWhoseWeightIsTheNumberOfAdds() throws Exception {
        List<FeedbackIntake> instances = List.of(UseCases.feedbackIntake(store, CLOCK),
                UseCases.feedbackIntake(store, CLOCK));
        int addsPerThread = 3;
        Instant said = T0.plusSeconds(7);

        runTogether(THREADS, n -> {
            for (int i = 0; i < addsPerThread; i++) {
                instances.get((n + i) % 2).add(UseCases.feedback(P, "OpenAI 估值高！", said));
            }
            return null;
        });

        List<Memory> memories = list(query(P, null, null, null, null, 50, said));
        assertThat(memories).hasSize(1);
        assertThat(memories.get(0).weight()).isEqualTo(THREADS * addsPerThread);
        assertThat(memories.get(0).sourceMessageIds()).hasSize(THREADS * addsPerThread).doesNotHaveDuplicates();
        assertThat(rawCount(P)).isEqualTo(THREADS * addsPerThread);
    }

    @Test
    void concurrentOppositeDecisionsOnOneEntityLeaveExactlyOneActiveDecision() throws Exception {
        FeedbackIntake intake = UseCases.feedbackIntake(store, CLOCK);
        String advance = "Anthropic 可以推进";
        String negative = "Anthropic 商业化弱";

        runTogether(THREADS, n -> intake.add(UseCases.feedback(P, n % 2 == 0 ? advance : negative,
                T0.plus(Duration.ofMinutes(n * 7L % THREADS)))));

        List<Memory> activeDecisions = list(query(P, MemoryStatus.ACTIVE, null, "anthropic", null, 50, T0)).stream()
                .filter(m -> m.type() == MemoryType.PROJECT_ADVANCE || m.type() == MemoryType.PROJECT_NEGATIVE)
                .toList();
        assertThat(activeDecisions).hasSize(1);
        // whatever the arrival order, the latest decision said is the one that holds
        int latest = IntStream.range(0, THREADS).boxed()
                .max(Comparator.comparingLong(n -> n * 7L % THREADS)).orElseThrow();
        Memory winner = activeDecisions.get(0);
        assertThat(winner.type()).isEqualTo(latest % 2 == 0 ? MemoryType.PROJECT_ADVANCE : MemoryType.PROJECT_NEGATIVE);
        assertThat(winner.lastSeenAt()).isEqualTo(T0.plus(Duration.ofMinutes(THREADS - 1)));
        assertThat(rawCount(P)).isEqualTo(THREADS);
        List<Memory> all = list(query(P, null, null, null, null, 50, T0));
        assertThat(all).allSatisfy(m -> {
            if (!m.id().equals(winner.id())) {
                assertThat(m.status()).isEqualTo(MemoryStatus.SUPERSEDED);
                assertThat(m.validUntil()).isNotNull();
                assertThat(m.supersededBy()).isNotNull();
            }
        });
    }

    /**
     * Concurrent adds of several profiles at once (on SQLite they share transactions: one write lane for
     * every profile): per profile the same outcome as alone — identical adds one memory of weight N,
     * opposite decisions one active — and nothing of one profile in another.
     */
    @Test
    void concurrentAddsOfSeveralProfilesKeepEachProfilesRules() throws Exception {
        FeedbackIntake intake = UseCases.feedbackIntake(store, CLOCK);
        List<String> profiles = List.of(P, "pm-lanes-b", "pm-lanes-c");
        int rounds = 2;
        Instant said = T0.plusSeconds(11);

        runTogether(THREADS, n -> {
            String profile = profiles.get(n % profiles.size());
            for (int i = 0; i < rounds; i++) {
                intake.add(UseCases.feedback(profile, "OpenAI 估值高！", said));
                intake.add(UseCases.feedback(profile, (n + i) % 2 == 0 ? "Anthropic 可以推进" : "Anthropic 商业化弱",
                        T0.plus(Duration.ofMinutes(n * rounds + i))));
            }
            return null;
        });

        for (String profile : profiles) {
            int adds = (int) IntStream.range(0, THREADS).filter(n -> profiles.get(n % profiles.size()).equals(profile))
                    .count() * rounds;
            List<Memory> repeats = list(query(profile, null, null, "openai", null, 50, said));
            assertThat(repeats).as(profile).hasSize(1);
            assertThat(repeats.get(0).weight()).as(profile).isEqualTo(adds);
            assertThat(repeats.get(0).sourceMessageIds()).as(profile).hasSize(adds).doesNotHaveDuplicates();
            List<Memory> activeDecisions = list(query(profile, MemoryStatus.ACTIVE, null, "anthropic", null, 50,
                    T0)).stream().filter(m -> m.type() == MemoryType.PROJECT_ADVANCE
                            || m.type() == MemoryType.PROJECT_NEGATIVE).toList();
            assertThat(activeDecisions).as(profile).hasSize(1);
            assertThat(list(query(profile, null, null, null, null, 100, T0))).as(profile)
                    .allSatisfy(m -> assertThat(m.profileId()).isEqualTo(profile));
            assertThat(rawCount(profile)).as(profile).isEqualTo(2 * adds);
        }
    }

    @Test
    void concurrentRetriesOfOneMessageIdStoreOneMessageAndReplayTheOutcome() throws Exception {
        FeedbackIntake intake = UseCases.feedbackIntake(store, CLOCK);

        List<FeedbackResult> results = runTogether(THREADS, n ->
                intake.add(UseCases.feedbackWithId(P, "Anthropic 可以推进", T0, "retry-me")));

        assertThat(results).extracting(FeedbackResult::outcome)
                .filteredOn(o -> o == FeedbackOutcome.CREATED).hasSize(1);
        assertThat(results).extracting(FeedbackResult::outcome)
                .filteredOn(o -> o == FeedbackOutcome.REPLAYED).hasSize(THREADS - 1);
        assertThat(results).extracting(FeedbackResult::rawMessageId).containsOnly(results.get(0).rawMessageId());
        assertThat(results).allSatisfy(r -> assertThat(r.memory()).isPresent());
        assertThat(results.stream().map(r -> r.memory().orElseThrow().memory().id()).distinct()).hasSize(1);
        assertThat(rawCount(P)).isEqualTo(1);
        List<Memory> memories = list(query(P, null, null, null, null, 50, T0));
        assertThat(memories).hasSize(1);
        assertThat(memories.get(0).weight()).isEqualTo(1);
    }

    /** Runs {@code task(0..threads-1)} on as many threads, released together by one latch; rethrows any failure. */
    protected static <T> List<T> runTogether(int threads, IntFunction<T> task) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            CountDownLatch ready = new CountDownLatch(threads);
            CountDownLatch go = new CountDownLatch(1);
            List<Future<T>> futures = new ArrayList<>();
            for (int i = 0; i < threads; i++) {
                int n = i;
                Callable<T> call = () -> {
                    ready.countDown();
                    go.await();
                    return task.apply(n);
                };
                futures.add(pool.submit(call));
            }
            assertThat(ready.await(10, TimeUnit.SECONDS)).as("all threads started").isTrue();
            go.countDown();
            List<T> results = new ArrayList<>();
            for (Future<T> f : futures) {
                try {
                    results.add(f.get(60, TimeUnit.SECONDS));
                } catch (ExecutionException e) {
                    throw new AssertionError("a concurrent add failed: " + e.getCause(), e.getCause());
                }
            }
            return results;
        } finally {
            pool.shutdownNow();
        }
    }

    private static Throwable catchThrowable(Runnable r) {
        try {
            r.run();
        } catch (Throwable t) {
            return t;
        }
        throw new AssertionError("expected the write to throw");
    }

    private static List<Throwable> causes(Throwable t) {
        List<Throwable> chain = new ArrayList<>();
        for (Throwable c = t; c != null && !chain.contains(c); c = c.getCause()) {
            chain.add(c);
        }
        return chain;
    }

    // --- vectors (semantic recall) ---------------------------------------------------------------

    /** The embeddings stored beside memories: per memory and model, in the memory's transaction. */
    @Nested
    class Vectors {
        private static final String MODEL = "test-model-v1";

        private java.util.Map<String, float[]> find(String profileId, String model, String... ids) {
            return store.read(tx -> tx.vectors().find(profileId, model, List.of(ids)));
        }

        @Test
        void aVectorSurvivesPutAndFindBitForBit() {
            float[] v = {0.25f, -1.5f, Float.MIN_VALUE, 3.4028235e38f, -0.0f, 1e-7f};
            insert(memory("m1", P).build());
            inWrite(tx -> tx.vectors().put(P, "m1", MODEL, v));
            java.util.Map<String, float[]> found = find(P, MODEL, "m1", "unknown");
            assertThat(found).containsOnlyKeys("m1");
            assertThat(found.get("m1")).containsExactly(v);
        }

        @Test
        void aSecondPutReplacesTheVector() {
            insert(memory("m1", P).build());
            inWrite(tx -> tx.vectors().put(P, "m1", MODEL, new float[] {1f, 2f}));
            inWrite(tx -> tx.vectors().put(P, "m1", MODEL, new float[] {3f, 4f, 5f}));
            assertThat(find(P, MODEL, "m1").get("m1")).containsExactly(3f, 4f, 5f);
        }

        @Test
        void vectorsOfOneProfileAreInvisibleThroughAnother() {
            insert(memory("m1", P).build());
            inWrite(tx -> tx.vectors().put(P, "m1", MODEL, new float[] {1f}));
            assertThat(find(OTHER, MODEL, "m1")).isEmpty();
            assertThat(find(P, MODEL, "m1")).containsOnlyKeys("m1");
        }

        @Test
        void vectorsOfAnotherModelAreNotReturned() {
            insert(memory("m1", P).build(), memory("m2", P).build());
            inWrite(tx -> {
                tx.vectors().put(P, "m1", MODEL, new float[] {1f});
                tx.vectors().put(P, "m2", "other-model", new float[] {2f});
            });
            assertThat(find(P, MODEL, "m1", "m2")).containsOnlyKeys("m1");
            assertThat(find(P, "other-model", "m1", "m2")).containsOnlyKeys("m2");
        }

        @Test
        void noIdsFindNothing() {
            assertThat(find(P, MODEL)).isEmpty();
        }

        @Test
        void manyIdsAtOnce() {
            List<String> ids = new ArrayList<>();
            for (int i = 0; i < 1200; i++) {
                ids.add("m" + i);
            }
            insert(ids.stream().map(id -> memory(id, P).build()).toArray(Memory[]::new));
            inWrite(tx -> ids.forEach(id -> tx.vectors().put(P, id, MODEL, new float[] {id.length()})));
            java.util.Map<String, float[]> all = store.read(tx -> tx.vectors().find(P, MODEL, ids));
            assertThat(all).hasSize(1200);
        }

        @Test
        void aFailedWriteLeavesNoVectorBehind() {
            insert(memory("m1", P).build());
            assertThatThrownBy(() -> inWrite(tx -> {
                tx.vectors().put(P, "m1", MODEL, new float[] {1f});
                throw new IllegalStateException("boom");
            })).isInstanceOf(IllegalStateException.class);
            assertThat(find(P, MODEL, "m1")).isEmpty();
        }

        @Test
        void aVectorNeedsItsMemory() {
            assertThatThrownBy(() -> inWrite(tx -> tx.vectors().put(P, "missing", MODEL, new float[] {1f})))
                    .isInstanceOf(RuntimeException.class);
        }

        private List<MemoryVectors.MissingVector> missing(String model, int limit) {
            return store.read(tx -> tx.vectors().missing(model, limit));
        }

        @Test
        void memoriesWithoutAVectorOfTheModelAreFoundAcrossProfilesInOrder() {
            insert(memory("m3", P).build(), memory("m1", P).build(), memory("m2", P).build());
            store.write(OTHER, tx -> {
                tx.memories().insert(memory("b1", OTHER).content("other's text").build());
                return null;
            });
            inWrite(tx -> {
                tx.vectors().put(P, "m1", MODEL, new float[] {1f});
                tx.vectors().put(P, "m2", "old-model", new float[] {2f});
            });
            List<MemoryVectors.MissingVector> missing = missing(MODEL, 10);
            assertThat(missing).containsExactly(
                    new MemoryVectors.MissingVector(P, "m2", "memory m2"),
                    new MemoryVectors.MissingVector(P, "m3", "memory m3"),
                    new MemoryVectors.MissingVector(OTHER, "b1", "other's text"));
            assertThat(missing(MODEL, 2)).extracting(MemoryVectors.MissingVector::memoryId)
                    .containsExactly("m2", "m3");
            assertThat(missing("old-model", 10))
                    .extracting(MemoryVectors.MissingVector::memoryId).containsExactly("m1", "m3", "b1");
        }

        @Test
        void aFilledMemoryIsNoLongerMissing() {
            insert(memory("m1", P).build());
            assertThat(missing(MODEL, 10)).hasSize(1);
            inWrite(tx -> tx.vectors().put(P, "m1", MODEL, new float[] {1f}));
            assertThat(missing(MODEL, 10)).isEmpty();
        }

        @Test
        void rankingColumnsCoverExactlyTheVisibleMemoriesWithTheirVectorOfTheModel() {
            Instant asOf = T0.plus(Duration.ofDays(2));
            float[] v = {0.5f, -0.25f, 1e-3f};
            insert(memory("m1", P).type(MemoryType.PROJECT_ADVANCE).weight(7).lastSeenAt(T0.plus(Duration.ofHours(5)))
                            .build(),
                    memory("m2", P).type(MemoryType.LONG_TERM_PREFERENCE).expiresAt(null).build(),
                    memory("expired", P).expiresAt(T0.plus(Duration.ofDays(1))).build(),
                    memory("later", P).validFrom(T0.plus(Duration.ofDays(3))).build(),
                    memory("ended", P).validUntil(T0.plus(Duration.ofDays(1))).status(MemoryStatus.SUPERSEDED).build());
            store.write(OTHER, tx -> {
                tx.memories().insert(memory("b1", OTHER).build());
                return null;
            });
            inWrite(tx -> {
                tx.vectors().put(P, "m1", MODEL, v);
                tx.vectors().put(P, "m2", "other-model", new float[] {2f});
            });

            List<MemoryVectors.RankingColumns> facts = store.read(tx -> tx.vectors().findVisibleRankingColumns(P, asOf, MODEL));

            assertThat(facts).extracting(f -> f.key().id()).containsExactlyInAnyOrder("m1", "m2");
            MemoryVectors.RankingColumns m1 = facts.stream().filter(f -> f.key().id().equals("m1")).findFirst().orElseThrow();
            assertThat(m1.key().type()).isEqualTo(MemoryType.PROJECT_ADVANCE);
            assertThat(m1.key().weight()).isEqualTo(7);
            assertThat(m1.key().lastSeenAt()).isEqualTo(T0.plus(Duration.ofHours(5)));
            assertThat(m1.vector()).containsExactly(v);
            MemoryVectors.RankingColumns m2 = facts.stream().filter(f -> f.key().id().equals("m2")).findFirst().orElseThrow();
            assertThat(m2.vector()).as("only a vector of another model").isNull();
            List<String> visible = store.read(tx -> tx.memories().findVisible(P, asOf)).stream().map(Memory::id).toList();
            assertThat(facts).extracting(f -> f.key().id())
                    .as("the same window as findVisible").containsExactlyInAnyOrderElementsOf(visible);
        }

        @Test
        void rankingColumnsGiveTheVectorAsItIsNowAfterItWasReadOnceAndReplaced() {
            Instant asOf = T0.plus(Duration.ofDays(2));
            insert(memory("m1", P).build(), memory("m2", P).build());
            inWrite(tx -> {
                tx.vectors().put(P, "m1", MODEL, new float[] {1f, 0f});
                tx.vectors().put(P, "m2", MODEL, new float[] {0f, 1f});
            });
            store.read(tx -> tx.vectors().findVisibleRankingColumns(P, asOf, MODEL)); // a store may keep what it read

            inWrite(tx -> tx.vectors().put(P, "m1", MODEL, new float[] {0.6f, 0.8f})); // a corrected content re-embedded
            List<MemoryVectors.RankingColumns> facts = store.read(tx -> tx.vectors().findVisibleRankingColumns(P, asOf, MODEL));

            assertThat(facts).filteredOn(f -> f.key().id().equals("m1")).singleElement()
                    .satisfies(f -> assertThat(f.vector()).containsExactly(0.6f, 0.8f));
            assertThat(facts).filteredOn(f -> f.key().id().equals("m2")).singleElement()
                    .satisfies(f -> assertThat(f.vector()).containsExactly(0f, 1f));
            inWrite(tx -> tx.memories().delete(P, "m2"));
            List<MemoryVectors.RankingColumns> after = store.read(tx -> tx.vectors().findVisibleRankingColumns(P, asOf, MODEL));
            assertThat(after).extracting(f -> f.key().id()).containsExactly("m1");
        }

        @Test
        void aMemoryAndItsVectorAreWrittenTogether() {
            inWrite(tx -> {
                tx.memories().insert(memory("m1", P).build());
                tx.vectors().put(P, "m1", MODEL, new float[] {0.5f, 0.5f});
            });
            assertThat(find(P, MODEL, "m1").get("m1")).containsExactly(0.5f, 0.5f);
        }
    }

    /** Lifecycle jobs (sweep, purge) on this store, with a fixed clock: the finders and the use cases. */
    @Nested
    class Lifecycle {
        private final Instant expiry = T0.plus(Duration.ofDays(30));
        private final Instant afterExpiry = expiry.plusSeconds(1);
        private final IdGeneratorForJobs ids = new IdGeneratorForJobs();

        private dev.pmmemory.application.service.ExpirySweep sweep(Instant now) {
            return new dev.pmmemory.application.service.ExpirySweep(store, ids, Clock.fixed(now, ZoneOffset.UTC));
        }

        private dev.pmmemory.application.service.RetentionPurge purge(Instant now, Duration retention) {
            return new dev.pmmemory.application.service.RetentionPurge(store, ids, Clock.fixed(now, ZoneOffset.UTC),
                    retention);
        }

        @Test
        void activeExpiredFindersSeeOnlyActiveMemoriesAtOrPastTheirExpiry() {
            insert(memory("due", P).build(),
                    memory("later", P).expiresAt(expiry.plusSeconds(60)).build(),
                    memory("permanent", P).type(MemoryType.LONG_TERM_PREFERENCE).expiresAt(null).build(),
                    memory("gone", P).status(MemoryStatus.SUPERSEDED).validUntil(T0.plusSeconds(5)).build());
            store.write(OTHER, tx -> {
                tx.memories().insert(memory("bob-later", OTHER).expiresAt(expiry.plusSeconds(60)).build());
                return null;
            });

            assertThat(store.<List<String>>read(tx -> tx.memories().findProfilesWithActiveExpired(expiry))).containsExactly(P);
            assertThat(store.<List<Memory>>read(tx -> tx.memories().findActiveExpired(P, expiry, 10)))
                    .extracting(Memory::id).as("expires_at <= now").containsExactly("due");
            assertThat(store.<List<Memory>>read(tx -> tx.memories().findActiveExpired(P, expiry.minusMillis(1), 10))).isEmpty();
            assertThat(store.<List<String>>read(tx -> tx.memories().findProfilesWithActiveExpired(expiry.plusSeconds(60))))
                    .containsExactlyInAnyOrder(P, OTHER);
        }

        @Test
        void scrubbingAMemoryLeavesNoTextInItsEvents() {
            insert(memory("m1", P).build());
            inWrite(tx -> tx.auditTrail().record(new AuditEvent("ev-c", P, "m1", null, AuditKind.MEMORY_CORRECTED,
                    "fields=content", T0, "pm-console", "{\"content\":\"OpenAI 估值高\"}",
                    "{\"content\":\"OpenAI 估值太高\"}")));

            inWrite(tx -> tx.auditTrail().scrubMemory(P, "m1"));

            assertThat(auditFor(P, "m1")).singleElement().satisfies(e -> {
                assertThat(e.detail()).isEmpty();
                assertThat(e.before()).isNull();
                assertThat(e.after()).isNull();
                assertThat(e.kind()).isEqualTo(AuditKind.MEMORY_CORRECTED);
                assertThat(e.actor()).isEqualTo("pm-console");
                assertThat(e.at()).isEqualTo(T0);
            });
        }

        @Test
        void sweepMaterialisesExpiredWithAnEventAndChangesNoRead() {
            insert(memory("due", P).build(), memory("later", P).expiresAt(expiry.plusSeconds(60)).build());
            List<String> visibleBefore = recallCandidates(P, T0.plusSeconds(1)).stream().map(Memory::id).toList();

            var report = sweep(afterExpiry).run();

            assertThat(report.changed()).isEqualTo(1);
            assertThat(report.profiles()).isEqualTo(1);
            assertThat(findById(P, "due").orElseThrow().status()).isEqualTo(MemoryStatus.EXPIRED);
            assertThat(findById(P, "later").orElseThrow().status()).isEqualTo(MemoryStatus.ACTIVE);
            assertThat(auditFor(P, "due")).extracting(AuditEvent::kind).containsExactly(AuditKind.MEMORY_EXPIRED);
            assertThat(auditFor(P, "due").get(0).at()).as("when it stopped holding").isEqualTo(expiry);
            assertThat(recallCandidates(P, T0.plusSeconds(1)).stream().map(Memory::id).toList())
                    .as("the past reads as before").containsExactlyInAnyOrderElementsOf(visibleBefore);
            assertThat(recallCandidates(P, afterExpiry)).extracting(Memory::id).containsExactly("later");
        }

        @Test
        void sweepIsIdempotentAndWorksInBatches() {
            int n = dev.pmmemory.application.service.ExpirySweep.BATCH + 3;
            Memory[] many = IntStream.range(0, n).mapToObj(i -> memory("m" + i, P).build()).toArray(Memory[]::new);
            insert(many);

            assertThat(sweep(afterExpiry).run().changed()).isEqualTo(n);
            var again = sweep(afterExpiry).run();

            assertThat(again.changed()).isZero();
            assertThat(again.profiles()).isZero();
            assertThat(auditCount(P)).as("one event per memory, not two").isEqualTo(n);
        }

        @Test
        void retiredFindersUseTheTimeEachStatusEnded() {
            Instant cutoff = T0.plus(Duration.ofDays(40));
            insert(memory("expired-old", P).status(MemoryStatus.EXPIRED).build(),            // expires T0+30d
                    memory("expired-new", P).status(MemoryStatus.EXPIRED)
                            .expiresAt(cutoff.plusSeconds(1)).build(),
                    memory("superseded-old", P).status(MemoryStatus.SUPERSEDED)
                            .validUntil(cutoff).supersededBy("x").build(),
                    memory("superseded-new", P).status(MemoryStatus.SUPERSEDED)
                            .validUntil(cutoff.plusSeconds(1)).supersededBy("x").build(),
                    memory("rejected", P).status(MemoryStatus.REJECTED).validFrom(null).build(),  // last seen T0
                    memory("active-past-expiry", P).build());

            assertThat(store.<List<String>>read(tx -> tx.memories().findProfilesWithRetiredBefore(cutoff))).containsExactly(P);
            assertThat(store.<List<Memory>>read(tx -> tx.memories().findRetiredBefore(P, cutoff, 10))).extracting(Memory::id)
                    .containsExactly("expired-old", "rejected", "superseded-old");
            assertThat(store.<List<Memory>>read(tx -> tx.memories().findRetiredBefore(P, cutoff, 2))).hasSize(2);
        }

        @Test
        void deleteRemovesTheMemoryFromEveryFinderWithItsVector() {
            insert(memory("m1", P).build(), memory("m2", P).build());
            inWrite(tx -> tx.vectors().put(P, "m1", "model", new float[] {1f}));

            assertThat(store.<Boolean>write(P, tx -> tx.memories().delete(P, "m1"))).isTrue();
            assertThat(store.<Boolean>write(P, tx -> tx.memories().delete(P, "m1"))).isFalse();
            assertThat(store.<Boolean>write(OTHER, tx -> tx.memories().delete(OTHER, "m2"))).as("another profile's").isFalse();

            assertThat(findById(P, "m1")).isEmpty();
            assertThat(recallCandidates(P, T0.plusSeconds(1))).extracting(Memory::id).containsExactly("m2");
            assertThat(store.<List<Memory>>read(tx -> tx.memories().findVisibleAbout(P, RecallWindow.present(T0.plusSeconds(1)), EntityKey.of("OpenAI"))))
                    .extracting(Memory::id).containsExactly("m2");
            assertThat(store.<List<Memory>>read(tx -> tx.memories().findVisibleSharingTerms(P, RecallWindow.present(T0.plusSeconds(1)), List.of("openai"))))
                    .extracting(Memory::id).containsExactly("m2");
            assertThat(store.<java.util.Map<String, float[]>>read(tx -> tx.vectors().find(P, "model", List.of("m1")))).isEmpty();
            insert(memory("m1", P).build());
            assertThat(findById(P, "m1")).as("its id and lookups are free again").isPresent();
        }

        @Test
        void purgeRemovesRetiredMemoriesAndTheirMessagesLeavingContentFreeTombstones() {
            Instant now = T0.plus(Duration.ofDays(30 + 180 + 1));
            RawMessage ofGone = new RawMessage("raw-gone", P, "msg-gone", null, Source.EXPLICIT, "secret plan A",
                    T0, T0, FeedbackOutcome.CREATED, "gone", List.of(), List.of());
            RawMessage ofKept = new RawMessage("raw-kept", P, "msg-kept", null, Source.EXPLICIT, "plan B",
                    T0, T0, FeedbackOutcome.CREATED, "kept", List.of(), List.of());
            RawMessage unclassifiedOld = new RawMessage("raw-noise", P, null, null, Source.EXPLICIT, "noise",
                    T0, T0, FeedbackOutcome.UNCLASSIFIED, null, List.of(), List.of());
            RawMessage unclassifiedNew = new RawMessage("raw-noise-new", P, null, null, Source.EXPLICIT, "noise 2",
                    now, now, FeedbackOutcome.UNCLASSIFIED, null, List.of(), List.of());
            insert(memory("gone", P).status(MemoryStatus.EXPIRED).sourceMessageIds(List.of("raw-gone")).build(),
                    memory("kept", P).type(MemoryType.LONG_TERM_PREFERENCE).expiresAt(null)
                            .sourceMessageIds(List.of("raw-kept")).build());
            inWrite(tx -> {
                tx.rawMessages().append(ofGone);
                tx.rawMessages().append(ofKept);
                tx.rawMessages().append(unclassifiedOld);
                tx.rawMessages().append(unclassifiedNew);
                tx.auditTrail().record(new AuditEvent("e1", P, "gone", "raw-gone", AuditKind.MEMORY_CREATED,
                        "entities=openai", T0));
                tx.vectors().put(P, "gone", "model", new float[] {1f});
            });

            var report = purge(now, Duration.ofDays(180)).run();

            assertThat(report.profiles()).isEqualTo(1);
            assertThat(report.changed()).as("one memory, one unclassified message").isEqualTo(2);
            assertThat(findById(P, "gone")).isEmpty();
            assertThat(findById(P, "kept")).isPresent();
            assertThat(rawByIds(P, List.of("raw-gone", "raw-kept", "raw-noise", "raw-noise-new")))
                    .extracting(RawMessage::id).containsExactly("raw-kept", "raw-noise-new");
            assertThat(byMessageId(P, "msg-gone")).isEmpty();
            assertThat(store.<java.util.Map<String, float[]>>read(tx -> tx.vectors().find(P, "model", List.of("gone")))).isEmpty();
            List<AuditEvent> trail = auditFor(P, "gone");
            assertThat(trail).extracting(AuditEvent::kind)
                    .containsExactly(AuditKind.MEMORY_CREATED, AuditKind.MEMORY_PURGED);
            assertThat(trail).extracting(AuditEvent::detail).as("no entities, no text").containsOnly("");
            assertThat(trail.get(0).at()).as("times stay").isEqualTo(T0);
            assertThat(trail.get(1).at()).isEqualTo(now);

            var again = purge(now, Duration.ofDays(180)).run();
            assertThat(again.changed()).as("idempotent").isZero();
            assertThat(auditFor(P, "gone")).hasSize(2);
        }

        @Test
        void purgeKeepsWhatRetiredWithinTheRetention() {
            insert(memory("expired", P).status(MemoryStatus.EXPIRED).build());
            Instant justBefore = expiry.plus(Duration.ofDays(180)).minusMillis(1);

            assertThat(purge(justBefore, Duration.ofDays(180)).run().changed()).isZero();
            assertThat(purge(justBefore.plusMillis(1), Duration.ofDays(180)).run().changed()).isEqualTo(1);
        }
    
        @Test
        void exactlyOneOfManyConcurrentClaimsOfAPeriodWins() throws Exception {
            Instant period = Instant.parse("2026-05-20T10:00:00Z");

            List<Boolean> claims = runTogether(8, i -> store.claimJobRun("sweep", period));

            assertThat(claims).filteredOn(Boolean::booleanValue).hasSize(1);
            assertThat(store.claimJobRun("sweep", period)).as("the period is taken").isFalse();
            assertThat(store.claimJobRun("purge", period)).as("another job").isTrue();
            assertThat(store.claimJobRun("sweep", period.plusSeconds(600))).as("the next period").isTrue();
        }

        @Test
        void aClaimIsSeenWithoutClaimingIt() {
            Instant period = Instant.parse("2026-05-20T10:00:00Z");

            assertThat(store.jobRunClaimed("text-index v1", period)).isFalse();
            assertThat(store.jobRunClaimed("text-index v1", period)).as("looking claims nothing").isFalse();
            assertThat(store.claimJobRun("text-index v1", period)).isTrue();
            assertThat(store.jobRunClaimed("text-index v1", period)).isTrue();
            assertThat(store.jobRunClaimed("text-index v2", period)).as("another job").isFalse();
        }
    }

    /** Sequential ids for the jobs' audit events. */
    private static final class IdGeneratorForJobs implements dev.pmmemory.application.port.out.IdGenerator {
        private int next;

        @Override
        public synchronized String newId() {
            return "job-event-" + (++next);
        }
    }

    // --- experiences (rules.md §10) -------------------------------------------------------------

    /** Lessons of finished rounds: stored once, found by a shared term for recall, listed newest first. */
    @Nested
    class ExperienceStorage {

        private Experience experience(String id, String profileId, Instant createdAt, String... keywords) {
            return new Experience(id, profileId, "task " + id, "passed", "lesson " + id, 0.5, List.of(keywords),
                    createdAt);
        }

        private void record(String profileId, Experience... experiences) {
            store.write(profileId, tx -> {
                for (Experience e : experiences) {
                    tx.experiences().insert(e);
                }
                return null;
            });
        }

        private List<String> sharing(String profileId, Instant asOf, String... terms) {
            return store.read(tx -> tx.experiences().findSharingTerms(profileId, asOf, List.of(terms))).stream()
                    .map(Experience::id).toList();
        }

        private long experienceCount(String profileId) {
            return store.read(tx -> tx.experiences().countByProfile(profileId));
        }

        private List<Experience> newest(String profileId, int limit) {
            return store.read(tx -> tx.experiences().newestFirst(profileId, limit));
        }

        @Test
        void everyFieldOfAnExperienceSurvivesInsertAndRead() {
            Experience full = new Experience("e-full", P, "推荐 OpenAI 跟投\n第二行", "PM 拒绝：估值太高",
                    "估值高的项目，先给对比估值 [REDACTED:api_key]", 0.123456789,
                    List.of("openai", "估值", "跟投"), Instant.parse("2026-05-09T10:00:00.123Z"));
            record(P, full);

            assertThat(newest(P, 10)).containsExactly(full);
            List<Experience> found = store.read(tx -> tx.experiences().findSharingTerms(P,
                    T0.plus(Duration.ofDays(30)), List.of("估值")));
            assertThat(found).containsExactly(full);
        }

        @Test
        void importanceZeroAndOneAndNoKeywordsSurvive() {
            Experience none = new Experience("e0", P, "t", "o", "l", 0.0, List.of(), T0);
            Experience one = new Experience("e1", P, "t", "o", "l", 1.0, List.of("x"), T0.plusMillis(1));
            record(P, none, one);

            assertThat(newest(P, 10)).containsExactly(one, none);
        }

        @Test
        void onlyExperiencesSharingATermAreFound() {
            record(P, experience("openai", P, T0, "openai", "估值"),
                    experience("anthropic", P, T0, "anthropic"),
                    experience("both", P, T0, "anthropic", "openai"));

            assertThat(sharing(P, T0, "openai")).containsExactlyInAnyOrder("openai", "both");
            assertThat(sharing(P, T0, "估值", "anthropic")).containsExactlyInAnyOrder("openai", "anthropic", "both");
            assertThat(sharing(P, T0, "mistral")).isEmpty();
            assertThat(sharing(P, T0)).as("no terms").isEmpty();
        }

        @Test
        void anExperienceCreatedAfterAsOfIsNotFound() {
            record(P, experience("at", P, T0, "openai"), experience("after", P, T0.plusMillis(1), "openai"));

            assertThat(sharing(P, T0, "openai")).containsExactly("at");
            assertThat(sharing(P, T0.plusMillis(1), "openai")).containsExactlyInAnyOrder("at", "after");
        }

        @Test
        void experiencesOfOneProfileAreInvisibleThroughAnother() {
            record(P, experience("mine", P, T0, "openai"));
            record(OTHER, experience("theirs", OTHER, T0, "openai"));

            assertThat(sharing(P, T0, "openai")).containsExactly("mine");
            assertThat(newest(OTHER, 10)).extracting(Experience::id).containsExactly("theirs");
            assertThat(experienceCount(P)).isEqualTo(1L);
            assertThat(experienceCount("pm-nobody")).isZero();
        }

        @Test
        void newestFirstIsByCreatedAtThenIdAndHonoursTheLimit() {
            record(P, experience("b", P, T0, "x"), experience("old", P, T0.minusSeconds(60), "x"),
                    experience("a", P, T0, "x"), experience("new", P, T0.plusSeconds(60), "x"));

            assertThat(newest(P, 10)).extracting(Experience::id).containsExactly("new", "b", "a", "old");
            assertThat(newest(P, 2)).extracting(Experience::id).containsExactly("new", "b");
        }

        @Test
        void manyTermsAtOnce() {
            record(P, experience("e", P, T0, "term-499"));
            String[] terms = IntStream.range(0, 500).mapToObj(i -> "term-" + i).toArray(String[]::new);

            assertThat(sharing(P, T0, terms)).containsExactly("e");
        }

        @Test
        void anIdCannotBeUsedTwice() {
            record(P, experience("e", P, T0, "x"));

            assertThatThrownBy(() -> record(P, experience("e", P, T0, "y"))).isInstanceOf(RuntimeException.class);
            assertThat(newest(P, 10)).extracting(Experience::keywords).containsExactly(List.of("x"));
        }

        @Test
        void aFailedWriteLeavesNoExperienceBehind() {
            assertThatThrownBy(() -> store.write(P, tx -> {
                tx.experiences().insert(experience("e", P, T0, "openai"));
                throw new IllegalStateException("boom");
            })).isInstanceOf(IllegalStateException.class);

            assertThat(experienceCount(P)).isZero();
            assertThat(sharing(P, T0, "openai")).isEmpty();
        }
    }

    // --- compaction, summaries (rules.md §5) -------------------------------------------------

    /** The compact job's finders, the summary link, and the job itself on this store, with a fixed clock. */
    @Nested
    class Compaction {
        private final Instant expiry = T0.plus(Duration.ofDays(30));
        private final Instant now = expiry.plus(Duration.ofDays(1));
        private final IdGeneratorForJobs ids = new IdGeneratorForJobs();

        private Memory.Builder market(String id, String profileId) {
            return memory(id, profileId).type(MemoryType.MARKET_INFO);
        }

        private dev.pmmemory.application.service.MemoryCompaction compaction(
                int threshold, dev.pmmemory.application.port.out.Summarizer summarizer) {
            return new dev.pmmemory.application.service.MemoryCompaction(store,
                    dev.pmmemory.domain.lexicon.Lexicon.loadDefault(), summarizer, ids,
                    Clock.fixed(now, ZoneOffset.UTC), threshold, 0.6);
        }

        private List<Memory> compactable(String profileId, MemoryType type) {
            return store.read(tx -> tx.memories().findCompactable(profileId, type, now));
        }

        private List<dev.pmmemory.application.port.out.MemoryGroup> groups(int moreThan, MemoryType... types) {
            return store.read(tx -> tx.memories().findCompactionGroups(List.of(types), now, moreThan));
        }

        @Test
        void compactableMeansExpiredOrSupersededAndNotYetFoldedOldestFirst() {
            insert(market("expired-b", P).status(MemoryStatus.EXPIRED).createdAt(T0.plusSeconds(2)).build(),
                    market("expired-a", P).status(MemoryStatus.EXPIRED).createdAt(T0.plusSeconds(2)).build(),
                    market("superseded", P).status(MemoryStatus.SUPERSEDED).validUntil(T0.plusSeconds(9))
                            .supersededBy("x").build(),
                    market("past-expiry-not-swept", P).createdAt(T0.plusSeconds(1)).build(),
                    market("live", P).expiresAt(now.plusSeconds(1)).build(),
                    market("rejected", P).status(MemoryStatus.REJECTED).validFrom(null).build(),
                    market("deleted", P).status(MemoryStatus.DELETED).build(),
                    market("folded", P).status(MemoryStatus.EXPIRED).build(),
                    memory("negative", P).status(MemoryStatus.EXPIRED).build(),
                    market("bob", OTHER).status(MemoryStatus.EXPIRED).build());
            inWrite(tx -> tx.memories().markSummarized(P, List.of("folded"), "some-summary"));

            assertThat(compactable(P, MemoryType.MARKET_INFO)).extracting(Memory::id)
                    .containsExactly("superseded", "past-expiry-not-swept", "expired-a", "expired-b");
            assertThat(groups(3, MemoryType.MARKET_INFO)).containsExactly(
                    new dev.pmmemory.application.port.out.MemoryGroup(P, MemoryType.MARKET_INFO));
            assertThat(groups(4, MemoryType.MARKET_INFO)).as("more than, not as many as").isEmpty();
            assertThat(groups(0, MemoryType.MARKET_INFO, MemoryType.PROJECT_NEGATIVE)).containsExactly(
                    new dev.pmmemory.application.port.out.MemoryGroup(P, MemoryType.MARKET_INFO),
                    new dev.pmmemory.application.port.out.MemoryGroup(P, MemoryType.PROJECT_NEGATIVE),
                    new dev.pmmemory.application.port.out.MemoryGroup(OTHER, MemoryType.MARKET_INFO));
            assertThat(groups(0)).as("no type asked").isEmpty();
        }

        @Test
        void theSummaryLinkReadsBothWaysSurvivesAnUpdateAndGoesWithAPurgedMember() {
            insert(market("m1", P).status(MemoryStatus.EXPIRED).build(),
                    market("m2", P).status(MemoryStatus.EXPIRED).build(),
                    market("m3", P).status(MemoryStatus.EXPIRED).build());

            int marked = store.write(P, tx -> tx.memories().markSummarized(P, List.of("m2", "m1", "m2", "nope"), "s1"));
            assertThat(marked).as("each stored memory once").isEqualTo(2);
            assertThat(store.<Integer>write(OTHER, tx -> tx.memories().markSummarized(OTHER, List.of("m3"), "s9")))
                    .as("another profile's memory").isZero();

            assertThat(store.<Optional<String>>read(tx -> tx.memories().findSummaryOf(P, "m1"))).contains("s1");
            assertThat(store.<Optional<String>>read(tx -> tx.memories().findSummaryOf(P, "m3"))).isEmpty();
            assertThat(store.<Optional<String>>read(tx -> tx.memories().findSummaryOf(OTHER, "m1"))).isEmpty();
            assertThat(store.<List<String>>read(tx -> tx.memories().findSummarized(P, "s1"))).containsExactly("m1", "m2");
            assertThat(store.<List<String>>read(tx -> tx.memories().findSummarized(OTHER, "s1"))).isEmpty();

            inWrite(tx -> tx.memories().update(findById(P, "m1").orElseThrow().toBuilder().weight(2).build()));
            assertThat(store.<Optional<String>>read(tx -> tx.memories().findSummaryOf(P, "m1")))
                    .as("an update of the memory keeps its link").contains("s1");
            assertThat(compactable(P, MemoryType.MARKET_INFO)).extracting(Memory::id).containsExactly("m3");

            store.write(P, tx -> tx.memories().delete(P, "m2"));
            assertThat(store.<List<String>>read(tx -> tx.memories().findSummarized(P, "s1"))).containsExactly("m1");
        }

        @Test
        void compactFoldsMoreThanTheThresholdIntoOneLinkedSummaryOnce() {
            insert(market("m1", P).status(MemoryStatus.EXPIRED).entities(List.of("Mistral"))
                            .keywords(List.of("mistral", "估值")).createdAt(T0).lastSeenAt(T0).build(),
                    market("m2", P).status(MemoryStatus.EXPIRED).entities(List.of("Mistral", "Kimi"))
                            .keywords(List.of("mistral", "估值", "赛道")).weight(3)
                            .createdAt(T0.plus(Duration.ofDays(1))).lastSeenAt(T0.plus(Duration.ofDays(2))).build(),
                    market("m3", P).status(MemoryStatus.SUPERSEDED).validUntil(T0.plusSeconds(9)).supersededBy("x")
                            .entities(List.of("Kimi")).keywords(List.of("赛道", "kimi"))
                            .createdAt(T0.plus(Duration.ofDays(3))).lastSeenAt(T0.plus(Duration.ofDays(3))).build(),
                    market("live", P).expiresAt(now.plusSeconds(60)).build(),
                    memory("pref", P).type(MemoryType.LONG_TERM_PREFERENCE).status(MemoryStatus.SUPERSEDED)
                            .validUntil(T0.plusSeconds(9)).supersededBy("y").build(),
                    memory("pref2", P).type(MemoryType.LONG_TERM_PREFERENCE).status(MemoryStatus.SUPERSEDED)
                            .validUntil(T0.plusSeconds(9)).supersededBy("y").build(),
                    memory("pref3", P).type(MemoryType.LONG_TERM_PREFERENCE).status(MemoryStatus.SUPERSEDED)
                            .validUntil(T0.plusSeconds(9)).supersededBy("y").build());

            var report = compaction(2, new dev.pmmemory.application.service.FrequencySummarizer()).run();

            assertThat(report.job()).isEqualTo(dev.pmmemory.application.model.Job.COMPACT);
            assertThat(report.profiles()).isEqualTo(1);
            assertThat(report.changed()).as("three market_info folded; preferences never").isEqualTo(3);
            Memory summary = store.<List<Memory>>read(tx -> tx.memories().list(
                    query(P, null, MemoryType.SUMMARY, null, null, 10, now))).stream().collect(
                    java.util.stream.Collectors.collectingAndThen(java.util.stream.Collectors.toList(),
                            l -> { assertThat(l).hasSize(1); return l.get(0); }));
            assertThat(summary.content()).isEqualTo("Summary of 3 market_info memories, 2026-05-01 to 2026-05-04."
                    + " Recurring entities: Kimi ×4, Mistral ×4. Recurring terms: 估值 ×4, 赛道 ×4.");
            assertThat(summary.entities()).as("by frequency, then name").containsExactly("Kimi", "Mistral");
            assertThat(summary.keywords()).containsExactly("估值", "赛道");
            assertThat(summary.status()).isEqualTo(MemoryStatus.ACTIVE);
            assertThat(summary.createdAt()).isEqualTo(now);
            assertThat(summary.expiresAt()).as("the lexicon's summary TTL").isEqualTo(now.plus(Duration.ofDays(180)));
            assertThat(store.<List<String>>read(tx -> tx.memories().findSummarized(P, summary.id())))
                    .containsExactly("m1", "m2", "m3");
            assertThat(findById(P, "m1")).as("folded memories stay readable").isPresent();
            assertThat(store.<Optional<String>>read(tx -> tx.memories().findSummaryOf(P, "live"))).isEmpty();
            assertThat(auditFor(P, summary.id())).singleElement().satisfies(e -> {
                assertThat(e.kind()).isEqualTo(AuditKind.MEMORY_SUMMARIZED);
                assertThat(e.detail()).isEqualTo("count=3 type=market_info");
                assertThat(e.at()).isEqualTo(now);
            });

            var again = compaction(2, new dev.pmmemory.application.service.FrequencySummarizer()).run();
            assertThat(again.changed()).as("idempotent").isZero();
            assertThat(again.profiles()).isZero();
            assertThat(store.<List<Memory>>read(tx -> tx.memories().list(
                    query(P, null, MemoryType.SUMMARY, null, null, 10, now)))).hasSize(1);
        }

        @Test
        void aFailingOrBlankSummarizerNeverFailsTheJobTheDeterministicTextIsUsed() {
            insert(market("m1", P).status(MemoryStatus.EXPIRED).build(),
                    market("m2", P).status(MemoryStatus.EXPIRED).build(),
                    market("b1", OTHER).status(MemoryStatus.EXPIRED).build(),
                    market("b2", OTHER).status(MemoryStatus.EXPIRED).build());

            var report = compaction(1, request -> {
                if (request.profileId().equals(P)) {
                    throw new IllegalStateException("model down");
                }
                return "  ";
            }).run();

            assertThat(report.changed()).isEqualTo(4);
            assertThat(report.profiles()).isEqualTo(2);
            for (String profile : List.of(P, OTHER)) {
                assertThat(store.<List<Memory>>read(tx -> tx.memories().list(
                        query(profile, null, MemoryType.SUMMARY, null, null, 10, now))))
                        .singleElement().extracting(Memory::content).asString()
                        .startsWith("Summary of 2 market_info memories, on 2026-05-01.");
            }
        }
    }

    // --- feedback in batches (issue 10 part 5) ---------------------------------------------------

    @Nested
    class FeedbackBatch {
        /** A mixed batch: new, repeated, a conflict, an unclassified line, a retried message id. */
        private List<AddFeedbackCommand> mixed(String profileId) {
            return List.of(
                    new AddFeedbackCommand(profileId, "OpenAI 可以推进", T0, null, "m-1", Source.EXPLICIT),
                    new AddFeedbackCommand(profileId, "OpenAI 可以推进", T0.plusSeconds(60), null, null,
                            Source.EXPLICIT),
                    new AddFeedbackCommand(profileId, "OpenAI 商业化弱", T0.plusSeconds(120), null, null,
                            Source.INFERRED),
                    new AddFeedbackCommand(profileId, "Anthropic 商业化弱", T0.plusSeconds(180), null, null,
                            Source.EXPLICIT),
                    new AddFeedbackCommand(profileId, "Anthropic 可以推进", T0.plusSeconds(240), null, null,
                            Source.EXPLICIT),
                    new AddFeedbackCommand(profileId, "今天天气如何", T0.plusSeconds(300), null, null, Source.EXPLICIT),
                    new AddFeedbackCommand(profileId, "OpenAI 可以推进 again", T0.plusSeconds(360), null, "m-1",
                            Source.EXPLICIT));
        }

        private record Shape(MemoryType type, String content, int weight, MemoryStatus status) {
        }

        private List<Shape> shapes(String profileId) {
            return list(query(profileId, null, null, null, null, 50, T0)).stream()
                    .map(m -> new Shape(m.type(), m.content(), m.weight(), m.status()))
                    .sorted(Comparator.comparing(Shape::content).thenComparing(s -> s.status().name()))
                    .toList();
        }

        @Test
        void aBatchEndsExactlyAsTheSameMessagesAddedOneByOne() {
            FeedbackIntake intake = UseCases.feedbackIntake(store, CLOCK);

            List<FeedbackResult> batch = intake.addAll(P, mixed(P));
            List<FeedbackResult> singles = mixed(OTHER).stream().map(intake::add).toList();

            assertThat(batch).extracting(FeedbackResult::outcome).containsExactly(
                    FeedbackOutcome.CREATED, FeedbackOutcome.DEDUPLICATED, FeedbackOutcome.PENDING,
                    FeedbackOutcome.CREATED, FeedbackOutcome.CREATED, FeedbackOutcome.UNCLASSIFIED,
                    FeedbackOutcome.REPLAYED);
            assertThat(batch).extracting(FeedbackResult::outcome)
                    .containsExactlyElementsOf(singles.stream().map(FeedbackResult::outcome).toList());
            assertThat(batch.get(6).rawMessageId()).isEqualTo(batch.get(0).rawMessageId());
            assertThat(batch.get(4).superseded()).hasSize(1);
            assertThat(shapes(P)).isEqualTo(shapes(OTHER)).hasSize(4);
            assertThat(rawCount(P)).isEqualTo(rawCount(OTHER)).isEqualTo(6);
        }

        @Test
        void aBatchIsOneTransaction() {
            CountingStore counting = new CountingStore(store);
            FeedbackIntake intake = UseCases.feedbackIntake(counting, CLOCK);
            List<AddFeedbackCommand> many = IntStream.range(0, 40)
                    .mapToObj(i -> UseCases.feedback(P, "Company" + i + " 可以推进", T0.plusSeconds(i)))
                    .toList();

            intake.addAll(P, many);

            assertThat(counting.writes).isEqualTo(1);
            assertThat(list(query(P, null, null, null, null, 50, T0))).hasSize(40);
        }

        @Test
        void aBatchOverTheLimitOrOfAnotherProfileStoresNothing() {
            FeedbackIntake intake = UseCases.feedbackIntake(store, CLOCK);
            List<AddFeedbackCommand> tooMany = IntStream.range(0, AddFeedback.MAX_BATCH_ITEMS + 1)
                    .mapToObj(i -> UseCases.feedback(P, "OpenAI 可以推进", T0)).toList();

            assertThatThrownBy(() -> intake.addAll(P, tooMany)).isInstanceOf(InvalidInputException.class)
                    .hasMessageContaining("items");
            assertThatThrownBy(() -> intake.addAll(P, List.of(UseCases.feedback(OTHER, "OpenAI 可以推进", T0))))
                    .isInstanceOf(InvalidInputException.class);
            assertThatThrownBy(() -> intake.addAll(P, List.of())).isInstanceOf(InvalidInputException.class);
            assertThat(rawCount(P)).isZero();
            assertThat(rawCount(OTHER)).isZero();
        }

        @Test
        void aStoreFailureMidBatchLeavesNothingBehind() {
            FeedbackIntake intake = UseCases.feedbackIntake(new FailingOnNthAppend(store, 3), CLOCK);
            List<AddFeedbackCommand> five = IntStream.range(0, 5)
                    .mapToObj(i -> UseCases.feedback(P, "Company" + i + " 可以推进", T0.plusSeconds(i)))
                    .toList();

            assertThatThrownBy(() -> intake.addAll(P, five)).isInstanceOf(IllegalStateException.class);

            assertThat(rawCount(P)).isZero();
            assertThat(list(query(P, null, null, null, null, 50, T0))).isEmpty();
        }
    }

    /** Counts write transactions. */
    private static final class CountingStore extends ForwardingStore {
        int writes;

        CountingStore(MemoryStore delegate) {
            super(delegate);
        }

        @Override
        public <T> T write(String profileId, java.util.function.Function<StoreTransaction, T> work) {
            writes++;
            return super.write(profileId, work);
        }
    }

    /** Fails at the n-th use of the raw message log inside a write, as a store that goes away mid-transaction. */
    private static final class FailingOnNthAppend extends ForwardingStore {
        private final int n;

        FailingOnNthAppend(MemoryStore delegate, int n) {
            super(delegate);
            this.n = n;
        }

        @Override
        public <T> T write(String profileId, java.util.function.Function<StoreTransaction, T> work) {
            int[] calls = {0};
            return super.write(profileId, tx -> work.apply(new StoreTransaction() {
                @Override
                public dev.pmmemory.application.port.out.Memories memories() {
                    return tx.memories();
                }

                @Override
                public dev.pmmemory.application.port.out.RawMessages rawMessages() {
                    if (++calls[0] >= n) { // adds without message_id use the raw log once: to append
                        throw new IllegalStateException("store went away");
                    }
                    return tx.rawMessages();
                }

                @Override
                public dev.pmmemory.application.port.out.AuditTrail auditTrail() {
                    return tx.auditTrail();
                }

                @Override
                public MemoryVectors vectors() {
                    return tx.vectors();
                }

                @Override
                public dev.pmmemory.application.port.out.Experiences experiences() {
                    return tx.experiences();
                }

                @Override
                public dev.pmmemory.application.port.out.Facts facts() {
                    return tx.facts();
                }

                @Override
                public dev.pmmemory.application.port.out.StoredIds storedIds() {
                    return tx.storedIds();
                }

                @Override
                public dev.pmmemory.application.port.out.EntityRegistry entityRegistry() {
                    return tx.entityRegistry();
                }

                @Override
                public dev.pmmemory.application.port.out.Teams teams() {
                    return tx.teams();
                }
            }));
        }
    }

    private abstract static class ForwardingStore implements MemoryStore {
        private final MemoryStore delegate;

        ForwardingStore(MemoryStore delegate) {
            this.delegate = delegate;
        }

        @Override
        public <T> T write(String profileId, java.util.function.Function<StoreTransaction, T> work) {
            return delegate.write(profileId, work);
        }

        @Override
        public <T> T read(java.util.function.Function<StoreTransaction, T> work) {
            return delegate.read(work);
        }

        @Override
        public boolean isAvailable() {
            return delegate.isAvailable();
        }

        @Override
        public boolean claimJobRun(String job, Instant periodStart) {
            return delegate.claimJobRun(job, periodStart);
        }

        @Override
        public boolean jobRunClaimed(String job, Instant periodStart) {
            return delegate.jobRunClaimed(job, periodStart);
        }

        @Override
        public boolean shredDeleted() {
            return delegate.shredDeleted();
        }
    }
}

