package dev.pmmemory.adapters.sqlite;

import dev.pmmemory.adapters.jdbc.JdbcMemories;
import dev.pmmemory.adapters.jdbc.JdbcMemoryVectors;
import dev.pmmemory.adapters.jdbc.JdbcRawMessages;
import dev.pmmemory.adapters.jdbc.JdbcStoredIds;
import dev.pmmemory.adapters.jdbc.JdbcTeams;
import dev.pmmemory.application.port.out.Teams;
import dev.pmmemory.adapters.jdbc.KeptRowsVersion;
import dev.pmmemory.adapters.jdbc.KeptStatements;
import dev.pmmemory.adapters.jdbc.RankingRows;
import dev.pmmemory.adapters.jdbc.JdbcSealedRows;
import dev.pmmemory.adapters.jdbc.Sql;
import dev.pmmemory.application.port.out.SealedRows;
import dev.pmmemory.adapters.jdbc.StoredKeyChecks;
import dev.pmmemory.application.port.out.FieldProtection;
import dev.pmmemory.adapters.jdbc.VectorCache;
import dev.pmmemory.application.StoreUnavailableException;
import dev.pmmemory.application.port.out.AuditTrail;
import dev.pmmemory.application.port.out.Experiences;
import dev.pmmemory.application.port.out.EntityRegistry;
import dev.pmmemory.application.port.out.Facts;
import dev.pmmemory.application.port.out.Memories;
import dev.pmmemory.application.port.out.MemoryStore;
import dev.pmmemory.application.port.out.MemoryVectors;
import dev.pmmemory.application.port.out.RawMessages;
import dev.pmmemory.application.port.out.StoredIds;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;
import java.util.Set;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.BiFunction;
import java.util.function.Function;
import org.sqlite.SQLiteConfig;
import org.sqlite.SQLiteDataSource;

/**
 * The store in one SQLite file: WAL (readers never wait for the writer), synchronous=NORMAL,
 * a busy timeout, schema migrated at open.
 *
 * <p>SQLite has one writer at a time. Writes go through one connection in
 * {@code BEGIN IMMEDIATE} transactions, so a read-then-write (dedup, conflicts) can never race
 * another one, in this process or another; the in-process lock only saves threads from
 * spinning on SQLITE_BUSY. Reads use a small pool of their own connections.
 */
public final class SqliteMemoryStore implements MemoryStore, AutoCloseable {
    static final int BUSY_TIMEOUT_MS = 5_000;
    private static final System.Logger LOG = System.getLogger(SqliteMemoryStore.class.getName());
    private static final int READERS = 4;

    private final SQLiteDataSource readSource;
    private final Connection writer;
    /** The writer's statements, compiled once and reused by every write transaction. */
    private final KeptStatements writerStatements;
    private final ReentrantLock writeLock = new ReentrantLock(true);
    private final BlockingQueue<KeptStatements> idleReaders = new ArrayBlockingQueue<>(READERS);
    private final List<KeptStatements> allReaders = new ArrayList<>();
    private final int schemaVersion;
    /** Shared by every connection: a vector read by one reader serves the next call on any. */
    private final VectorCache vectorCache;
    /** Semantic recall's rows per profile between writes of it, and when each profile was last written. */
    private final RankingRows rankingRows;
    private final WriteSequence writes = new WriteSequence();
    /** Seals stored text and blinds stored terms (the identity without a key). */
    private final FieldProtection protection;
    /** Copies the log into the file off the write lock (null: SQLite's automatic checkpoint, for comparison in tests). */
    private final WalCheckpointer checkpointer;
    /**
     * Whether the writer is inside its IMMEDIATE transaction (sqlite-jdbc opens the next one at every commit
     * and rollback). Kept here because the driver cannot tell: it flips its autocommit flag before running
     * the BEGIN, so after a failed BEGIN it reports a transaction that is not there. Guarded by writeLock.
     */
    private boolean writerInTransaction;

