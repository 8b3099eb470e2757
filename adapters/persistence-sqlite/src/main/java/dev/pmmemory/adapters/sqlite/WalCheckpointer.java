package dev.pmmemory.adapters.sqlite;

import java.lang.System.Logger.Level;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Copies the write-ahead log back into the database file on a thread of its own, so that commits
 * do not.
 *
 * <p>With SQLite's automatic checkpoint, the commit that takes the log past 1,000 pages copies
 * them all and syncs both files while it holds the single write lock: one commit in six took over
 * 10 ms under load (bench/RESULTS.md, "The SQLite write lane"), and every add queued behind it. Here
 * the writer only signals after a commit; this thread then runs a PASSIVE checkpoint (it never waits
 * for the writer or for readers) on a connection of its own, at most every {@link #PAUSE_MS} ms.
 *
 * <p>A passive checkpoint cannot finish while the writer keeps appending, and the log starts over
 * from its beginning only once every page of it has been copied. So when this thread finds the log
 * past {@code writerCheckpointPages}, it runs {@link #CATCH_UP_PASSES} more passes back to back and
 * leaves the last step to the writer: at its next commit the writer checkpoints itself under its lock
 * (as SQLite's automatic checkpoint would), copying only the pages of the commits since the last pass,
 * and the log starts over. The writer also does so after {@code writerCheckpointCommits} commits
 * whatever this thread did, so that the log stays bounded (to that many commits) should it fail or
 * stall.
 */
final class WalCheckpointer implements AutoCloseable {
    private static final System.Logger LOG = System.getLogger(WalCheckpointer.class.getName());
    /** Between two checkpoints of this thread: pages written again meanwhile are copied once. */
    static final long PAUSE_MS = 50;
    /** The log size (pages) past which the writer finishes a checkpoint itself: ≈ 32 MB of 4 KiB pages. */
    static final long WRITER_CHECKPOINT_PAGES = 8_000;
    /**
     * Passes back to back before the writer's turn, so that its step copies only what was committed
     * during the last one (measured: p99 61-63 to 50-54 ms; at saturation they do not get shorter, RESULTS.md).
     */
    static final int CATCH_UP_PASSES = 2;
    /**
     * Commits after which the writer checkpoints itself whatever this thread reported. Busy writers
     * (about 50 pages an add) reach the page bound first; small writes reach this one.
     */
    static final long WRITER_CHECKPOINT_COMMITS = 200;

    /**
     * How checkpoints run: the log size past which this thread leaves the last step to the writer, the
     * writer's commits past which it checkpoints itself in any case, and whether this thread runs at
     * all (tests stop it to show the writer alone bounds the log).
     */
    record Policy(long writerCheckpointPages, long writerCheckpointCommits, boolean backgroundThread) {
        static final Policy DEFAULT = new Policy(WRITER_CHECKPOINT_PAGES, WRITER_CHECKPOINT_COMMITS, true);
    }

    private final Connection connection;
    private final long writerCheckpointPages;
    private final long writerCheckpointCommits;
    /** The writer's commits since its last checkpoint; used by the writer only, under its lock. */
    private long commitsSinceWriterCheckpoint;
    private final Thread thread;
    /** Set by this thread when the log is long and nearly all copied: the writer's turn to finish. */
    private volatile boolean writerTurn;
    /** Held by this thread's pass, and by {@link #truncate}: a pass under way would make it report busy. */
    private final ReentrantLock pass = new ReentrantLock();
    private final Object signal = new Object();
    private boolean written; // guarded by signal
    private boolean closed; // guarded by signal
    private boolean waiting; // guarded by signal: only a thread waiting for a commit needs waking
    /** The writer's completed checkpoints (tests: the hand-over happens). */
    private final AtomicLong writerCheckpoints = new AtomicLong();

    /** @param connection a connection of its own to the database, in autocommit mode */
    WalCheckpointer(Connection connection, Policy policy) {
        this.connection = connection;
        this.writerCheckpointPages = policy.writerCheckpointPages();
        this.writerCheckpointCommits = policy.writerCheckpointCommits();
        this.thread = new Thread(this::run, "sqlite-wal-checkpoint");
        this.thread.setDaemon(true);
        if (policy.backgroundThread()) {
            this.thread.start();
        }
    }

    /** The writer committed: the log holds pages to copy. */
    void written() {
        commitsSinceWriterCheckpoint++;
        synchronized (signal) {
            written = true;
            if (waiting) {
                signal.notifyAll();
            }
        }
    }

    /** True when the writer should finish a checkpoint after its commit (see the class comment). */
    boolean writerShouldCheckpoint() {
        return writerTurn || commitsSinceWriterCheckpoint >= writerCheckpointCommits;
    }

    /** The writer's checkpoint, on its connection outside a transaction. */
    void writerCheckpoint(Connection writer) throws SQLException {
        // -1: this thread held the checkpoint at that moment; the next commit tries again
        if (checkpointOn(writer) >= 0) {
            writerTurn = false;
            commitsSinceWriterCheckpoint = 0;
            writerCheckpoints.incrementAndGet();
        }
    }

    /** The writer's checkpoint threw: this thread takes over again, the writer retries after its bound. */
    void writerCheckpointFailed() {
        writerTurn = false;
        commitsSinceWriterCheckpoint = 0;
    }

    /** How many checkpoints the writer completed (tests). */
    long writerCheckpoints() {
        return writerCheckpoints.get();
    }

    /**
     * Copies the whole log into the file and truncates it to nothing, on the writer outside a transaction
     * (after an erase: no page image of the deleted rows may stay in the log). Waits for a pass of this
     * thread to end first. Returns whether it completed (false: a reader kept it from finishing).
     */
    boolean truncate(Connection writer) throws SQLException {
        pass.lock();
        try (Statement s = writer.createStatement(); var rs = s.executeQuery("PRAGMA wal_checkpoint(TRUNCATE)")) {
            boolean complete = rs.next() && rs.getInt(1) == 0; // column busy: 1 when a reader kept it from completing
            if (complete) {
                writerTurn = false;
                commitsSinceWriterCheckpoint = 0;
            }
            return complete;
        } finally {
            pass.unlock();
        }
    }

    /** Runs a passive checkpoint on {@code c}; returns the pages in the log (-1: it did not run). */
    private static long checkpointOn(Connection c) throws SQLException {
        try (Statement s = c.createStatement(); var rs = s.executeQuery("PRAGMA wal_checkpoint(PASSIVE)")) {
            return rs.next() ? rs.getLong(2) : -1; // columns: busy, pages in the log (-1: not run), pages copied
        }
    }

    private void run() {
        while (awaitWrite()) {
            if (writerTurn) {
                continue; // the writer finishes this log at its next commit
            }
            pass.lock();
            try {
                if (checkpointOn(connection) > writerCheckpointPages) {
                    // each pass copies what was committed during the one before: left for the writer is
                    // what it committed during the last
                    for (int i = 0; i < CATCH_UP_PASSES; i++) {
                        checkpointOn(connection);
                    }
                    writerTurn = true;
                }
            } catch (SQLException e) {
                // the next commit's signal tries again; the writer's own checkpoint bounds the log meanwhile
                LOG.log(Level.WARNING, "background WAL checkpoint failed: {0}", e.getMessage());
            } finally {
                pass.unlock();
            }
            pause();
        }
    }

    /** Waits for a commit since the last checkpoint; false once closed. */
    private boolean awaitWrite() {
        synchronized (signal) {
            waiting = true;
            try {
                while (!written && !closed) {
                    signal.wait();
                }
            } catch (InterruptedException e) {
                return false;
            } finally {
                waiting = false;
            }
            written = false;
            return !closed;
        }
    }

    private void pause() {
        synchronized (signal) {
            long until = System.nanoTime() + PAUSE_MS * 1_000_000;
            long left;
            while (!closed && (left = until - System.nanoTime()) > 0) {
                try {
                    signal.wait(Math.max(1, left / 1_000_000));
                } catch (InterruptedException e) {
                    return;
                }
            }
        }
    }

    /** Stops the thread (a checkpoint under way finishes first), then closes its connection. */
    @Override
    public void close() {
        synchronized (signal) {
            closed = true;
            signal.notifyAll();
        }
        try {
            if (thread.isAlive()) {
                thread.join(SqliteMemoryStore.BUSY_TIMEOUT_MS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        try {
            connection.close();
        } catch (SQLException ignored) {
            // closing at shutdown: nothing left to do with the error
        }
    }
}
