package dev.pmmemory.bootstrap;

import dev.pmmemory.adapters.classifier.llm.ChatEndpoint;
import dev.pmmemory.adapters.classifier.llm.OpenAiCompatibleClassifier;
import dev.pmmemory.adapters.classifier.llm.OpenAiCompatibleSummarizer;
import dev.pmmemory.adapters.classifier.ngram.NgramClassifier;
import dev.pmmemory.adapters.sessions.embedded.EmbeddedSessionTurns;
import dev.pmmemory.adapters.sessions.redis.RedisSessionTurns;
import dev.pmmemory.adapters.sqlite.SqliteMemoryStore;
import dev.pmmemory.application.port.out.FieldProtection;
import dev.pmmemory.application.service.Reencryption;
import dev.pmmemory.application.port.in.AddFeedback;
import dev.pmmemory.application.port.in.ListExperiences;
import dev.pmmemory.application.port.in.RecallContext;
import dev.pmmemory.application.port.in.RecordExperience;
import dev.pmmemory.application.port.in.RunJob;
import dev.pmmemory.application.port.out.IdGenerator;
import dev.pmmemory.application.port.out.MemoryStore;
import dev.pmmemory.application.port.out.SessionTurns;
import dev.pmmemory.application.port.out.Summarizer;
import dev.pmmemory.application.port.in.ManageTeams;
import dev.pmmemory.application.port.in.ReadTeamMemories;
import dev.pmmemory.application.port.in.RecordTeamDecision;
import dev.pmmemory.application.service.ConsensusOnAdd;
import dev.pmmemory.application.service.ContextRecall;
import dev.pmmemory.application.service.TeamConsensus;
import dev.pmmemory.application.service.TeamDecisions;
import dev.pmmemory.application.service.TeamMemberships;
import dev.pmmemory.application.service.TeamMemoryQueries;
import dev.pmmemory.application.service.RecallCounter;
import dev.pmmemory.application.service.RecallAwareRetention;
import dev.pmmemory.domain.recall.UseFactor;
import dev.pmmemory.application.service.PreferenceDerivation;
import dev.pmmemory.application.service.LexiconPatterns;
import dev.pmmemory.domain.memory.RecallRetention;
import dev.pmmemory.application.service.EntityRegistryService;
import dev.pmmemory.application.service.EntityReindex;
import dev.pmmemory.application.service.ExperienceIntake;
import dev.pmmemory.application.service.ExperienceQueries;
import dev.pmmemory.application.service.ExpirySweep;
import dev.pmmemory.application.service.FactBook;
import dev.pmmemory.application.service.FeedbackIntake;
import dev.pmmemory.application.service.FrequencySummarizer;
import dev.pmmemory.application.service.HistoryQueries;
import dev.pmmemory.application.service.LifecycleJobs;
import dev.pmmemory.application.service.MemoryCompaction;
import dev.pmmemory.application.service.MemoryCorrections;
import dev.pmmemory.application.service.MemoryQueries;
import dev.pmmemory.application.service.ProfileDataRights;
import dev.pmmemory.application.service.RetentionPurge;
import dev.pmmemory.application.service.ShortTermSessions;
import dev.pmmemory.domain.classify.Classifier;
import dev.pmmemory.domain.classify.ClassifierChain;
import dev.pmmemory.domain.classify.SignCues;
import dev.pmmemory.domain.classify.SignDoubt;
import dev.pmmemory.domain.classify.RuleClassifier;
import dev.pmmemory.domain.classify.SecondOpinion;
import dev.pmmemory.domain.lexicon.Lexicon;
import dev.pmmemory.domain.lexicon.TextAnalyzers;
import dev.pmmemory.domain.memory.MemoryType;
import dev.pmmemory.domain.privacy.Redactor;
import dev.pmmemory.domain.text.TextAnalyzer;
import io.agroal.api.AgroalDataSource;
import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.runtime.Startup;
import io.quarkus.runtime.configuration.ConfigurationException;
import io.vertx.redis.client.Redis;
import jakarta.enterprise.inject.Disposes;
import jakarta.enterprise.inject.Instance;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;
import jakarta.transaction.TransactionManager;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.flywaydb.core.Flyway;
import org.jboss.logging.Logger;

/**
 * The one place that knows every module: builds the domain services, the chosen store and the
 * use cases, and hands them to CDI. Domain and application classes carry no annotations.
 */
@Singleton
public class Wiring {
    private static final Logger LOG = Logger.getLogger(Wiring.class);