    /** Vectors kept in memory by default (512 floats each: about 40 MB), enough for a 20,000-memory profile. */
    public static final int DEFAULT_VECTOR_CACHE = 20_000;

    private SqliteMemoryStore(Path file, Clock clock, int vectorCache, WalCheckpointer.Policy checkpoints,
                              FieldProtection protection) throws SQLException {
        this.protection = protection;
        this.vectorCache = new VectorCache(vectorCache);
        this.rankingRows = new RankingRows(vectorCache);
        String url = "jdbc:sqlite:" + file.toAbsolutePath();
        this.writer = dataSource(url, SQLiteConfig.TransactionMode.IMMEDIATE).getConnection();
        this.schemaVersion = SqliteSchema.migrate(writer, clock.instant());
        // Deleted rows are overwritten with zeros in the file (erase, purge): data rights need the
        // bytes gone, not merely unlinked. Only the writer deletes; the cost is writing freed space.
        try (var s = writer.createStatement()) {
            s.execute("PRAGMA secure_delete = ON");
        }
        if (checkpoints != null) {
            try (var s = writer.createStatement()) {
                s.execute("PRAGMA wal_autocheckpoint = 0"); // this connection's commits no longer checkpoint
            }
        }
        this.writer.setAutoCommit(false);
        this.writerInTransaction = true;
        this.writerStatements = new KeptStatements(writer);
        try {
            StoredKeyChecks.verifyAndRecord(new Sql(writerStatements, SqliteDialect.INSTANCE), protection,
                    clock.instant());
            writer.commit();
        } catch (RuntimeException e) {
            writerStatements.close();
            throw e;
        }
        this.readSource = dataSource(url, SQLiteConfig.TransactionMode.DEFERRED);
        // last: once its thread runs, nothing after it may fail
        this.checkpointer = checkpoints != null
                ? new WalCheckpointer(dataSource(url, SQLiteConfig.TransactionMode.DEFERRED).getConnection(),
                        checkpoints)
                : null;
    }

    /** Opens (creating the file and its folder if missing) and migrates the database. */
    public static SqliteMemoryStore open(Path file, Clock clock) {
        return open(file, clock, DEFAULT_VECTOR_CACHE);
    }

    /** @param vectorCache how many vectors semantic recall keeps in memory between calls (0: none) */
    public static SqliteMemoryStore open(Path file, Clock clock, int vectorCache) {
        return open(file, clock, vectorCache, WalCheckpointer.Policy.DEFAULT, FieldProtection.none());
    }

    /**
     * Opens with text sealed by {@code protection}; stops with {@link dev.pmmemory.adapters.jdbc.WrongKeyException}
     * when its keys do not fit what the file was written with.
     */
    public static SqliteMemoryStore open(Path file, Clock clock, FieldProtection protection) {
        return open(file, clock, DEFAULT_VECTOR_CACHE, WalCheckpointer.Policy.DEFAULT, protection);
    }

    /** @param checkpoints how the log is copied into the file; null: SQLite's automatic checkpoint, in each commit */
    static SqliteMemoryStore open(Path file, Clock clock, int vectorCache, WalCheckpointer.Policy checkpoints) {
        return open(file, clock, vectorCache, checkpoints, FieldProtection.none());
    }

    static SqliteMemoryStore open(Path file, Clock clock, int vectorCache, WalCheckpointer.Policy checkpoints,
                                  FieldProtection protection) {
        try {
            Path parent = file.toAbsolutePath().getParent();
            if (parent != null) {
                Files.createDirectories(parent);
            }
            return new SqliteMemoryStore(file, clock, vectorCache, checkpoints, protection);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create the folder of SQLite file " + file, e);
        } catch (SQLException e) {
            throw new IllegalStateException("cannot open SQLite file " + file + ": " + e.getMessage(), e);
        }
    }

