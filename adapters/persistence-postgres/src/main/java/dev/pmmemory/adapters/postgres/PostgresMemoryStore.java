package dev.pmmemory.adapters.postgres;

import dev.pmmemory.application.StoreUnavailableException;
import dev.pmmemory.application.port.out.AuditTrail;
import dev.pmmemory.application.port.out.EntityRegistry;
import dev.pmmemory.application.port.out.Experiences;
import dev.pmmemory.application.port.out.Facts;
import dev.pmmemory.application.port.out.Memories;
import dev.pmmemory.application.port.out.MemoryStore;
import dev.pmmemory.application.port.out.MemoryVectors;
import dev.pmmemory.application.port.out.RawMessages;
import dev.pmmemory.application.port.out.StoredIds;
import io.agroal.api.AgroalDataSource;
import io.quarkus.narayana.jta.QuarkusTransaction;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Instance;
import jakarta.enterprise.inject.Typed;
import jakarta.persistence.EntityManager;
import jakarta.persistence.EntityManagerFactory;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Instant;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Function;
import org.flywaydb.core.Flyway;
import org.hibernate.Session;
import org.hibernate.SessionFactory;
import org.jboss.logging.Logger;

/**
 * The store on PostgreSQL, for several service instances sharing one database.
 *
 * <p><b>Writes of one profile are serialised by the database</b>, not by this process: each write
 * transaction starts with {@code pg_advisory_xact_lock(hashtextextended(profile_id, 0))}, held
 * until commit or rollback, so dedup and conflict resolution (read, then write) never race another
 * write of the same profile on any instance. They run at READ COMMITTED, so every statement after
 * the lock sees what the previous holder committed. Profiles whose hashes collide merely wait for
 * each other. The unique indexes of migration V1 remain as a safety net.
 *
 * <p><b>Reads</b> run in a READ ONLY, REPEATABLE READ transaction: one snapshot for all their
 * queries.
 *
 * <p><b>A database that is down at start or goes away later</b> must not stop the process or
 * hang a request. So nothing here touches the database while the application starts: the
 * schema is migrated (Flyway) and Hibernate's mapping validated against it on the first
 * successful connection ({@link #ensureSchema}), not by migrate-at-start or Hibernate's
 * start-up validation, which would fail the start instead. Until then, and whenever the database
 * cannot be reached, calls fail with {@link StoreUnavailableException} (a 503) within the pool's
 * acquisition and the driver's connect / socket timeouts (bootstrap's application.properties),
 * readiness reports DOWN, and the next call after the database is back simply succeeds: Agroal
 * discards connections the driver reports broken. Hibernate never generates the schema.
 *
 * <p>An {@code @ApplicationScoped} bean {@code @Typed} to this class only: bootstrap fetches it by
 * {@code Instance<PostgresMemoryStore>} when {@code memory.store=postgres}, so with SQLite chosen
 * it is never created and its (inactive) datasource never needed.
 */
@ApplicationScoped
@Typed(PostgresMemoryStore.class)
public class PostgresMemoryStore implements MemoryStore {
    private static final Logger LOG = Logger.getLogger(PostgresMemoryStore.class);
    /** Upper bound of one transaction; statements are bounded earlier by the server's timeouts. */
    static final int TRANSACTION_TIMEOUT_SECONDS = 30;
    private static final int PING_TIMEOUT_SECONDS = 3;
    /** How long a call waits for another call's migration attempt before it answers 503 itself. */
    private static final int SCHEMA_WAIT_SECONDS = 5;

    // Instances, resolved on first use: with memory.store=sqlite the datasource and persistence
    // unit are inactive, and Quarkus refuses to start if a bean injects them directly.
    private final Instance<EntityManager> entityManager;
    private final Instance<EntityManagerFactory> entityManagerFactory;
    private final Instance<AgroalDataSource> dataSource;
    private final Instance<Flyway> flyway;
    private final ReentrantLock schemaLock = new ReentrantLock();
    private volatile boolean schemaReady;

    public PostgresMemoryStore(Instance<EntityManager> entityManager,
                               Instance<EntityManagerFactory> entityManagerFactory,
                               Instance<AgroalDataSource> dataSource, Instance<Flyway> flyway) {
        this.entityManager = entityManager;
        this.entityManagerFactory = entityManagerFactory;
        this.dataSource = dataSource;
        this.flyway = flyway;
    }

    @Override
    public <T> T write(String profileId, Function<StoreTransaction, T> work) {
        ensureSchema();
        return inTransaction(() -> {
            EntityManager em = entityManager.get();
            em.unwrap(Session.class).doWork(c -> {
                try (PreparedStatement ps = c.prepareStatement(
                        "SELECT pg_advisory_xact_lock(hashtextextended(?, 0))")) {
                    ps.setString(1, profileId);
                    ps.executeQuery().close();
                }
            });
            return work.apply(new Transaction(em));
        });
    }

