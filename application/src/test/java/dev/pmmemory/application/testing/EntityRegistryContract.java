package dev.pmmemory.application.testing;

import dev.pmmemory.domain.lexicon.TextAnalyzers;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.pmmemory.application.InvalidInputException;
import dev.pmmemory.application.NotFoundException;
import dev.pmmemory.application.StateConflictException;
import dev.pmmemory.application.port.in.EntitiesQuery;
import dev.pmmemory.application.port.in.EntityHistoryQuery;
import dev.pmmemory.application.port.in.EntityPage;
import dev.pmmemory.application.model.Job;
import dev.pmmemory.application.port.in.JobReport;
import dev.pmmemory.application.port.in.ListMemoriesQuery;
import dev.pmmemory.application.port.in.PutEntityCommand;
import dev.pmmemory.application.port.in.AuditEvent;
import dev.pmmemory.application.model.AuditKind;
import dev.pmmemory.application.port.out.MemoryStore;
import dev.pmmemory.application.service.BackgroundReindex;
import dev.pmmemory.application.service.EntityRegistryService;
import dev.pmmemory.application.service.EntityReindex;
import dev.pmmemory.application.service.FeedbackIntake;
import dev.pmmemory.application.service.HistoryQueries;
import dev.pmmemory.application.service.MemoryQueries;
import dev.pmmemory.domain.classify.ClassifierChain;
import dev.pmmemory.domain.classify.RuleClassifier;
import dev.pmmemory.domain.memory.Memory;
import dev.pmmemory.domain.privacy.Redactor;
import dev.pmmemory.domain.registry.EntityKind;
import dev.pmmemory.domain.registry.RegisteredEntity;
import dev.pmmemory.domain.text.TextAnalyzer;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The entity registry (issue 12 item 3, rules.md §2) on a store: the repository through the port,
 * and the registry use cases, seeding and the re-index job wired on the store. Run by
 * {@link MemoryStoreContract} on every store (a nested class), so each case holds on SQLite and
 * PostgreSQL alike.
 */
public abstract class EntityRegistryContract {
    private static final Instant MAY1 = Instant.parse("2026-05-01T08:00:00Z");
    private static final String P = "pm-registry";
    private static final String ADMIN = "ops-admin";

    private final MutableClock clock = new MutableClock(MAY1);
    /** Each case its own analyzer: the registry replaces its dictionary. */
    private TextAnalyzer analyzer;
    private EntityRegistryService registry;
    private EntityReindex reindex;

    /** The store under test, fresh and empty. */
    protected abstract MemoryStore store();

    @BeforeEach
    void wire() {
        analyzer = TextAnalyzers.from(UseCases.LEXICON);
        reindex = new EntityReindex(store(), analyzer, UseCases.UUIDS, clock);
        // the background runs on the caller's thread here: a change is re-indexed when put returns
        registry = new EntityRegistryService(store(), analyzer, UseCases.UUIDS, clock,
                new BackgroundReindex(reindex, Runnable::run));
    }

    private static RegisteredEntity entity(String name, List<String> aliases) {
        return new RegisteredEntity(name, aliases, EntityKind.COMPANY, MAY1);
    }

    private <T> T write(java.util.function.Function<MemoryStore.StoreTransaction, T> work) {
        return store().write(AuditEvent.REGISTRY, work);
    }

    private Optional<RegisteredEntity> find(String key) {
        return store().read(tx -> tx.entityRegistry().find(key));
    }

    private Optional<RegisteredEntity> byName(String key) {
        return store().read(tx -> tx.entityRegistry().findByName(key));
    }

    private List<RegisteredEntity> all() {
        return store().read(tx -> tx.entityRegistry().all());
    }

    private boolean known(String key) {
        return store().read(tx -> tx.entityRegistry().known(key));
    }

    private boolean empty() {
        return store().read(tx -> tx.entityRegistry().empty());
    }

    private List<RegisteredEntity> page(String query, String after, int limit) {
        return store().read(tx -> tx.entityRegistry().page(query, after, limit));
    }

    private boolean deleted(String key) {
        return write(tx -> tx.entityRegistry().delete(key, MAY1));
    }

    private List<AuditEvent> registryEvents() {
        List<AuditEvent> events = new ArrayList<>(
                store().read(tx -> tx.auditTrail().newestFirst(AuditEvent.REGISTRY, null, null, 1000)));
        Collections.reverse(events);
        return events;
    }