    private static SQLiteDataSource dataSource(String url, SQLiteConfig.TransactionMode mode) {
        SQLiteConfig config = new SQLiteConfig();
        config.setJournalMode(SQLiteConfig.JournalMode.WAL);
        config.setSynchronous(SQLiteConfig.SynchronousMode.NORMAL);
        config.setBusyTimeout(BUSY_TIMEOUT_MS);
        config.enforceForeignKeys(true);
        config.setTransactionMode(mode);
        SQLiteDataSource ds = new SQLiteDataSource(config);
        ds.setUrl(url);
        return ds;
    }

    /** The log copier, or null with SQLite's automatic checkpoint (tests). */
    WalCheckpointer checkpointer() {
        return checkpointer;
    }

    public int schemaVersion() {
        return schemaVersion;
    }

    /** SQLite has one writer: BEGIN IMMEDIATE takes the lock for every profile at once. */
    @Override
    public <T> T write(String profileId, Function<StoreTransaction, T> work) {
        return writeAll(Set.of(profileId), work);
    }

    /**
     * One lane for every profile: SQLite has one writer, so adds of different profiles queue for the
     * same lock anyway, and sharing a transaction saves each its own BEGIN IMMEDIATE and COMMIT (the
     * largest part of SQLite's work per add in a profile: WAL pages and checkpoints, under the lock).
     */
    @Override
    public String writeLane(String profileId) {
        return WRITE_LANE;
    }

    private static final String WRITE_LANE = "sqlite-writer";

    @Override
    public <T> T writeAll(Set<String> profileIds, Function<StoreTransaction, T> work) {
        writeLock.lock();
        profileIds.forEach(writes::writing);
        try {
            inWriteTransactionMode();
            T result;
            try {
                result = inTransaction(writerStatements, work, NO_READ_SEQUENCE);
            } catch (RuntimeException | Error e) {
                writerInTransaction = false; // the BEGIN after the rollback (or the commit) may have failed
                throw e;
            }
            afterCommit();
            return result;
        } finally {
            // after the commit (or rollback): a semantic read that began before it no longer serves
            profileIds.forEach(writes::written);
            writeLock.unlock();
        }
    }

    /**
     * Reopens the writer's transaction when the last BEGIN may have failed: a write must never run
     * statement by statement in autocommit (it would commit half an add). The first call ends whatever the
     * driver believes is open (it may fail: nothing is), the second runs a real BEGIN IMMEDIATE; if that
     * fails the write fails before any statement.
     */
    private void inWriteTransactionMode() {
        if (writerInTransaction) {
            return;
        }
        try {
            try {
                writer.setAutoCommit(true);
            } catch (SQLException nothingOpen) {
                // "cannot commit - no transaction is active": the state this repairs
            }
            enterTransaction();
        } catch (SQLException e) {
            throw SqliteDialect.INSTANCE.translate(e);
        }
    }

    private void leaveTransaction() throws SQLException {
        writerInTransaction = false;
        writer.setAutoCommit(true);
    }

    private void enterTransaction() throws SQLException {
        writer.setAutoCommit(false);
        writerInTransaction = true;
    }

    /** Hands the new log pages to the checkpointer; past its bound, checkpoints here (see WalCheckpointer). */
    private void afterCommit() {
        if (checkpointer == null) {
            return;
        }
        checkpointer.written();
        if (!checkpointer.writerShouldCheckpoint()) {
            return;
        }
        try {
            leaveTransaction(); // a checkpoint runs outside a transaction
            try {
                checkpointer.writerCheckpoint(writer);
            } catch (SQLException e) {
                // committed already: a failed checkpoint only leaves the log longer
                checkpointer.writerCheckpointFailed();
                LOG.log(System.Logger.Level.WARNING, "WAL checkpoint after a commit failed: {0}", e.getMessage());
            } finally {
                enterTransaction();
            }
        } catch (SQLException e) {
            // the next write reopens the transaction first, or fails before any statement
            LOG.log(System.Logger.Level.WARNING, "SQLite writer could not reopen its transaction: {0}",
                    e.getMessage());
        }
    }

