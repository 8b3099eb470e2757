package dev.pmmemory.adapters.postgres;

import dev.pmmemory.adapters.jdbc.JdbcSealedRows;
import dev.pmmemory.adapters.jdbc.StoredKeyChecks;
import dev.pmmemory.application.port.out.SealedRows;
import dev.pmmemory.adapters.jdbc.WrongKeyException;
import dev.pmmemory.application.port.out.FieldProtection;
import java.time.Clock;

import dev.pmmemory.adapters.jdbc.JdbcMemories;
import dev.pmmemory.adapters.jdbc.JdbcMemoryVectors;
import dev.pmmemory.adapters.jdbc.JdbcRawMessages;
import dev.pmmemory.adapters.jdbc.JdbcStoredIds;
import dev.pmmemory.adapters.jdbc.JdbcTeams;
import dev.pmmemory.application.port.out.Teams;
import dev.pmmemory.adapters.jdbc.KeptRowsVersion;
import dev.pmmemory.adapters.jdbc.RankingRows;
import dev.pmmemory.adapters.jdbc.Sql;
import dev.pmmemory.adapters.jdbc.Statements;
import dev.pmmemory.adapters.jdbc.VectorCache;
import dev.pmmemory.adapters.postgres.rows.JobRunRow;
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
import jakarta.transaction.Status;
import jakarta.transaction.SystemException;
import jakarta.transaction.Transaction;
import jakarta.transaction.TransactionManager;
import java.lang.System.Logger.Level;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Function;
import javax.sql.DataSource;

/**
 * The store on PostgreSQL, for several service instances sharing one database, on the platform's
 * pieces: the Agroal datasource ({@code quarkus.datasource.*}: pool, health check, metrics), the
 * transaction manager, and the Flyway migrations ({@link PostgresMigrations}). Nothing of it exists
 * until bootstrap opens it with {@code memory.store=postgres}.
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
 * <p>Every call is one transaction of the transaction manager; the connection the datasource hands
 * out inside it is enlisted in it, so whatever else takes part in the transaction uses the same
 * connection and commits or rolls back with it.
 *
 * <p><b>A database that is down at start or goes away later</b> must not stop the process or
 * hang a request. So the schema is migrated on the first call that reaches the database
 * ({@link #ensureSchema}). Until then, and whenever the database cannot be reached, calls fail with
 * {@link StoreUnavailableException} (a 503) within the pool's acquisition and the driver's connect /
 * socket timeouts (application.properties), readiness reports DOWN, and the next call after the
 * database is back simply succeeds: the pool drops the connections that failed that way.
 */
public final class PostgresMemoryStore implements MemoryStore {
    private static final System.Logger LOG = System.getLogger(PostgresMemoryStore.class.getName());
    private static final int PING_TIMEOUT_SECONDS = 3;
    /** How long a call waits for another call's migration attempt before it answers 503 itself. */
    private static final int SCHEMA_WAIT_SECONDS = 5;

    private final DataSource dataSource;
    private final TransactionManager transactions;
    private final PostgresMigrations migrations;
    /** Vectors semantic recall read, shared by the connections (each checked against its row's stamp). */
    private final VectorCache vectorCache = new VectorCache(DEFAULT_VECTOR_CACHE);
    /** Semantic recall's rows per profile while its version is unchanged; shares the vector cache's bound. */
    private final RankingRows rankingRows = new RankingRows(DEFAULT_VECTOR_CACHE);

    /** Vectors kept in memory (512 floats each: about 40 MB), enough for a 20,000-memory profile. */
    public static final int DEFAULT_VECTOR_CACHE = 20_000;
    private final ReentrantLock schemaLock = new ReentrantLock();
    private volatile boolean schemaReady;

    /** Seals stored text and blinds stored terms (the identity without a key). */
    private final FieldProtection protection;
    private final Clock clock;

    private PostgresMemoryStore(DataSource dataSource, TransactionManager transactions, PostgresMigrations migrations,
                                FieldProtection protection, Clock clock) {
        this.dataSource = dataSource;
        this.transactions = transactions;
        this.migrations = migrations;
        this.protection = protection;
        this.clock = clock;
    }

    /** Connects to nothing yet: the first call does (and migrates the schema). */
    public static PostgresMemoryStore open(DataSource dataSource, TransactionManager transactions,
                                           PostgresMigrations migrations) {
        return open(dataSource, transactions, migrations, FieldProtection.none(), Clock.systemUTC());
    }