    @Override
    public <T> T read(Function<StoreTransaction, T> work) {
        ensureSchema();
        return inTransaction(() -> {
            EntityManager em = entityManager.get();
            em.unwrap(Session.class).doWork(c -> {
                try (Statement s = c.createStatement()) {
                    s.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY");
                }
            });
            return work.apply(new Transaction(em));
        });
    }

    /** The primary key of job_runs decides: the first INSERT of (job, period) wins, the others do nothing. */
    @Override
    public boolean claimJobRun(String job, Instant periodStart) {
        ensureSchema();
        return inTransaction(() -> entityManager.get().createNativeQuery(
                        "INSERT INTO job_runs (job, period_start) VALUES (:job, :period) ON CONFLICT DO NOTHING")
                .setParameter("job", job).setParameter("period", periodStart).executeUpdate() == 1);
    }

    /**
     * Nothing to do in the database: deleted rows stay as dead tuples until VACUUM marks their space
     * reusable and later writes overwrite it (VACUUM FULL rewrites the tables at once); that is the
     * operator's (docs/rules.md "Data rights").
     */
    @Override
    public boolean shredDeleted() {
        return false;
    }

    /** Answers within a few seconds: a connection from the pool, the schema in place, one round trip. */
    @Override
    public boolean isAvailable() {
        try {
            ensureSchema();
            try (Connection c = dataSource.get().getConnection(); Statement s = c.createStatement()) {
                s.setQueryTimeout(PING_TIMEOUT_SECONDS);
                try (ResultSet rs = s.executeQuery("SELECT 1")) {
                    return rs.next();
                }
            }
        } catch (Exception e) {
            LOG.debugf("PostgreSQL store not available: %s", PgFailures.describe(e));
            return false;
        }
    }

    /** The applied schema version, migrating first if needed (for logs and tests). */
    public String schemaVersion() {
        ensureSchema();
        var current = flyway.get().info().current();
        return current == null ? "none" : current.getVersion().getVersion();
    }

    /**
     * Migrates (Flyway) and validates the mapping (Hibernate) once per process, on the first call
     * that reaches the database. Several instances starting together are safe: Flyway takes its
     * own database lock while it migrates. Any failure leaves the store unavailable (503,
     * readiness DOWN) and is tried again on the next call; a failure that is not about
     * connectivity (a broken migration, a mapping that does not match) is logged as an error.
     * Calls arriving while one attempt runs wait for it at most {@value #SCHEMA_WAIT_SECONDS} s,
     * so requests piling up on a database that is down never queue behind each other's attempts.
     *
     * <p>Migrations run on the application's connections, with its statement and lock timeouts
     * (10 s, application.properties). A migration that needs longer starts with
     * {@code SET LOCAL statement_timeout = '10min';} (transaction-scoped: nothing leaks into the
     * pool).
     */
    private void ensureSchema() {
        if (schemaReady) {
            return;
        }
        boolean locked;
        try {
            locked = schemaLock.tryLock(SCHEMA_WAIT_SECONDS, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new StoreUnavailableException("interrupted while waiting for the PostgreSQL schema", e);
        }
        if (!locked) {
            throw new StoreUnavailableException("PostgreSQL schema not ready yet (another call is migrating)", null);
        }
        try {
            if (schemaReady) {
                return;
            }
            try {
                var result = flyway.get().migrate();
                if (result.migrationsExecuted > 0) {
                    LOG.infof("PostgreSQL schema migrated to version %s (%d migration(s))", result.targetSchemaVersion,
                            result.migrationsExecuted);
                }
                entityManagerFactory.get().unwrap(SessionFactory.class).getSchemaManager().validateMappedObjects();
                schemaReady = true;
            } catch (RuntimeException e) {
                if (PgFailures.isUnavailable(e)) {
                    throw new StoreUnavailableException("PostgreSQL unreachable: " + PgFailures.describe(e), e);
                }
                LOG.error("PostgreSQL schema could not be migrated or does not match the entities", e);
                throw new StoreUnavailableException("PostgreSQL schema not ready: " + PgFailures.describe(e), e);
            }
        } finally {
            schemaLock.unlock();
        }
    }

    private static <T> T inTransaction(java.util.concurrent.Callable<T> body) {
        try {
            return QuarkusTransaction.requiringNew().timeout(TRANSACTION_TIMEOUT_SECONDS).call(body);
        } catch (RuntimeException e) {
            throw PgFailures.translate(e);
        }
    }

    /** The repositories bound to the current transaction. */
    private record Transaction(Memories memories, RawMessages rawMessages, AuditTrail auditTrail,
                               MemoryVectors vectors, Experiences experiences, Facts facts,
                               StoredIds storedIds, EntityRegistry entityRegistry)
            implements StoreTransaction {
        Transaction(EntityManager em) {
            this(new PostgresMemories(em), new PostgresRawMessages(em), new PostgresAuditTrail(em),
                    new PostgresMemoryVectors(em), new PostgresExperiences(em), new PostgresFacts(em), new PostgresStoredIds(em),
                    new PostgresEntityRegistry(em));
        }
    }
}