    /** A write transaction reads nothing into the ranking rows cache. */
    private static final long NO_READ_SEQUENCE = -1;

    @Override
    public <T> T read(Function<StoreTransaction, T> work) {
        return onReader((statements, tx) -> work.apply(tx));
    }

    /** One read transaction on a pooled reader; {@code work} gets the reader's statements too. */
    private <T> T onReader(BiFunction<KeptStatements, StoreTransaction, T> work) {
        long sequence = writes.sequence(); // before the snapshot starts
        KeptStatements c = borrowReader();
        try {
            return inTransaction(c, tx -> work.apply(c, tx), sequence);
        } finally {
            idleReaders.offer(c);
        }
    }

    /** One writer for every profile: every profile's tallies in one transaction, one batched UPDATE. */
    @Override
    public int addRecalls(java.util.Collection<dev.pmmemory.application.port.out.RecallTally> tallies) {
        if (tallies.isEmpty()) {
            return 0;
        }
        Set<String> profiles = new java.util.TreeSet<>();
        tallies.forEach(t -> profiles.add(t.profileId()));
        return writeAll(profiles, tx -> tx.memories().addRecalls(tallies));
    }

    @Override
    public boolean jobRunClaimed(String job, Instant periodStart) {
        return onReader((c, tx) -> !new Sql(c, SqliteDialect.INSTANCE).query("SELECT 1 FROM job_runs WHERE job = ? AND period_start = ?",
                rs -> 1, job, periodStart.toEpochMilli()).isEmpty());
    }

    @Override
    public boolean claimJobRun(String job, Instant periodStart) {
        writeLock.lock();
        try {
            inWriteTransactionMode();
            boolean claimed = new Sql(writerStatements, SqliteDialect.INSTANCE).update("INSERT OR IGNORE INTO job_runs (job, period_start)"
                    + " VALUES (?, ?)", job, periodStart.toEpochMilli()) == 1;
            writer.commit(); // the claim holds for other instances only once committed
            return claimed;
        } catch (SQLException e) {
            writerInTransaction = false;
            throw SqliteDialect.INSTANCE.translate(e);
        } finally {
            writeLock.unlock();
        }
    }

    /**
     * The WAL still holds the page images written before an erase (with the erased text): copy the
     * latest pages into the file (zeroed by secure_delete) and truncate the WAL to nothing. Runs
     * outside a transaction, under the write lock; readers between transactions do not hold it up,
     * and one in the middle of a read is waited for (busy timeout).
     */
    @Override
    public boolean shredDeleted() {
        writeLock.lock();
        try {
            leaveTransaction();
            try {
                if (checkpointer != null) {
                    return checkpointer.truncate(writer);
                }
                try (var s = writer.createStatement(); var rs = s.executeQuery("PRAGMA wal_checkpoint(TRUNCATE)")) {
                    return rs.next() && rs.getInt(1) == 0; // column busy: 1 when a reader kept it from completing
                }
            } finally {
                enterTransaction();
            }
        } catch (SQLException e) {
            throw SqliteDialect.INSTANCE.translate(e);
        } finally {
            writeLock.unlock();
        }
    }

    @Override
    public boolean isAvailable() {
        try {
            KeptStatements c = borrowReader();
            try (var s = c.connection().createStatement(); var rs = s.executeQuery("SELECT 1")) {
                return rs.next();
            } finally {
                c.connection().rollback();
                idleReaders.offer(c);
            }
        } catch (SQLException | RuntimeException e) {
            return false;
        }
    }