    private FeedbackIntake intake() {
        return new FeedbackIntake(store(), new ClassifierChain(List.of(new RuleClassifier(UseCases.LEXICON))),
                UseCases.LEXICON, analyzer, new Redactor(), UseCases.UUIDS, clock);
    }

    private List<Memory> memoriesAbout(String entity) {
        MemoryQueries queries = new MemoryQueries(store(), UseCases.LEXICON, analyzer, clock);
        return queries.list(new ListMemoriesQuery(P, null, null, entity, 50, null)).items().stream()
                .map(v -> v.memory()).toList();
    }

    // --- the repository ------------------------------------------------------------------------------

    @Test
    void storesFindsByAnyNameAndReplacesAnEntityWhole() {
        write(tx -> {
            tx.entityRegistry().insert(entity("深度求索", List.of("DeepSeek", "DeepSeek AI")));
            tx.entityRegistry().insert(entity("月之暗面", List.of("Moonshot AI", "Kimi")));
            return null;
        });
        assertThat(find("深度求索")).get()
                .extracting(RegisteredEntity::aliases).isEqualTo(List.of("DeepSeek", "DeepSeek AI"));
        assertThat(byName("kimi")).get()
                .extracting(RegisteredEntity::name).isEqualTo("月之暗面");
        assertThat(find("kimi")).as("find is by canonical key").isEmpty();

        // a replacement drops the names it no longer lists
        write(tx -> {
            tx.entityRegistry().replace(new RegisteredEntity("深度求索", List.of("DeepSeek"), EntityKind.PRODUCT, MAY1));
            return null;
        });
        assertThat(byName("deepseek ai")).isEmpty();
        assertThat(find("深度求索")).get()
                .extracting(RegisteredEntity::kind).isEqualTo(EntityKind.PRODUCT);
        assertThat(all()).extracting(RegisteredEntity::key)
                .containsExactly("月之暗面", "深度求索");
    }

    @Test
    void refusesANameThatAnotherLiveEntityHolds() {
        write(tx -> {
            tx.entityRegistry().insert(entity("深度求索", List.of("DeepSeek")));
            return null;
        });
        assertThatThrownBy(() -> write(tx -> {
            tx.entityRegistry().insert(entity("幻方", List.of("deepseek")));
            return null;
        })).isInstanceOf(RuntimeException.class);
        assertThat(byName("deepseek")).get()
                .extracting(RegisteredEntity::name).isEqualTo("深度求索");
        assertThat(find("幻方")).isEmpty();
    }

    @Test
    void deletingLeavesATombstoneAndFreesTheNames() {
        write(tx -> {
            tx.entityRegistry().insert(entity("深度求索", List.of("DeepSeek")));
            return null;
        });
        assertThat(deleted("深度求索")).isTrue();
        assertThat(deleted("深度求索")).isFalse();
        assertThat(byName("deepseek")).isEmpty();
        assertThat(all()).isEmpty();
        assertThat(known("深度求索")).isTrue();
        assertThat(known("幻方")).isFalse();
        // the freed alias may now name another entity, and the deleted one may come back
        write(tx -> {
            tx.entityRegistry().insert(entity("DeepSeek", List.of()));
            tx.entityRegistry().replace(entity("深度求索", List.of("深度")));
            return null;
        });
        assertThat(all()).extracting(RegisteredEntity::key)
                .containsExactly("deepseek", "深度求索");
    }

    @Test
    void aKeyIsInsertedOnceAndOnlyAStoredOneIsReplaced() {
        write(tx -> {
            tx.entityRegistry().insert(entity("深度求索", List.of("DeepSeek")));
            return null;
        });
        assertThatThrownBy(() -> write(tx -> {
            tx.entityRegistry().insert(entity("深度求索", List.of("深度")));
            return null;
        })).isInstanceOf(RuntimeException.class);
        assertThatThrownBy(() -> write(tx -> {
            tx.entityRegistry().replace(entity("幻方", List.of()));
            return null;
        })).isInstanceOf(RuntimeException.class);
        assertThat(all()).extracting(RegisteredEntity::key).containsExactly("深度求索");
    }

    @Test
    void isEmptyOnlyUntilAnEntityIsStoredEvenOnceDeleted() {
        assertThat(empty()).isTrue();
        write(tx -> {
            tx.entityRegistry().insert(entity("深度求索", List.of("DeepSeek")));
            return null;
        });
        assertThat(empty()).isFalse();
        deleted("深度求索");
        assertThat(empty()).as("a tombstone counts").isFalse();
    }