    /**
     * With text sealed by {@code protection}: the first call that reaches the database checks its keys against
     * the ones the database was written with ({@link StoredKeyChecks}) and fails with
     * {@link WrongKeyException} when they do not fit.
     */
    public static PostgresMemoryStore open(DataSource dataSource, TransactionManager transactions,
                                           PostgresMigrations migrations, FieldProtection protection, Clock clock) {
        return new PostgresMemoryStore(dataSource, transactions, migrations, protection, clock);
    }

    @Override
    public <T> T write(String profileId, Function<StoreTransaction, T> work) {
        ensureSchema();
        return inTransaction(c -> {
            try (PreparedStatement ps = c.prepareStatement("SELECT pg_advisory_xact_lock(hashtextextended(?, 0))")) {
                ps.setString(1, profileId);
                ps.executeQuery().close();
            }
            RowChanges changes = new RowChanges();
            T result = work.apply(new Repositories(c, vectorCache, rankingRows, changes, protection));
            if (!changes.any()) {
                return result;
            }
            // in the same transaction: what any instance kept of this profile's rows is stale once it commits.
            // A random version, not a counter: one never comes back, even after rows were deleted by hand
            try (PreparedStatement ps = c.prepareStatement("INSERT INTO profile_versions (profile_id, version)"
                    + " VALUES (?, ?) ON CONFLICT (profile_id) DO UPDATE SET version = EXCLUDED.version")) {
                ps.setString(1, profileId);
                ps.setLong(2, ThreadLocalRandom.current().nextLong());
                ps.executeUpdate();
            }
            return result;
        });
    }

    @Override
    public <T> T read(Function<StoreTransaction, T> work) {
        ensureSchema();
        return inTransaction(c -> {
            try (Statement s = c.createStatement()) {
                s.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY");
            }
            return work.apply(new Repositories(c, vectorCache, rankingRows, null, protection));
        });
    }

    /**
     * The first claim of (job, period) wins, whichever instance makes it: claims of one job take turns on a
     * transaction-scoped advisory lock, so the later ones find the row the first inserted.
     */
    @Override
    public boolean claimJobRun(String job, Instant periodStart) {
        ensureSchema();
        Instant period = periodStart.truncatedTo(java.time.temporal.ChronoUnit.MILLIS);
        return inTransaction(c -> {
            try (PreparedStatement ps = c.prepareStatement("SELECT pg_advisory_xact_lock(hashtextextended(?, 0))")) {
                ps.setString(1, "job-run:" + job);
                ps.executeQuery().close();
            }
            if (JobRunRow.findById(new JobRunRow.Key(job, period)) != null) {
                return false;
            }
            JobRunRow.of(job, period).persistAndFlush();
            return true;
        });
    }