    @Produces
    @Singleton
    Clock clock() {
        return Clock.systemUTC();
    }

    @Produces
    @Singleton
    IdGenerator ids() {
        return () -> UUID.randomUUID().toString();
    }

    @Produces
    @Singleton
    LexiconSource lexiconSource(MemoryConfig config) {
        return LexiconSource.of(config);
    }

    @Produces
    @Singleton
    Lexicon lexicon(LexiconSource source) {
        if (source.path().isEmpty()) {
            return Lexicon.parse(source.text());
        }
        String path = source.path().get();
        try {
            Lexicon lexicon = Lexicon.parse(source.text());
            LOG.infof("lexicon loaded from %s", path);
            return lexicon;
        } catch (IllegalArgumentException e) {
            throw new ConfigurationException("memory.lexicon-path: " + path + ": " + e.getMessage(), e);
        }
    }

    /** The segmenter and the lexicon's text: what stored terms are derived with (TextIndexUpgrade). */
    @Produces
    @Singleton
    TextIndexVersion textIndexVersion(MemoryConfig config, LexiconSource source) {
        return TextIndexVersion.of(ConfigChoice.nameOf(config.text().segmenter()), source.text());
    }

    @Produces
    @Singleton
    TextAnalyzer textAnalyzer(Lexicon lexicon, MemoryConfig config) {
        return TextAnalyzers.from(lexicon, TextSegmentation.segmenter(config.text().segmenter(), lexicon));
    }

    /** The re-encryption job and its progress (docs/encryption.md "Rotation"). */
    @Produces
    @Singleton
    Reencryption reencryption(MemoryStore store, FieldProtection protection, Clock clock) {
        return new Reencryption(store, protection, clock);
    }

    /** Encryption at rest: the identity unless memory.encryption.key or .keyset is set (a bad one stops the start). */
    @Produces
    @Singleton
    FieldProtection fieldProtection(MemoryConfig config) {
        return EncryptionAtRest.protection(config.encryption());
    }

    @Produces
    @Singleton
    @Startup // a bad memory.store stops the start, not a request
    MemoryStore store(MemoryConfig config, Clock clock, Instance<AgroalDataSource> dataSource,
                      Instance<TransactionManager> transactions, Instance<Flyway> flyway,
                      @ConfigProperty(name = "quarkus.datasource.jdbc.url") Optional<String> postgresUrl,
                      FieldProtection protection) {
        // The other store is never touched: no SQLite file with postgres; with sqlite the datasource, Flyway and
        // the persistence unit are inactive (application.properties) and never looked up here.
        return switch (config.store()) {
            case SQLITE -> {
                Path file = Path.of(config.sqlite().path());
                SqliteMemoryStore sqlite = SqliteMemoryStore.open(file, clock, protection);
                LOG.infof("store: SQLite file %s (schema version %d)", file.toAbsolutePath(), sqlite.schemaVersion());
                yield sqlite;
            }
            case POSTGRES -> PostgresTier.open(postgresUrl, config.postgres(), dataSource.get(), transactions.get(),
                    flyway.get(), protection, clock);
        };
    }


    void closeStore(@Disposes MemoryStore store) {
        if (store instanceof AutoCloseable closeable) {
            try {
                closeable.close();
            } catch (Exception e) {
                LOG.warn("closing the store failed", e);
            }
        }
    }

    /** Semantic recall: off by default; on, the embeddings model is loaded here, once. */
    @Produces
    @Singleton
    @Startup // the model loads (or a build without it fails) at start, not on a request
    SemanticRecall semanticRecall(MemoryConfig config) {
        SemanticRecall semantic = SemanticRecall.configure(config.semantic().enabled(), config.semantic().weight());
        semantic.embeddings().ifPresentOrElse(
                e -> LOG.infof("semantic recall: on, model %s, weight %.2f", e.model(), semantic.mix().alpha()),
                () -> LOG.debug("semantic recall: off"));
        return semantic;
    }