    @Test
    void pagesByKeyAndFiltersOnAnyName() {
        write(tx -> {
            tx.entityRegistry().insert(entity("Anthropic", List.of("Claude")));
            tx.entityRegistry().insert(entity("深度求索", List.of("DeepSeek")));
            tx.entityRegistry().insert(entity("月之暗面", List.of("Moonshot AI", "Kimi")));
            tx.entityRegistry().insert(entity("OpenAI", List.of("ChatGPT")));
            return null;
        });
        assertThat(page(null, null, 2)).extracting(RegisteredEntity::key)
                .containsExactly("anthropic", "openai");
        assertThat(page(null, "openai", 10)).extracting(RegisteredEntity::key)
                .containsExactly("月之暗面", "深度求索");
        assertThat(page("moon", null, 10)).extracting(RegisteredEntity::key)
                .containsExactly("月之暗面");
        assertThat(page("求索", null, 10)).extracting(RegisteredEntity::key)
                .containsExactly("深度求索");
    }

    // --- the use cases -------------------------------------------------------------------------------

    @Test
    void seedsTheShippedDictionaryOnceAndNeverBringsBackWhatAnAdminDeleted() {
        List<List<String>> shipped = UseCases.LEXICON.entities().groups();
        assertThat(registry.seed(shipped)).isEqualTo(shipped.size());
        assertThat(registry.get("DeepSeek").name()).isEqualTo("深度求索");
        assertThat(registry.get("kimi").name()).isEqualTo("月之暗面");
        assertThat(registry.get("高瓴").kind()).isEqualTo(EntityKind.FUND);

        registry.delete("DeepSeek", ADMIN);
        assertThat(registry.seed(shipped)).as("seeding again adds nothing").isZero();
        assertThatThrownBy(() -> registry.get("深度求索")).isInstanceOf(NotFoundException.class);
    }

    @Test
    void onlyANeverSeededRegistryWithDisjointGroupsMaySeedAfterStart() {
        List<List<String>> shipped = UseCases.LEXICON.entities().groups();
        assertThat(registry.canSeedAfterStart(shipped)).isTrue();
        assertThat(registry.canSeedAfterStart(List.of(List.of("深度求索", "DeepSeek"), List.of("幻方", "deepseek"))))
                .as("two groups sharing a name: the seed would skip one, the lexicon's dictionary has both").isFalse();
        registry.seed(shipped);
        assertThat(registry.canSeedAfterStart(shipped)).isFalse();
    }

    @Test
    void registryCallsWaitForASeedExpectedAfterStart() throws Exception {
        List<List<String>> shipped = UseCases.LEXICON.entities().groups();
        registry.expectSeed();
        java.util.concurrent.CompletableFuture<RegisteredEntity> read =
                java.util.concurrent.CompletableFuture.supplyAsync(() -> registry.get("DeepSeek"));
        Thread.sleep(100);
        assertThat(read).as("waits for the seed instead of answering 404").isNotDone();
        registry.seed(shipped);
        assertThat(read.get(5, java.util.concurrent.TimeUnit.SECONDS).name()).isEqualTo("深度求索");
    }

    @Test
    void aNameClaimedByAnotherEntityIsAConflictNamingTheField() {
        registry.put(new PutEntityCommand("深度求索", List.of("DeepSeek"), "company", ADMIN));
        assertThatThrownBy(() -> registry.put(new PutEntityCommand("幻方", List.of("High-Flyer", "deepseek"), null, ADMIN)))
                .isInstanceOfSatisfying(StateConflictException.class, e -> {
                    assertThat(e.field()).isEqualTo("aliases[1]");
                    assertThat(e.getMessage()).contains("深度求索");
                });
        assertThatThrownBy(() -> registry.put(new PutEntityCommand("DeepSeek", List.of(), null, ADMIN)))
                .isInstanceOfSatisfying(StateConflictException.class, e -> assertThat(e.field()).isEqualTo("name"));
        assertThatThrownBy(() -> registry.get("幻方")).isInstanceOf(NotFoundException.class);
    }

