package dev.pmmemory.bootstrap;

import dev.pmmemory.domain.recall.RankingMode;
import io.quarkus.runtime.configuration.MemorySize;
import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithConverter;
import io.smallrye.config.WithDefault;
import java.time.Duration;
import java.util.Optional;

/** Everything under {@code memory.*} in application.properties (or MEMORY_* environment variables). */
@ConfigMapping(prefix = "memory")
public interface MemoryConfig {

    /** Which store serves the ports, chosen at start-up: {@code sqlite} (default) or {@code postgres}. */
    @WithDefault("sqlite")
    @WithConverter(StoreKind.Setting.class)
    StoreKind store();

    Sqlite sqlite();

    Encryption encryption();

    Postgres postgres();

    /** A lexicon file replacing the shipped default (rules.md §1). */
    Optional<String> lexiconPath();

    Http http();

    Auth auth();

    Semantic semantic();

    /**
     * How context orders what it recalls: {@code relevance} (default: every memory matching the
     * query ranks above every other one, the score orders each group) or {@code seed} (the score
     * alone, rules.md §6); {@code seed}, its earlier name, reads as score-only. Checked at start.
     */
    @WithDefault("relevance")
    @WithConverter(RankingSetting.class)
    RankingMode ranking();

    Classifiers classifier();

    RecallCounts recallCounts();

    RecallAware recallAware();

    /** Recall-aware retention (docs/rules.md "Recall-aware retention"), applied by the sweep. Off by default. */
    interface RecallAware {
        /** Off: expiries are the TTL's alone (rules.md §5). */
        @WithDefault("false")
        boolean enabled();

        /** Recalls from which a memory lives one TTL from its last recall (at least 1). */
        @WithDefault("3")
        int extendAfter();

        /** The share of its TTL, in (0, 1], that a never-recalled low-priority memory lives. */
        @WithDefault("0.5")
        double fadeFactor();

        /** Types whose lexicon priority is at most this, in [0, 1], fade when never recalled. */
        @WithDefault("0.6")
        double fadeMaxPriority();

        /** The weight, in [0, 1], of use as a fifth score factor while recall-aware retention is on; 0: not scored. */
        @WithDefault("0.1")
        double useWeight();

        /** Recalls (at least 1) from which more add nothing to the use factor. */
        @WithDefault("10")
        int useCap();
    }

    /** Recall counts (docs/rules.md "Recall counts"): which memories present contexts return, written in batches. */
    interface RecallCounts {
        /** Off: nothing is counted and recall_count stays as it is. */
        @WithDefault("true")
        boolean enabled();

        /**
         * How often the counted recalls are written, one batch each time: a Quarkus duration ({@code 10s},
         * {@code 1m}; default in application.properties). A crash loses at most this much counting.
         */
        String flushInterval();
    }

    /** What the classifier chain's answer becomes (docs/rules.md "Holding an uncertain sign"). */
    Classify classify();

    interface Classify {
        /**
         * A type with a sign (praise, advance, negative) the n-gram model gave (the link's answer, or its overrule
         * of the rules) whose confidence in that sign is under this floor is held pending for a person to pick
         * (reason uncertain_type), as is a rules' type the model gives the other sign with at least this share. Chosen on cross-validation of the development data (bench/eval/README.md).
         * Needs the n-gram link (memory.classifier.ngram.enabled): without a model nothing is held.
         */
        @WithDefault("0.99")
        double holdBelow();
    }

    /**
     * How long a retired memory (expired, superseded, rejected, deleted) and an unclassified raw
     * message are kept before the purge removes them: {@code 180d}, {@code 12h}, {@code 30m} or
     * ISO-8601 ({@code P180D}). Checked at start.
     */
    @WithDefault("180d")
    @WithConverter(RetentionSetting.class)
    Duration retention();

    Jobs jobs();

    Registry registry();

    Team team();

    /** Team memory (docs/features.md "Team memory", docs/rules.md §12). */
    interface Team {
        /** How many distinct members must hold one decision before the team is proposed it; at least 2. */
        @WithDefault("2")
        int quorum();

        /** Whether a proposal is confirmed at once (true) or waits pending for a person (false). */
        @WithDefault("false")
        boolean autoPromote();
    }

    /** The deployment-wide entity registry (docs/features.md "Entity registry"). */
    interface Registry {
        /**
         * How often this instance reads the registry to pick up what other instances on the same
         * database changed: a Quarkus duration ({@code 30s}, {@code 5m}; default in
         * application.properties), read by {@code RegistryRefresh}; checked at start.
         */
        Duration refreshInterval();
    }