    @Override
    public boolean jobRunClaimed(String job, Instant periodStart) {
        ensureSchema();
        Instant period = periodStart.truncatedTo(java.time.temporal.ChronoUnit.MILLIS);
        return inTransaction(c -> JobRunRow.findById(new JobRunRow.Key(job, period)) != null);
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
            return inTransaction(c -> {
                try (Statement s = c.createStatement()) {
                    s.setQueryTimeout(PING_TIMEOUT_SECONDS);
                    try (ResultSet rs = s.executeQuery("SELECT 1")) {
                        return rs.next();
                    }
                }
            });
        } catch (RuntimeException e) {
            LOG.log(Level.DEBUG, () -> "PostgreSQL store not available: " + PgFailures.describe(e));
            return false;
        }
    }

    /** The applied schema version, migrating first if needed (for logs and tests). */
    public int schemaVersion() {
        ensureSchema();
        return migrations.currentVersion();
    }

    /**
     * Migrates once per process, on the first call that reaches the database. Any failure leaves
     * the store unavailable (503, readiness DOWN) and is tried again on the next call; a failure
     * that is not about connectivity (a broken migration) is logged as an error. Calls arriving
     * while one attempt runs wait for it at most {@value #SCHEMA_WAIT_SECONDS} s, so requests piling
     * up on a database that is down never queue behind each other's attempts.
     */
    public void ensureSchema() {
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
            int applied = migrations.migrate();
            if (applied > 0) {
                LOG.log(Level.INFO, "PostgreSQL schema migrated to version {0} ({1} migration(s))",
                        migrations.currentVersion(), applied);
            }
            inTransaction(c -> {
                StoredKeyChecks.verifyAndRecord(new Sql(Statements.preparedPerUse(c), PostgresDialect.INSTANCE),
                        protection, clock.instant());
                return null;
            });
            schemaReady = true;
        } catch (WrongKeyException e) {
            throw e; // not a database outage: the start stops, and every call says why
        } catch (SQLException | RuntimeException e) {
            if (PgFailures.isUnavailable(e)) {
                throw new StoreUnavailableException("PostgreSQL store unavailable: " + PgFailures.describe(e), e);
            }
            LOG.log(Level.ERROR, "PostgreSQL schema could not be migrated", e);
            throw new StoreUnavailableException("PostgreSQL schema not ready: " + PgFailures.describe(e), e);
        } finally {
            schemaLock.unlock();
        }
    }

    private interface SqlWork<T> {
        T run(Connection c) throws SQLException;
    }

    /**
     * One transaction of the transaction manager, on the datasource's connection enlisted in it:
     * committed when {@code work} returns, rolled back when it throws. A failure that says the
     * database is unreachable becomes a {@link StoreUnavailableException}.
     */
    private <T> T inTransaction(SqlWork<T> work) {
        Transaction outer = suspendCallersTransaction();
        try {
            return inOwnTransaction(work);
        } finally {
            if (outer != null) {
                resume(outer);
            }
        }
    }

    /**
     * A call made inside another's transaction (a read while a write of this thread is open) runs in a
     * transaction of its own, as it would on a connection of its own: it sees what is committed.
     */
    private Transaction suspendCallersTransaction() {
        try {
            return transactions.getStatus() == Status.STATUS_NO_TRANSACTION ? null : transactions.suspend();
        } catch (SystemException e) {
            throw new IllegalStateException("cannot suspend the caller's transaction: " + e, e);
        }
    }

    private void resume(Transaction outer) {
        try {
            transactions.resume(outer);
        } catch (Exception e) {
            throw new IllegalStateException("cannot resume the caller's transaction: " + e, e);
        }
    }

    private <T> T inOwnTransaction(SqlWork<T> work) {
        try {
            transactions.begin();
        } catch (Exception e) {
            throw new IllegalStateException("cannot begin a transaction: " + e, e);
        }
        boolean ended = false;
        try {
            T result;
            try (Connection c = dataSource.getConnection()) {
                result = work.run(c);
            }
            ended = true; // commit ends the transaction whatever it answers
            transactions.commit();
            return result;
        } catch (SQLException e) {
            throw PgFailures.translate(e);
        } catch (RuntimeException e) {
            throw PgFailures.translate(e);
        } catch (Exception e) { // the commit's checked failures: rolled back, heuristic outcome, system error
            throw PgFailures.translate(new IllegalStateException("PostgreSQL transaction failed: " + e.getMessage(), e));
        } finally {
            if (!ended) {
                rollbackQuietly();
            }
        }
    }

    private void rollbackQuietly() {
        try {
            if (transactions.getStatus() != Status.STATUS_NO_TRANSACTION) {
                transactions.rollback();
            }
        } catch (SystemException | IllegalStateException | SecurityException ignored) {
            // the original failure is the one worth reporting
        }
    }

    /** The repositories bound to the current transaction's connection. */
    private record Repositories(Memories memories, RawMessages rawMessages, AuditTrail auditTrail,
                                MemoryVectors vectors, Experiences experiences, Facts facts,
                                StoredIds storedIds, EntityRegistry entityRegistry, Teams teams,
                                SealedRows sealedRows)
            implements StoreTransaction {
        /**
         * @param changes what a write transaction changed; null in a read transaction, the only kind that may
         *                serve or keep ranking rows (a write's version is the old one)
         */
        Repositories(Connection c, VectorCache cache, RankingRows rows, RowChanges changes,
                     FieldProtection protection) {
            this(new Sql(Statements.preparedPerUse(c), PostgresDialect.INSTANCE), cache, rows, changes, protection);
        }

        private Repositories(Sql sql, VectorCache cache, RankingRows rows, RowChanges changes,
                             FieldProtection protection) {
            this(new JdbcMemories(sql, cache, rows, changed(changes), protection), new JdbcRawMessages(sql, protection),
                    new PostgresAuditTrail(sql, protection),
                    new JdbcMemoryVectors(sql, cache, rows, changes == null ? new ProfileVersions(sql)
                            : KeptRowsVersion.WRITING, changed(changes), protection),
                    new PostgresExperiences(), new PostgresFacts(sql, protection), new JdbcStoredIds(sql),
                    new PostgresEntityRegistry(), new JdbcTeams(sql), new JdbcSealedRows(sql, protection,
                            new JdbcMemories(sql, cache, rows, changed(changes), JdbcSealedRows.adopting(protection))));
        }

        private static Runnable changed(RowChanges changes) {
            return changes == null ? () -> { } : changes::changed;
        }
    }
}