    @Test
    void badInputNamesEveryField() {
        List<String> tooMany = new ArrayList<>();
        for (int i = 0; i <= EntityRegistryService.MAX_ALIASES; i++) {
            tooMany.add("alias" + i);
        }
        assertThatThrownBy(() -> registry.put(new PutEntityCommand(" ", tooMany, "planet", ADMIN)))
                .isInstanceOfSatisfying(InvalidInputException.class, e -> assertThat(e.errors())
                        .extracting(InvalidInputException.FieldError::field).containsExactly("name", "aliases", "kind"));
        assertThatThrownBy(() -> registry.put(new PutEntityCommand("x".repeat(101), List.of("ok", "", "a\nb"), null, ADMIN)))
                .isInstanceOfSatisfying(InvalidInputException.class, e -> assertThat(e.errors())
                        .extracting(InvalidInputException.FieldError::field)
                        .containsExactly("name", "aliases[1]", "aliases[2]"));
        assertThat(all()).isEmpty();
    }

    @Test
    void everyChangeIsAuditedWithItsActorAndStates() {
        registry.put(new PutEntityCommand("深度求索", List.of("DeepSeek"), null, ADMIN));
        registry.put(new PutEntityCommand("深度求索", List.of("DeepSeek"), null, ADMIN)); // the same again: no change
        clock.advance(Duration.ofMinutes(1));
        registry.put(new PutEntityCommand("深度求索", List.of("DeepSeek", "深度"), "company", "other-admin"));
        registry.delete("深度", ADMIN);

        List<AuditEvent> events = registryEvents();
        assertThat(events).extracting(AuditEvent::kind).containsExactly(AuditKind.ENTITY_REGISTERED,
                AuditKind.ENTITY_REPLACED, AuditKind.ENTITY_DELETED);
        assertThat(events).extracting(AuditEvent::actor).containsExactly(ADMIN, "other-admin", ADMIN);
        assertThat(events).extracting(AuditEvent::memoryId).containsOnly("深度求索");
        assertThat(events.get(1).before()).contains("\"aliases\":\"DeepSeek\"");
        assertThat(events.get(1).after()).contains("\"aliases\":\"DeepSeek, 深度\"");
        assertThat(events.get(2).after()).isNull();
    }

    @Test
    void listsInPagesWithACursorAndAQuery() {
        registry.seed(UseCases.LEXICON.entities().groups());
        List<String> all = new ArrayList<>();
        String cursor = null;
        do {
            EntityPage page = registry.list(new EntitiesQuery(null, "7", cursor));
            assertThat(page.items()).hasSizeLessThanOrEqualTo(7);
            page.items().forEach(e -> all.add(e.key()));
            cursor = page.nextCursor();
        } while (cursor != null);
        assertThat(all).hasSize(UseCases.LEXICON.entities().groups().size()).isSorted().doesNotHaveDuplicates();
        assertThat(registry.list(new EntitiesQuery("STEPFUN", null, null)).items())
                .extracting(RegisteredEntity::name).containsExactly("阶跃星辰");
        assertThatThrownBy(() -> registry.list(new EntitiesQuery(null, "0", "not-a-cursor")))
                .isInstanceOfSatisfying(InvalidInputException.class, e -> assertThat(e.errors())
                        .extracting(InvalidInputException.FieldError::field).containsExactly("limit", "cursor"));
    }

    @Test
    void aNewAliasReindexesMemoriesStoredBeforeItInEitherLanguage() {
        registry.seed(UseCases.LEXICON.entities().groups());
        registry.delete("深度求索", ADMIN); // as if the dictionary had never listed it
        intake().add(UseCases.feedback(P, "深度求索估值太高，先不看", MAY1));
        intake().add(UseCases.feedback(P, "Anthropic 可以推进", MAY1.plusSeconds(60)));
        assertThat(memoriesAbout("DeepSeek")).isEmpty();
        assertThat(memoriesAbout("深度求索")).extracting(Memory::entities).containsExactly(List.of("深度求索"));

        clock.advance(Duration.ofHours(1));
        registry.put(new PutEntityCommand("DeepSeek", List.of("深度求索"), null, ADMIN));

        assertThat(memoriesAbout("DeepSeek")).extracting(Memory::content).containsExactly("深度求索估值太高，先不看");
        assertThat(memoriesAbout("deepseek")).extracting(Memory::entities).containsExactly(List.of("DeepSeek"));
        assertThat(memoriesAbout("深度求索")).hasSize(1);
        HistoryQueries history = new HistoryQueries(store(), UseCases.LEXICON, analyzer, clock);
        assertThat(history.read(new EntityHistoryQuery(P, "深度求索")).entries()).hasSize(1);
        List<AuditEvent> profileEvents = store().read(tx -> tx.auditTrail().newestFirst(P, null, null, 100));
        assertThat(profileEvents)
                .filteredOn(e -> e.kind() == AuditKind.MEMORY_REINDEXED).hasSize(1)
                .first().satisfies(e -> assertThat(e.after()).contains("DeepSeek"));

        JobReport again = reindex.run();
        assertThat(again.job()).isEqualTo(Job.REINDEX);
        assertThat(again.changed()).as("idempotent").isZero();
    }