    /** The scheduled lifecycle jobs; each also runs on demand (POST /v1/admin/jobs/{job}:run). */
    interface Jobs {
        /** Materialises {@code expired}; reads never depend on it. */
        Schedule sweep();

        /** Removes what retired longer than {@code memory.retention} ago. */
        Schedule purge();

        /** Folds old low-priority memories into summaries ({@code memory.compact.*}). */
        Schedule compact();

        /** Proposes pending long-term preferences from patterns in the memories (the lexicon's derive lines). */
        Schedule derive();

        /** Rewrites values sealed under an older key under the primary one (docs/encryption.md "Rotation"). */
        Schedule reencrypt();

        interface Schedule {
            /** Off: the schedule never runs the job (the admin endpoint still can). */
            @WithDefault("true")
            boolean enabled();

            /** Quartz-style cron, seconds first (defaults in application.properties), read by {@code ScheduledJobs}. */
            String cron();
        }
    }

    Compact compact();

    /** The compact job (docs/configuration.md "Lifecycle"): which memories it folds into a summary, and when. */
    interface Compact {
        /** A profile's type is folded when it holds more than this many expired or superseded memories not yet folded. */
        @WithDefault("50")
        int threshold();

        /**
         * Low priority: a type whose lexicon priority is at most this is folded (shipped lexicon:
         * project_positive, market_info, temp_status); preferences and decisions never are.
         */
        @WithDefault("0.6")
        double maxPriority();
    }

    Summarizers summarizer();

    /** How a summary's text is written: deterministic, or with a model's gist added. */
    interface Summarizers {
        Llm llm();

        /**
         * The OpenAI-compatible endpoint of {@code memory.classifier.llm.*} (base-url, model, api-key)
         * asked for a summary's gist. Off by default; a failure gives the deterministic text.
         */
        interface Llm {
            @WithDefault("false")
            boolean enabled();

            /** The most one summary waits for the model; past it the deterministic text is used. */
            @WithDefault("30S")
            Duration timeout();
        }
    }

    Sessions sessions();

    Text text();

    /** How text becomes recall terms (rules.md §2). */
    interface Text {
        /**
         * Cuts Chinese into recall terms: {@code hanlp} (default: word segmentation, the lexicon's words
         * kept whole) or {@code ngram} (character bigrams, JDK only). Keywords are stored with a memory
         * when it is written; a start with a segmenter or lexicon the database has not been re-indexed for
         * re-indexes the stored memories in the background (docs/configuration.md "Word segmentation").
         */
        @WithDefault("hanlp")
        @WithConverter(SegmenterKind.Setting.class)
        SegmenterKind segmenter();
    }

    /** Short-term sessions (rules.md §10): kept apart from the memory store. */
    interface Sessions {
        /** {@code embedded} (default: the process's heap) or {@code redis} (quarkus.redis.hosts), chosen at start. */
        @WithDefault("embedded")
        @WithConverter(SessionStoreKind.Setting.class)
        SessionStoreKind store();

        /** The whole session expires this long after its last write. */
        @WithDefault("1H")
        Duration ttl();

        Redis redis();

        interface Redis {
            /** Put before every key, so that several deployments can share one Redis. */
            @WithDefault("pm-memory:")
            String keyPrefix();

            /** The longest one session call waits for Redis before answering 503. */
            @WithDefault("2S")
            Duration timeout();
        }
    }

    /**
     * The classifier chain: the lexicon's rules, then the n-gram link (on by default), then
     * (optionally) an LLM for what they leave unclassified; a recognised question ends it.
     */
    interface Classifiers {
        Ngram ngram();

        Llm llm();

        /**
         * A naive Bayes over character n-grams, trained at start from the labelled file in its jar,
         * asked about what the rules leave unclassified (never about a question they recognised).
         */
        interface Ngram {
            /** On by default: it beat the rules on held-out data (bench/eval/README.md, 3rd round). */
            @WithDefault("true")
            boolean enabled();

            /**
             * The posterior at or above which its answer is trusted, in (0, 1]; the default is
             * NgramClassifier.DEFAULT_MIN_CONFIDENCE, chosen by cross-validation on the training data.
             */
            @WithDefault("0.3")
            double minConfidence();