    /**
     * Rules first; then the n-gram link (memory.classifier.ngram.*, on by default), cheap, trusted
     * only above its posterior floor; then the LLM (memory.classifier.llm.*, off by default). Each
     * hears only what the links before it leave unclassified; a question the rules recognised ends
     * the chain (ClassifierChain).
     */
    @Produces
    @Singleton
    @Startup // a half-configured LLM classifier stops the start, not the first add
    ClassifierChain classifiers(MemoryConfig config, Lexicon lexicon) {
        List<Classifier> chain = new ArrayList<>(List.of(new RuleClassifier(lexicon)));
        Optional<CompletableFuture<NgramClassifier>> ngram = NgramClassification.link(config.classifier().ngram());
        Optional<SecondOpinion> secondOpinion = ngram.flatMap(model ->
                NgramClassification.secondOpinion(config.classifier().ngram(), model));
        ngram.ifPresent(model -> {
            chain.add((message, entities) -> NgramClassification.trained(model)
                    .flatMap(link -> link.classify(message, entities)));
            model.whenComplete((link, failure) -> {
                if (failure == null) {
                    LOG.infof("classifier: + %s", link.describe());
                } else {
                    LOG.errorf(failure, "classifier: the n-gram link could not be trained");
                }
            });
        });
        Optional<ChatEndpoint> llm = LlmClassification.endpoint(config.classifier().llm());
        llm.ifPresentOrElse(endpoint -> {
            chain.add(new OpenAiCompatibleClassifier(endpoint));
            LOG.infof("classifier: rules + LLM %s model %s", endpoint.displayUrl(), endpoint.model());
        }, () -> LOG.debug("classifier: rules only"));
        double holdBelow = config.classify().holdBelow();
        if (!(holdBelow >= 0 && holdBelow <= 1)) {
            throw new ConfigurationException("memory.classify.hold-below: must be in [0, 1], was " + holdBelow);
        }
        double llmHoldBelow = LlmClassification.holdBelow(config.classifier().llm());
        // ask, don't guess: an unsure sign is held for the PM, judged by the n-gram model's posteriors and, for the
        // LLM's answers, by the confidence it states (judged even without the n-gram model)
        Optional<SignDoubt> doubt = ngram.isPresent() || llm.isPresent()
                ? Optional.of(new SignDoubt(message -> ngram.flatMap(NgramClassification::trained)
                        .map(link -> link.posteriors(message)).orElse(Map.of()),
                        holdBelow, SignCues.of(lexicon), llmHoldBelow))
                : Optional.empty();
        return new ClassifierChain(chain, secondOpinion, doubt);
    }


    /** The write path alone, typed as itself so it never answers for {@link AddFeedback}. */
    @Produces
    @Singleton
    @jakarta.enterprise.inject.Typed(FeedbackIntake.class)
    FeedbackIntake feedbackIntake(MemoryStore store, ClassifierChain classifiers, Lexicon lexicon,
                                  TextAnalyzer analyzer, IdGenerator ids, Clock clock, SemanticRecall semantic) {
        return new FeedbackIntake(store, classifiers, lexicon, analyzer, new Redactor(), ids, clock,
                semantic.embeddings());
    }

    @Produces
    @Singleton
    AddFeedback addFeedback(FeedbackIntake intake, MemoryStore store, Lexicon lexicon, IdGenerator ids, Clock clock,
                            MemoryConfig config, MemoryCorrections corrections) {
        return new ConsensusOnAdd(intake, teamConsensus(store, lexicon, ids, clock, config.team(), corrections));
    }

    static TeamConsensus teamConsensus(MemoryStore store, Lexicon lexicon, IdGenerator ids, Clock clock,
                                       MemoryConfig.Team team, MemoryCorrections corrections) {
        if (team.quorum() < 2) {
            throw new ConfigurationException("memory.team.quorum: must be at least 2, was " + team.quorum());
        }
        return new TeamConsensus(store, lexicon, ids, clock, team.quorum(),
                team.autoPromote() ? Optional.of(corrections) : Optional.empty());
    }

    @Produces
    @Singleton
    ManageTeams manageTeams(MemoryStore store, IdGenerator ids, Clock clock, MemoryConfig config) {
        return new TeamMemberships(store, ids, clock, config.team().quorum());
    }

    @Produces
    @Singleton
    RecordTeamDecision recordTeamDecision(MemoryStore store, FeedbackIntake intake) {
        return new TeamDecisions(store, intake);
    }

    @Produces
    @Singleton
    ReadTeamMemories readTeamMemories(MemoryStore store, MemoryQueries memoryQueries) {
        return new TeamMemoryQueries(store, memoryQueries);
    }

    @Produces
    @Singleton
    RecallContext recallContext(MemoryStore store, Lexicon lexicon, TextAnalyzer analyzer, Clock clock,
                                SemanticRecall semantic, MemoryConfig config, RecallCounter counter) {
        return new ContextRecall(store, lexicon, analyzer, clock, semantic.embeddings(), semantic.mix(),
                config.ranking(),
                config.recallCounts().enabled() ? Optional.of(counter) : Optional.empty(),
                useFactor(lexicon, config.recallAware()));
    }