    @Test
    void anotherInstanceOnTheSameStorePicksUpAChangeAtItsNextRefresh() {
        registry.seed(UseCases.LEXICON.entities().groups());
        // a second instance: its own analyzer and registry service over the same database
        TextAnalyzer otherAnalyzer = TextAnalyzers.from(UseCases.LEXICON);
        EntityRegistryService other = new EntityRegistryService(store(), otherAnalyzer, UseCases.UUIDS, clock,
                new BackgroundReindex(new EntityReindex(store(), otherAnalyzer, UseCases.UUIDS, clock), Runnable::run));
        assertThat(other.refresh()).as("never loaded (its store was down at start): keeps the lexicon's dictionary")
                .isFalse();
        assertThat(otherAnalyzer.canonicalEntity("DeepSeek")).isEqualTo("深度求索");
        other.seed(UseCases.LEXICON.entities().groups());
        assertThat(other.refresh()).as("nothing changed since its seed").isFalse();

        registry.put(new PutEntityCommand("云深处", List.of("DEEP Robotics"), null, ADMIN));
        assertThat(otherAnalyzer.canonicalEntity("DEEP Robotics")).as("before its refresh").isEqualTo("DEEP Robotics");

        assertThat(other.refresh()).isTrue();
        assertThat(otherAnalyzer.canonicalEntity("deep robotics")).isEqualTo("云深处");
        assertThat(otherAnalyzer.analyze("DEEP Robotics 估值太高").entities()).containsExactly("云深处");
        assertThat(other.refresh()).as("the same content again").isFalse();

        registry.delete("云深处", ADMIN);
        assertThat(other.refresh()).isTrue();
        assertThat(otherAnalyzer.canonicalEntity("DEEP Robotics")).isEqualTo("DEEP Robotics");
    }

    @Test
    void theRegistryAuditTrailIsPagedNewestFirstAndFilteredByAnyNameOfAnEntity() {
        registry.put(new PutEntityCommand("云深处", List.of("DEEP Robotics"), null, ADMIN));
        clock.advance(Duration.ofMinutes(1));
        registry.put(new PutEntityCommand("星海图", List.of("Galaxea"), null, ADMIN));
        clock.advance(Duration.ofMinutes(1));
        registry.delete("deep robotics", ADMIN);

        var first = registry.audit(new dev.pmmemory.application.port.in.RegistryAuditQuery(null, 2, null));
        assertThat(first.items()).extracting(AuditEvent::kind).containsExactly(AuditKind.ENTITY_DELETED, AuditKind.ENTITY_REGISTERED);
        assertThat(first.items()).extracting(AuditEvent::memoryId).containsExactly("云深处", "星海图");
        assertThat(first.items()).allSatisfy(e -> assertThat(e.actor()).isEqualTo(ADMIN));
        var rest = registry.audit(new dev.pmmemory.application.port.in.RegistryAuditQuery(null, 2,
                TestCommands.after(first.nextCursor())));
        assertThat(rest.items()).extracting(AuditEvent::memoryId).containsExactly("云深处");
        assertThat(rest.nextCursor()).isNull();

        var one = registry.audit(new dev.pmmemory.application.port.in.RegistryAuditQuery("Galaxea", 50, null));
        assertThat(one.items()).extracting(AuditEvent::memoryId).containsExactly("星海图");
        assertThat(registry.audit(new dev.pmmemory.application.port.in.RegistryAuditQuery("云深处", 50, null)).items())
                .as("a deleted entity's trail, by its canonical name").hasSize(2);
        assertThatThrownBy(() -> registry.audit(new dev.pmmemory.application.port.in.RegistryAuditQuery("无此公司", 50, null)))
                .isInstanceOf(NotFoundException.class);
        assertThatThrownBy(() -> new dev.pmmemory.application.port.in.RegistryAuditQuery(null, 0, null))
                .isInstanceOfSatisfying(InvalidInputException.class, e -> assertThat(e.errors())
                        .extracting(InvalidInputException.FieldError::field).containsExactly("limit"));
    }
}