            /**
             * Whether the link is also the rules' second opinion: their type is replaced by the model's
             * answer (a type, or no memory) where the model finds that answer e^overrule-margin times
             * likelier. On by default: it beat the rules alone on cross-validation and on held-out data.
             */
            @WithDefault("true")
            boolean secondOpinion();

            /**
             * The natural log of how many times likelier the model must find its answer than the rules'
             * type to overrule it (>= 0); the default is NgramClassifier.DEFAULT_OVERRULE_MARGIN.
             */
            @WithDefault("12")
            double overruleMargin();
        }

        /**
         * An OpenAI-compatible chat endpoint asked about messages the rules leave unclassified. Off by
         * default; only the redacted message is sent.
         */
        interface Llm {
            @WithDefault("false")
            boolean enabled();

            /** Up to the API version, e.g. {@code http://127.0.0.1:11434/v1}; required when enabled. */
            Optional<String> baseUrl();

            /** The model name the endpoint serves; required when enabled. */
            Optional<String> model();

            /** Sent as {@code Authorization: Bearer …} when set (typically MEMORY_CLASSIFIER_LLM_API_KEY). */
            Optional<String> apiKey();

            /** The most one add waits for the model (connecting included); past it the message stays unclassified. */
            @WithDefault("5S")
            Duration timeout();

            /**
             * In [0, 1]: a praise / advance / negative type the model answers with a stated confidence under this
             * is held pending (reason uncertain_type) for a person to pick; a missing or unreadable confidence is 0.
             * The model's own number, uncalibrated: the default is a cautious guess, not a measured floor.
             */
            @WithDefault("0.9")
            double holdBelow();
        }
    }

    /** Semantic recall: embeddings beside memories, a hybrid keyword_match. Off by default. */
    interface Semantic {
        /** On: needs a build with the embeddings adapter ({@code -Psemantic}), or the start fails. */
        @WithDefault("false")
        boolean enabled();

        /**
         * α of keyword_match = jaccard + α·semantic·(1 − jaccard) (HybridMatch), in [0, 1]: how far
         * the cosine can lift a memory sharing no term; the default is HybridMatch.DEFAULT_ALPHA,
         * measured on bench/eval.
         */
        @WithDefault("0.4")
        double weight();
    }

    interface Auth {
        /**
         * Comma-separated {@code name:scope:profile-glob:sha256-hex}; none = no authentication,
         * which is only allowed on a loopback address.
         */
        Optional<String> keys();

        /** Requests a second per key, bursts up to one second's worth; 0 = no limit. */
        @WithDefault("0")
        double rateLimitPerSecond();
    }

    interface Http {
        /** Bodies declared larger get a 413 problem response (read by the REST adapter's BodySizeLimit). */
        @WithDefault("256K")
        MemorySize maxBodySize();

        /** The same for {@code POST …/feedback:batch}, whose body carries up to 500 messages. */
        @WithDefault("4M")
        MemorySize maxBatchBodySize();
    }

    /**
     * Encryption at rest (docs/encryption.md): at most one of the two. Neither set: text is stored as it is.
     */
    interface Encryption {
        /** One base64 256-bit key ({@code openssl rand -base64 32}); its id is derived from it. */
        Optional<String> key();

        /** A keyset file (first line {@code primary ID}, then {@code ID BASE64KEY} lines): for rotation. */
        Optional<String> keyset();

        /**
         * With a key: values stored plain before it was configured are served until the re-encryption job has
         * sealed them; false reports them as unreadable instead.
         */
        @WithDefault("true")
        boolean readPlain();
    }

    interface Sqlite {
        /** The database file; its folder is created if missing. */
        @WithDefault("./data/pm-memory.db")
        String path();
    }

    /**
     * The names of the PostgreSQL settings before the store moved onto {@code quarkus.datasource.*}.
     * application.properties passes each on to its {@code quarkus.datasource} name; set, each is
     * reported once at start as deprecated ({@link PostgresTier}). They go in the next release.
     */
    interface Postgres {
        /** Now {@code quarkus.datasource.jdbc.url}. */
        Optional<String> url();

        /** Now {@code quarkus.datasource.username}. */
        Optional<String> username();

        /** Now {@code quarkus.datasource.password}. */
        Optional<String> password();

        /** Now {@code quarkus.datasource.jdbc.max-size}. */
        Optional<Integer> maxConnections();

        /** Now {@code quarkus.datasource.jdbc.acquisition-timeout}. */
        Optional<Duration> acquisitionTimeout();
    }
}
