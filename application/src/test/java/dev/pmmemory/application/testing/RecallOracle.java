package dev.pmmemory.application.testing;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pmmemory.application.TeamOwner;
import dev.pmmemory.application.port.in.ContextResult;
import dev.pmmemory.application.port.in.ContextResult.RecalledMemory;
import dev.pmmemory.application.port.in.RecallContextQuery;
import dev.pmmemory.application.port.out.MemoryStore;
import dev.pmmemory.application.service.ContextRecall;
import dev.pmmemory.domain.memory.EntityKey;
import dev.pmmemory.domain.memory.Lifetime;
import dev.pmmemory.domain.memory.Memory;
import dev.pmmemory.domain.memory.MemoryStatus;
import dev.pmmemory.domain.memory.MemoryType;
import dev.pmmemory.domain.memory.Source;
import dev.pmmemory.domain.recall.ContextRanker;
import dev.pmmemory.domain.recall.Cosine;
import dev.pmmemory.domain.recall.HybridMatch;
import dev.pmmemory.domain.recall.RankingMode;
import dev.pmmemory.domain.recall.RecallFilter;
import dev.pmmemory.domain.recall.ScoredMemory;
import dev.pmmemory.domain.text.TextAnalyzer.Analysis;
import dev.pmmemory.domain.text.TextNormalizer;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/**
 * The oracle for {@link ContextRecall}'s candidate selection: whatever a recall returns must be
 * exactly what ranking every memory visible at as_of returns (same ids, same order, same scores).
 *
 * <p>A {@link Scenario} is a random profile of 0–60 memories (every type, entities from a small
 * pool, weights 1–15, created / last seen over 60 days on a coarse grid so that ties happen, some
 * superseded / partly superseded / pending / rejected / swept-expired / deleted / confirmed later)
 * and random probes (query from the memories' own words, unrelated words or empty; limit 1–10;
 * as_of anywhere around the 60 days, often exactly on a memory's boundary; with and without a
 * types filter and an entity filter). Everything follows from one seed, so a failure names the
 * seed that reproduces it.
 */
public final class RecallOracle {
    public static final Instant BASE = Instant.parse("2026-03-01T00:00:00Z");
    private static final Clock CLOCK = Clock.fixed(BASE.plus(Duration.ofDays(90)), ZoneOffset.UTC);
    private static ContextRanker ranker(RankingMode mode) {
        return new ContextRanker(t -> UseCases.LEXICON.ruleFor(t).priority(), HybridMatch.defaults(0.0), mode);
    }

    private static final List<String> ENTITIES = List.of("OpenAI", "Anthropic", "Mistral AI", "智谱", "月之暗面");
    private static final Map<MemoryType, List<String>> PHRASES = Map.of(
            MemoryType.LONG_TERM_PREFERENCE, List.of("以后少推国内大模型", "我更倾向海外早期项目", "不要推硬件项目",
                    "避免二级市场项目", "不喜欢 toC 项目"),
            MemoryType.PROJECT_NEGATIVE, List.of("估值高", "商业化弱", "团队差", "赛道小", "太贵了"),
            MemoryType.PROJECT_ADVANCE, List.of("可以推进", "约一下", "可以投", "感兴趣 聊聊"),
            MemoryType.PROJECT_POSITIVE, List.of("不错", "有意思", "亮点多", "看好团队"),
            MemoryType.MARKET_INFO, List.of("最近 AI 赛道很火", "具身智能趋势", "大模型赛道在火"),
            MemoryType.TEMP_STATUS, List.of("本周在路上", "下周出差", "最近忙"),
            // made by the compact job, never classified: recall treats it like any other type
            MemoryType.SUMMARY, List.of("Summary of 57 market_info memories 赛道 ×31", "总结 估值高 ×12"));
    private static final List<String> EXTRA_WORDS = List.of("海外", "早期", "团队", "融资", "项目", "大模型", "agent");
    private static final List<String> UNRELATED = List.of("今天天气如何", "hello world", "周末去爬山", "预算表格");
    private static final List<String> ASKED_ENTITIES = List.of("OpenAI", "openai", "ANTHROPIC", "Mistral AI", "智谱",
            "月之暗面", "Nobody");