    private <T> T inTransaction(KeptStatements statements, Function<StoreTransaction, T> work, long readSequence) {
        Connection c = statements.connection();
        KeptRowsVersion version = readSequence == NO_READ_SEQUENCE ? KeptRowsVersion.WRITING
                : new ReadSequence(writes, readSequence);
        Transaction tx = new Transaction(new Sql(statements, SqliteDialect.INSTANCE), vectorCache, rankingRows, version,
                protection);
        try {
            T result = work.apply(tx);
            c.commit();
            return result;
        } catch (SQLException e) {
            rollbackQuietly(c);
            throw SqliteDialect.INSTANCE.translate(e);
        } catch (RuntimeException | Error e) {
            rollbackQuietly(c);
            throw e;
        }
    }

    private static void rollbackQuietly(Connection c) {
        try {
            c.rollback();
        } catch (SQLException ignored) {
            // the original failure is the one worth reporting
        }
    }

    private KeptStatements borrowReader() {
        KeptStatements c = idleReaders.poll();
        if (c != null) {
            return c;
        }
        synchronized (allReaders) {
            if (allReaders.size() < READERS) {
                try {
                    Connection fresh = readSource.getConnection();
                    fresh.setAutoCommit(false);
                    KeptStatements statements = new KeptStatements(fresh);
                    allReaders.add(statements);
                    return statements;
                } catch (SQLException e) {
                    throw SqliteDialect.INSTANCE.translate(e);
                }
            }
        }
        try {
            c = idleReaders.poll(BUSY_TIMEOUT_MS, TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new StoreUnavailableException("interrupted while waiting for a SQLite connection", e);
        }
        if (c == null) {
            throw new StoreUnavailableException("no SQLite read connection free within " + BUSY_TIMEOUT_MS + " ms",
                    null);
        }
        return c;
    }

    @Override
    public void close() {
        if (checkpointer != null) {
            checkpointer.close();
        }
        writeLock.lock();
        try {
            closeQuietly(writerStatements);
            synchronized (allReaders) {
                allReaders.forEach(SqliteMemoryStore::closeQuietly);
                allReaders.clear();
            }
        } finally {
            writeLock.unlock();
        }
    }

    private static void closeQuietly(AutoCloseable c) {
        try {
            c.close();
        } catch (Exception ignored) {
            // closing at shutdown: nothing left to do with the error
        }
    }

    /**
     * A read's tag for the ranking rows it reads: the write sequence taken before its snapshot, valid while
     * no write of the profile ended (or is under way) since.
     */
    private record ReadSequence(WriteSequence writes, long sequence) implements KeptRowsVersion {
        @Override
        public OptionalLong forRead(String profileId) {
            return writes.unchangedSince(profileId, sequence) ? OptionalLong.of(sequence) : OptionalLong.empty();
        }

        @Override
        public boolean current(String profileId, long tag) {
            return writes.unchangedSince(profileId, tag);
        }
    }

    /** The repositories bound to one connection's current transaction. */
    private record Transaction(Memories memories, RawMessages rawMessages, AuditTrail auditTrail,
                               MemoryVectors vectors, Experiences experiences, Facts facts,
                               StoredIds storedIds, EntityRegistry entityRegistry, Teams teams,
                               SealedRows sealedRows)
            implements StoreTransaction {
        /** SQLite sees every write itself (WriteSequence): the repositories need not report changes. */
        private static final Runnable SEEN_BY_THE_STORE = () -> { };

        Transaction(Sql sql, VectorCache cache, RankingRows rows, KeptRowsVersion version, FieldProtection protection) {
            this(new JdbcMemories(sql, cache, rows, SEEN_BY_THE_STORE, protection), new JdbcRawMessages(sql, protection),
                    new SqliteAuditTrail(sql, protection),
                    new JdbcMemoryVectors(sql, cache, rows, version, SEEN_BY_THE_STORE, protection),
                    new SqliteExperiences(sql), new SqliteFacts(sql, protection), new JdbcStoredIds(sql),
                    new SqliteEntityRegistry(sql), new JdbcTeams(sql), new JdbcSealedRows(sql, protection,
                            new JdbcMemories(sql, cache, rows, SEEN_BY_THE_STORE, JdbcSealedRows.adopting(protection))));
        }
    }
}