    /** The fifth score factor: only with recall-aware retention on and a use weight above 0; a bad bound stops the start. */
    private static UseFactor useFactor(Lexicon lexicon, MemoryConfig.RecallAware config) {
        if (!config.enabled() || config.useWeight() == 0.0) {
            return UseFactor.OFF;
        }
        try {
            UseFactor use = UseFactor.of(config.useWeight(), config.useCap(), type -> lexicon.ruleFor(type).ttl());
            LOG.infof("recall: use scored, weight %.2f, capped at %d recalls", use.weight(), use.cap());
            return use;
        } catch (IllegalArgumentException e) {
            throw new ConfigurationException("memory.recall-aware." + e.getMessage());
        }
    }

    /** The recall counter; {@link RecallFlush} writes what it counted. */
    @Produces
    @Singleton
    RecallCounter recallCounter(MemoryStore store) {
        return new RecallCounter(store);
    }

    @Produces
    @Singleton
    RecordExperience recordExperience(MemoryStore store, TextAnalyzer analyzer, IdGenerator ids, Clock clock) {
        return new ExperienceIntake(store, analyzer, new Redactor(), ids, clock);
    }

    @Produces
    @Singleton
    ListExperiences listExperiences(MemoryStore store) {
        return new ExperienceQueries(store);
    }

    @Produces
    @Singleton
    MemoryQueries memoryQueries(MemoryStore store, Lexicon lexicon, TextAnalyzer analyzer, Clock clock) {
        return new MemoryQueries(store, lexicon, analyzer, clock);
    }



    /** Lifecycle jobs (docs/configuration.md "Lifecycle"): sweep, purge and compact, metered and logged however they are started. */
    @Produces
    @Singleton
    @Startup // a bad memory.retention stops the start, not the first purge
    RunJob runJob(MemoryStore store, IdGenerator ids, Clock clock, MemoryConfig config, MeterRegistry registry,
                  Lexicon lexicon, EntityReindex reindex, TextAnalyzer analyzer, Reencryption reencryption) {
        Duration retention = config.retention();
        LOG.infof("jobs: sweep %s, purge %s, retention %s",
                config.jobs().sweep().enabled() ? "'" + config.jobs().sweep().cron() + "'" : "off",
                config.jobs().purge().enabled() ? "'" + config.jobs().purge().cron() + "'" : "off", retention);
        Optional<RecallAwareRetention> recallAware = recallAware(store, lexicon, ids, config.recallAware());
        return new JobMetrics(new LifecycleJobs(new ExpirySweep(store, ids, clock, recallAware),
                new RetentionPurge(store, ids, clock, retention), compaction(store, ids, clock, config, lexicon), reindex,
                new PreferenceDerivation(store, new LexiconPatterns(lexicon), analyzer, ids, clock), reencryption),
                registry);
    }

    /** memory.recall-aware.*: a bad bound stops the start naming its key. */
    private static Optional<RecallAwareRetention> recallAware(MemoryStore store, Lexicon lexicon, IdGenerator ids,
                                                              MemoryConfig.RecallAware config) {
        if (!config.enabled()) {
            LOG.info("jobs: recall-aware retention off");
            return Optional.empty();
        }
        RecallRetention rules;
        try {
            rules = new RecallRetention(config.extendAfter(), config.fadeFactor(), config.fadeMaxPriority());
        } catch (IllegalArgumentException e) {
            throw new ConfigurationException("memory.recall-aware." + e.getMessage());
        }
        LOG.infof("jobs: recall-aware retention on: extended after %d recalls, never-recalled types of priority <= %.2f"
                + " live %.2f of their TTL", rules.extendAfter(), rules.fadeMaxPriority(), rules.fadeFactor());
        return Optional.of(new RecallAwareRetention(store, lexicon, rules, ids));
    }