    /** Which entity filters the probes of a scenario use. */
    public enum EntityFilters {
        /** no entity filter */
        NONE,
        /** an entity filter with a types filter that leaves preferences (and so the top-K guard) out */
        WITHOUT_PREFERENCES,
        /** an entity filter, preferences admitted (no types filter, or one that lists them) */
        WITH_PREFERENCES
    }

    public record Probe(String query, int limit, Instant asOf, Set<MemoryType> types, String entity) {
        public RecallContextQuery toQuery(String profileId) {
            return new RecallContextQuery(profileId, query, limit, asOf, types, entity);
        }

        @Override
        public String toString() {
            return "query='" + query + "' limit=" + limit + " as_of=" + asOf + " types=" + types + " entity=" + entity;
        }
    }

    public record Scenario(long seed, String profileId, List<Memory> memories, List<Probe> probes) {
    }

    private RecallOracle() {
    }

    // --- generation ------------------------------------------------------------------------------

    public static Scenario scenario(long seed, String profileId, int probes, EntityFilters entityFilters) {
        Random r = new Random(seed);
        int n = r.nextInt(61);
        List<Integer> numbers = IntStream.range(0, n).boxed().collect(Collectors.toCollection(ArrayList::new));
        Collections.shuffle(numbers, r); // ids not in insertion or time order
        List<Memory> memories = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            memories.add(memory(r, profileId, String.format("%s-%03d", profileId, numbers.get(i)), i));
        }
        List<Probe> list = new ArrayList<>();
        for (int i = 0; i < probes; i++) {
            list.add(probe(r, memories, entityFilters));
        }
        return new Scenario(seed, profileId, List.copyOf(memories), List.copyOf(list));
    }

    /** A point of the coarse time grid: whole days and half days after BASE. */
    private static Instant grid(Random r, int maxDays) {
        return BASE.plus(Duration.ofHours(12L * r.nextInt(maxDays * 2 + 1)));
    }

    private static <T> T pick(Random r, List<T> from) {
        return from.get(r.nextInt(from.size()));
    }

    private static Memory memory(Random r, String profileId, String id, int n) {
        MemoryType type = r.nextInt(4) == 0 ? MemoryType.LONG_TERM_PREFERENCE : pick(r, List.of(MemoryType.values()));
        StringBuilder content = new StringBuilder();
        boolean aboutProjects = type == MemoryType.PROJECT_NEGATIVE || type == MemoryType.PROJECT_ADVANCE
                || type == MemoryType.PROJECT_POSITIVE;
        int entityCount = aboutProjects ? 1 + (r.nextInt(3) == 0 ? 1 : 0) : (r.nextInt(5) == 0 ? 1 : 0);
        List<String> named = new ArrayList<>(ENTITIES);
        Collections.shuffle(named, r);
        content.append(String.join(" 和 ", named.subList(0, entityCount)));
        content.append(' ').append(pick(r, PHRASES.get(type)));
        if (r.nextBoolean()) {
            content.append(' ').append(pick(r, EXTRA_WORDS));
        }
        String text = content.toString().strip();
        Analysis analysis = UseCases.ANALYZER.analyze(text);

        Instant createdAt = grid(r, 60);
        Instant lastSeen = r.nextBoolean() ? createdAt : min(createdAt.plus(Duration.ofHours(12L * r.nextInt(41))),
                BASE.plus(Duration.ofDays(60)));
        Optional<Duration> ttl = UseCases.LEXICON.ruleFor(type).ttl();
        int weight = r.nextBoolean() ? 1 + r.nextInt(3) : 1 + r.nextInt(15);
        Memory.Builder b = new Memory.Builder()
                .id(id)
                .profileId(profileId)
                .type(type)
                .content(text)
                .normalizedContent(TextNormalizer.normalise(text) + "#" + n) // unique: never a dedup clash
                .entities(analysis.entities())
                .keywords(analysis.keywords())
                .weight(weight)
                .status(MemoryStatus.ACTIVE)
                .source(pick(r, List.of(Source.values())))
                .createdAt(createdAt)
                .lastSeenAt(lastSeen)
                .validFrom(createdAt)
                .expiresAt(Lifetime.expiresAt(lastSeen, ttl))
                .sourceMessageIds(List.of("raw-" + id));
        List<String> keys = analysis.entities().stream().map(EntityKey::of).distinct().toList();
        Instant end = createdAt.plus(Duration.ofHours(12L * r.nextInt(61)));
        switch (r.nextInt(20)) {
            case 12, 13 -> b.status(MemoryStatus.SUPERSEDED).supersededBy(profileId + "-newer").validUntil(end)
                    .supersededEntityKeys(Set.copyOf(keys));
            case 14 -> {
                if (keys.size() > 1) {
                    b.supersededEntityKeys(Set.of(keys.get(0))); // still active for the other entity
                }
            }
            case 15 -> b.status(MemoryStatus.PENDING).validFrom(null);
            case 16 -> b.status(MemoryStatus.REJECTED).validFrom(null);
            case 17 -> {
                if (ttl.isPresent()) {
                    b.status(MemoryStatus.EXPIRED); // materialised by a sweep
                }
            }
            case 18 -> b.status(MemoryStatus.DELETED).validUntil(end);
            case 19 -> b.validFrom(min(end, lastSeen)); // a pending memory confirmed later
            default -> { }
        }
        return b.build();
    }

    private static Probe probe(Random r, List<Memory> memories, EntityFilters entityFilters) {
        String query = switch (memories.isEmpty() ? r.nextInt(2) : r.nextInt(7)) {
            case 0 -> "";
            case 1 -> pick(r, UNRELATED);
            case 2 -> pick(r, memories).content();
            case 3 -> {
                List<String> words = new ArrayList<>(pick(r, memories).keywords());
                Collections.shuffle(words, r);
                yield String.join(" ", words.subList(0, Math.min(words.size(), 1 + r.nextInt(3))));
            }
            case 4 -> pick(r, ENTITIES) + " " + pick(r, EXTRA_WORDS);
            case 5 -> pick(r, memories).content() + "，" + pick(r, memories).content();
            default -> pick(r, EXTRA_WORDS) + " " + pick(r, UNRELATED);
        };
        int limit = 1 + r.nextInt(10);

        Instant asOf = switch (memories.isEmpty() ? 0 : r.nextInt(8)) {
            case 0 -> BASE.plus(Duration.ofMinutes(r.nextInt(80 * 24 * 60))).minus(Duration.ofDays(5));
            case 1 -> grid(r, 75);
            case 2 -> boundary(r, pick(r, memories));
            case 3 -> boundary(r, pick(r, memories)).minusMillis(1);
            default -> BASE.plus(Duration.ofMillis((long) (r.nextDouble() * Duration.ofDays(70).toMillis())));
        };

        Set<MemoryType> types = EnumSet.noneOf(MemoryType.class);
        String entity = null;
        switch (entityFilters) {
            case NONE -> types = randomTypes(r, r.nextInt(5) < 3 ? 0 : 1 + r.nextInt(3));
            case WITHOUT_PREFERENCES -> {
                types = randomTypes(r, 1 + r.nextInt(3));
                types.remove(MemoryType.LONG_TERM_PREFERENCE);
                if (types.isEmpty()) {
                    types.add(MemoryType.PROJECT_NEGATIVE);
                }
                entity = pick(r, ASKED_ENTITIES);
            }
            case WITH_PREFERENCES -> {
                if (r.nextInt(3) == 0) {
                    types = randomTypes(r, 1 + r.nextInt(3));
                    types.add(MemoryType.LONG_TERM_PREFERENCE);
                }
                entity = pick(r, ASKED_ENTITIES);
            }
        }
        return new Probe(query, limit, asOf, types, entity);
    }

    /** One of the instants where the memory's visibility or score changes. */
    private static Instant boundary(Random r, Memory m) {
        List<Instant> edges = new ArrayList<>(List.of(m.createdAt(), m.lastSeenAt()));
        for (Instant edge : new Instant[] {m.validFrom(), m.validUntil(), m.expiresAt()}) {
            if (edge != null) {
                edges.add(edge);
            }
        }
        return pick(r, edges);
    }

    private static Set<MemoryType> randomTypes(Random r, int count) {
        List<MemoryType> all = new ArrayList<>(List.of(MemoryType.values()));
        Collections.shuffle(all, r);
        Set<MemoryType> types = EnumSet.noneOf(MemoryType.class);
        types.addAll(all.subList(0, count));
        return types;
    }

    private static Instant min(Instant a, Instant b) {
        return a.isBefore(b) ? a : b;
    }

    // --- checking --------------------------------------------------------------------------------

    /** Writes the scenario's memories straight into the store, in one transaction. */
    public static void insert(MemoryStore store, Scenario s) {
        store.write(s.profileId(), tx -> {
            s.memories().forEach(tx.memories()::insert);
            return null;
        });
    }

    /** What the oracle ranks (relevance first): every memory visible at as_of, read with the store's plain finder. */
    public static List<ScoredMemory> oracle(MemoryStore store, String profileId, Probe p) {
        return oracle(store, profileId, p, RankingMode.RELEVANCE);
    }

    public static List<ScoredMemory> oracle(MemoryStore store, String profileId, Probe p, RankingMode mode) {
        List<Memory> visible = store.read(tx -> tx.memories().findVisible(profileId, p.asOf()));
        return ranker(mode).rank(UseCases.ANALYZER.queryTerms(p.query()), visible,
                new RecallFilter(p.types(), Optional.ofNullable(p.entity())), p.asOf(), p.limit());
    }

    /** A clock standing at the probe's as_of (or the scenario's now when it has none). */
    private static Clock presentAt(Probe p) {
        return p.asOf() == null ? CLOCK : Clock.fixed(p.asOf(), ZoneOffset.UTC);
    }

    /** One id and score per line: what a user of the API sees, in order. */
    private static List<String> seen(List<String> ids, List<Double> scores) {
        return IntStream.range(0, ids.size()).mapToObj(i -> ids.get(i) + " " + scores.get(i)).toList();
    }

    /** Recall (relevance first) equals the oracle for every probe of the scenario; returns how many items were compared. */
    public static int assertRecallIsExact(MemoryStore store, Scenario s) {
        return assertRecallIsExact(store, s, RankingMode.RELEVANCE);
    }

    /** As {@link #assertRecallIsExact(MemoryStore, Scenario)}, recall and oracle ordering in {@code mode}. */
    public static int assertRecallIsExact(MemoryStore store, Scenario s, RankingMode mode) {
        int compared = 0;
        for (Probe p : s.probes()) {
            // asked at as_of itself: the scenario's stored values are the present, whose candidate selection
            // this oracle checks (a past as_of reads each memory as it was, from its messages and events)
            ContextResult got = new ContextRecall(store, UseCases.LEXICON, UseCases.ANALYZER, presentAt(p),
                    Optional.empty(), HybridMatch.defaults(0.0), mode).recall(p.toQuery(s.profileId()));
            List<ScoredMemory> expected = oracle(store, s.profileId(), p, mode);
            // a second oracle that does not trust the store at all: rank the scenario's own memories
            List<ScoredMemory> fromScenario = ranker(mode).rank(UseCases.ANALYZER.queryTerms(p.query()), s.memories(),
                    new RecallFilter(p.types(), Optional.ofNullable(p.entity())), p.asOf(), p.limit());

            List<String> actual = seen(got.items().stream().map(i -> i.view().memory().id()).toList(),
                    got.items().stream().map(RecalledMemory::score).toList());
            List<String> wanted = seen(expected.stream().map(x -> x.memory().id()).toList(),
                    expected.stream().map(ScoredMemory::score).toList());
            List<String> wantedFromScenario = seen(fromScenario.stream().map(x -> x.memory().id()).toList(),
                    fromScenario.stream().map(ScoredMemory::score).toList());

            String where = "seed " + s.seed() + ", " + s.memories().size() + " memories, " + p;
            assertThat(wanted).as("oracle over findVisible vs over the scenario's memories; " + where)
                    .isEqualTo(wantedFromScenario);
            assertThat(actual).as("recall vs oracle; " + where).isEqualTo(wanted);
            assertThat(got.items()).extracting(RecalledMemory::factors)
                    .as("factors; " + where).isEqualTo(expected.stream().map(ScoredMemory::factors).toList());
            assertThat(got.items()).extracting(RecalledMemory::matched)
                    .as("matched; " + where).isEqualTo(expected.stream().map(ScoredMemory::matched).toList());
            compared += actual.size();
        }
        return compared;
    }

    /**
     * A member of a team (docs/rules.md §12): its recall, reading its own memories and the team's together,
     * ranks exactly what ranking both scenarios' memories as one set ranks. {@code team} holds the team's
     * memories under the team's owner id; the member is made a member of it here. Keyword recall.
     */
    public static int assertMemberRecallIsExact(MemoryStore store, Scenario member, Scenario team, RankingMode mode) {
        return assertMemberRecallIsExact(store, member, List.of(team), mode);
    }

    /** As above, for a member of several teams: its own memories and every team's ranked as one set. */
    public static int assertMemberRecallIsExact(MemoryStore store, Scenario member, List<Scenario> teams,
                                                RankingMode mode) {
        List<Memory> all = new ArrayList<>(member.memories());
        for (Scenario team : teams) {
            String teamId = TeamOwner.teamOf(team.profileId()).orElseThrow();
            store.write(team.profileId(), tx -> tx.teams().addMember(teamId, member.profileId(), BASE));
            all.addAll(team.memories());
        }
        int compared = 0;
        for (Probe p : member.probes()) {
            ContextResult got = new ContextRecall(store, UseCases.LEXICON, UseCases.ANALYZER, presentAt(p),
                    Optional.empty(), HybridMatch.defaults(0.0), mode).recall(p.toQuery(member.profileId()));
            List<ScoredMemory> expected = ranker(mode).rank(UseCases.ANALYZER.queryTerms(p.query()), all,
                    new RecallFilter(p.types(), Optional.ofNullable(p.entity())), p.asOf(), p.limit());
            String where = "seeds " + member.seed() + "/" + teams.stream().map(t -> String.valueOf(t.seed())).toList()
                    + ", " + all.size() + " memories, " + mode + ", " + p;
            assertThat(seen(got.items().stream().map(i -> i.view().memory().id()).toList(),
                    got.items().stream().map(RecalledMemory::score).toList()))
                    .as("member's recall vs every owner ranked as one; " + where)
                    .isEqualTo(seen(expected.stream().map(x -> x.memory().id()).toList(),
                            expected.stream().map(ScoredMemory::score).toList()));
            assertThat(got.items()).extracting(RecalledMemory::matched)
                    .as("matched; " + where).isEqualTo(expected.stream().map(ScoredMemory::matched).toList());
            compared += got.items().size();
        }
        return compared;
    }

    // --- semantic recall ------------------------------------------------------------------------

    /** The fake model of the semantic oracle: 4 dimensions, one vector per text, fixed by the text. */
    private static FakeEmbeddings fakeModel() {
        return new FakeEmbeddings("oracle-fake", 0.2, text -> {
            Random r = new Random(text.hashCode());
            float[] v = new float[4];
            for (int i = 0; i < v.length; i++) {
                v[i] = r.nextFloat() * 2 - 1;
            }
            return v;
        });
    }

    /** A match level above the unrelated one, so some memories are lifted without matching. */
    private static final HybridMatch MIX = new HybridMatch(0.6, fakeModel().unrelatedCosine(), 0.5);

    /**
     * Stores vectors for about three memories in four (of the fake model; a few of another model,
     * which must count as none), fixed by the seed.
     */
    public static void insertVectors(MemoryStore store, Scenario s) {
        Random r = new Random(s.seed() * 31 + 7);
        FakeEmbeddings model = fakeModel();
        store.write(s.profileId(), tx -> {
            for (Memory m : s.memories()) {
                int dice = r.nextInt(8);
                if (dice < 6) {
                    tx.vectors().put(s.profileId(), m.id(), model.model(), model.embed(m.content() + r.nextInt(3)));
                } else if (dice == 6) {
                    tx.vectors().put(s.profileId(), m.id(), "older-model", new float[] {1f, 0f, 0f, 0f});
                }
            }
            return null;
        });
    }

    /**
     * Semantic recall equals ranking every visible memory with the hybrid mix, the memories and
     * their vectors read with the plain finders; returns how many items were compared.
     */
    public static int assertSemanticRecallIsExact(MemoryStore store, Scenario s) {
        return assertSemanticRecallIsExact(store, s, RankingMode.RELEVANCE);
    }

    public static int assertSemanticRecallIsExact(MemoryStore store, Scenario s, RankingMode mode) {
        FakeEmbeddings model = fakeModel();
        ContextRanker hybridRanker = new ContextRanker(t -> UseCases.LEXICON.ruleFor(t).priority(), MIX, mode);
        int compared = 0;
        for (Probe p : s.probes()) {
            ContextRecall recall = new ContextRecall(store, UseCases.LEXICON, UseCases.ANALYZER, presentAt(p),
                    Optional.of(model), MIX, mode);
            ContextResult got = recall.recall(p.toQuery(s.profileId()));
            float[] query = model.embed(p.query());
            List<Memory> visible = store.read(tx -> tx.memories().findVisible(s.profileId(), p.asOf()));
            Map<String, float[]> vectors = store.read(tx -> tx.vectors().find(s.profileId(), model.model(),
                    visible.stream().map(Memory::id).toList()));
            List<ScoredMemory> expected = hybridRanker.rank(UseCases.ANALYZER.queryTerms(p.query()), visible,
                    new RecallFilter(p.types(), Optional.ofNullable(p.entity())), p.asOf(), p.limit(),
                    m -> vectors.containsKey(m.id())
                            ? java.util.OptionalDouble.of(Cosine.similarity(query, vectors.get(m.id())))
                            : java.util.OptionalDouble.empty());

            List<String> actual = seen(got.items().stream().map(i -> i.view().memory().id()).toList(),
                    got.items().stream().map(RecalledMemory::score).toList());
            List<String> wanted = seen(expected.stream().map(x -> x.memory().id()).toList(),
                    expected.stream().map(ScoredMemory::score).toList());
            String where = "seed " + s.seed() + ", " + s.memories().size() + " memories, " + p;
            assertThat(actual).as("semantic recall vs oracle; " + where).isEqualTo(wanted);
            assertThat(got.items()).extracting(RecalledMemory::factors)
                    .as("factors; " + where).isEqualTo(expected.stream().map(ScoredMemory::factors).toList());
            assertThat(got.items()).extracting(RecalledMemory::matched)
                    .as("matched; " + where).isEqualTo(expected.stream().map(ScoredMemory::matched).toList());
            compared += actual.size();
        }
        return compared;
    }
}