    /** The compact job (memory.compact.*), its summarizer deterministic unless memory.summarizer.llm.enabled. */
    private static MemoryCompaction compaction(MemoryStore store, IdGenerator ids, Clock clock, MemoryConfig config,
                                               Lexicon lexicon) {
        if (config.compact().threshold() < 1) {
            throw new ConfigurationException("memory.compact.threshold must be at least 1, was "
                    + config.compact().threshold());
        }
        Summarizer summarizer = new FrequencySummarizer();
        Optional<ChatEndpoint> llm = LlmClassification.summarizerEndpoint(config.summarizer().llm(),
                config.classifier().llm());
        if (llm.isPresent()) {
            summarizer = new OpenAiCompatibleSummarizer(llm.get(), summarizer);
        }
        MemoryCompaction compaction = new MemoryCompaction(store, lexicon, summarizer, ids, clock,
                config.compact().threshold(), config.compact().maxPriority());
        LOG.infof("jobs: compact %s, more than %d per type of %s, summaries %s",
                config.jobs().compact().enabled() ? "'" + config.jobs().compact().cron() + "'" : "off",
                config.compact().threshold(),
                compaction.lowPriorityTypes().stream().map(MemoryType::wireName).toList(),
                llm.map(e -> "deterministic + LLM " + e.displayUrl() + " model " + e.model()).orElse("deterministic"));
        return compaction;
    }

    /** Re-extracts stored memories' entities with the registry as it is (rules.md §2). */
    @Produces
    @Singleton
    EntityReindex entityReindex(MemoryStore store, TextAnalyzer analyzer, IdGenerator ids, Clock clock) {
        return new EntityReindex(store, analyzer, ids, clock);
    }

    /** The entity registry (docs/features.md "Entity registry"); seeded by {@link EntityRegistryAtStart}. */
    @Produces
    @Singleton
    EntityRegistryService entityRegistry(MemoryStore store, TextAnalyzer analyzer, IdGenerator ids, Clock clock,
                                         EntityRegistryAtStart background) {
        return new EntityRegistryService(store, analyzer, ids, clock, background.reindex());
    }




    @Produces
    @Singleton
    MemoryCorrections memoryCorrections(MemoryStore store, Lexicon lexicon, TextAnalyzer analyzer, IdGenerator ids,
                                        Clock clock) {
        return new MemoryCorrections(store, lexicon, analyzer, new Redactor(), ids, clock);
    }

    /**
     * The session store, chosen at start by memory.sessions.store. With {@code embedded} the Redis client
     * is never looked up, so nothing connects to Redis; with {@code redis} it connects on the first call,
     * so a Redis that is down at start only makes readiness DOWN and session calls 503.
     */
    @Produces
    @Singleton
    @Startup // a bad memory.sessions.store stops the start, not the first session call
    SessionTurns sessionTurns(MemoryConfig config, Instance<Redis> redis, FieldProtection protection) {
        MemoryConfig.Sessions sessions = config.sessions();
        return switch (sessions.store()) {
            case EMBEDDED -> {
                // heap only, never written to disk: nothing to seal
                LOG.infof("sessions: embedded (this process's memory), TTL %s", sessions.ttl());
                yield new EmbeddedSessionTurns();
            }
            case REDIS -> {
                LOG.infof("sessions: Redis (quarkus.redis.hosts), key prefix %s, TTL %s",
                        sessions.redis().keyPrefix(), sessions.ttl());
                yield new RedisSessionTurns(redis.get(), sessions.redis().keyPrefix(), sessions.redis().timeout(),
                        protection);
            }
        };
    }



    @Produces
    @Singleton
    @Startup // a bad memory.sessions.ttl stops the start, not the first session call
    ShortTermSessions shortTermSessions(SessionTurns sessions, Clock clock, MemoryConfig config) {
        Duration ttl = config.sessions().ttl();
        if (ttl.compareTo(Duration.ofSeconds(1)) < 0) {
            throw new ConfigurationException("memory.sessions.ttl (env MEMORY_SESSIONS_TTL): must be at least 1S, not "
                    + ttl);
        }
        return new ShortTermSessions(sessions, new Redactor(), clock, ttl);
    }





    @Produces
    @Singleton
    HistoryQueries historyQueries(MemoryStore store, Lexicon lexicon, TextAnalyzer analyzer, Clock clock) {
        return new HistoryQueries(store, lexicon, analyzer, clock);
    }





    @Produces
    @Singleton
    FactBook factBook(MemoryStore store, IdGenerator ids, Clock clock) {
        return new FactBook(store, new Redactor(), ids, clock);
    }

    /** Data rights (export, erase, import): one service, injected as each of its three use cases. */
    @Produces
    @Singleton
    ProfileDataRights profileDataRights(MemoryStore store, IdGenerator ids, Clock clock, MemoryConfig config) {
        return new ProfileDataRights(store, ids, clock, config.team().quorum());
    }






}
