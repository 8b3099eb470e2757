import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Properties;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The raw store baseline of bench/load/run.sh: single-row committed inserts per second, what the
 * store allows before the service adds anything, measured in the same run so every add figure reads
 * as a ratio of it. A row the size of a memory's (id, profile, content, created_at).
 *
 * <ul>
 *   <li>SQLite: one connection (SQLite has one writer), the service's settings — WAL,
 *       synchronous=NORMAL, busy timeout 5 s, foreign keys on, BEGIN IMMEDIATE — one INSERT and one
 *       COMMIT per row;</li>
 *   <li>PostgreSQL: N connections (default 4), autocommit, one INSERT = one commit each.</li>
 * </ul>
 * Prints {@code RAW commits_per_s=<n>}. Needs the JDBC driver on the class path (run.sh takes it
 * from the packaged jar's lib/).
 *
 * <pre>
 * java -cp &lt;driver.jar&gt; bench/load/RawCommits.java sqlite /tmp/raw.db 8
 * java -cp &lt;driver.jar&gt; bench/load/RawCommits.java postgres jdbc:postgresql://127.0.0.1:5432/db 8 postgres 4
 * </pre>
 */
public class RawCommits {
    private static final String TABLE = "bench_raw_commits";
    private static final String CONTENT = "Novatek 估值50亿美元，太贵了，2026-06-02 之后再看";

    public static void main(String[] args) throws Exception {
        String store = args[0];
        String target = args[1];
        double seconds = Double.parseDouble(args[2]);
        double perSecond = store.equals("sqlite") ? sqlite(target, seconds)
                : postgres(target, seconds, args.length > 3 ? args[3] : "postgres", args.length > 4 ? Integer.parseInt(args[4]) : 4);
        System.out.printf(Locale.ROOT, "RAW commits_per_s=%.0f%n", perSecond);
    }

    private static double sqlite(String file, double seconds) throws Exception {
        Properties p = new Properties();
        p.setProperty("journal_mode", "WAL");
        p.setProperty("synchronous", "NORMAL");
        p.setProperty("busy_timeout", "5000");
        p.setProperty("foreign_keys", "true");
        p.setProperty("transaction_mode", "IMMEDIATE");
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + file, p)) {
            try (Statement s = c.createStatement()) {
                s.execute("DROP TABLE IF EXISTS " + TABLE);
                s.execute("CREATE TABLE " + TABLE + " (id TEXT PRIMARY KEY, profile_id TEXT NOT NULL,"
                        + " content TEXT NOT NULL, created_at TEXT NOT NULL)");
                // a baseline with other settings would compare nothing: check they took
                try (var rs = s.executeQuery("PRAGMA journal_mode")) {
                    rs.next();
                    if (!rs.getString(1).equalsIgnoreCase("wal")) {
                        throw new IllegalStateException("journal_mode is " + rs.getString(1) + ", not wal");
                    }
                }
                try (var rs = s.executeQuery("PRAGMA synchronous")) {
                    rs.next();
                    if (rs.getInt(1) != 1) { // 1 = NORMAL
                        throw new IllegalStateException("synchronous is " + rs.getInt(1) + ", not 1 (NORMAL)");
                    }
                }
            }
            c.setAutoCommit(false);
            AtomicLong next = new AtomicLong();
            return timed(seconds, List.of(c), next);
        }
    }

    private static double postgres(String url, double seconds, String user, int connections) throws Exception {
        List<Connection> all = new ArrayList<>();
        try {
            for (int i = 0; i < connections; i++) {
                all.add(DriverManager.getConnection(url, user, System.getenv().getOrDefault("PGPASSWORD", "")));
            }
            try (Statement s = all.get(0).createStatement()) {
                s.execute("DROP TABLE IF EXISTS " + TABLE);
                s.execute("CREATE TABLE " + TABLE + " (id TEXT PRIMARY KEY, profile_id TEXT NOT NULL,"
                        + " content TEXT NOT NULL, created_at TIMESTAMPTZ NOT NULL)");
            }
            double perSecond = timed(seconds, all, new AtomicLong());
            try (Statement s = all.get(0).createStatement()) {
                s.execute("DROP TABLE " + TABLE);
            }
            return perSecond;
        } finally {
            for (Connection c : all) {
                c.close();
            }
        }
    }

    /** Each connection on its own thread inserts and commits one row at a time until the time is up. */
    private static double timed(double seconds, List<Connection> connections, AtomicLong next) throws Exception {
        boolean postgres = connections.get(0).getMetaData().getURL().startsWith("jdbc:postgresql");
        String sql = "INSERT INTO " + TABLE + " (id, profile_id, content, created_at) VALUES (?, ?, ?, "
                + (postgres ? "now()" : "strftime('%Y-%m-%dT%H:%M:%fZ','now')") + ")";
        AtomicLong committed = new AtomicLong();
        long deadline = System.nanoTime() + (long) (seconds * 1e9);
        List<Thread> threads = new ArrayList<>();
        List<Exception> failures = new ArrayList<>();
        long start = System.nanoTime();
        for (Connection c : connections) {
            Thread t = new Thread(() -> {
                try (PreparedStatement insert = c.prepareStatement(sql)) {
                    while (System.nanoTime() < deadline) {
                        long n = next.getAndIncrement();
                        insert.setString(1, "raw-" + n);
                        insert.setString(2, "profile-" + (n % 20));
                        insert.setString(3, CONTENT);
                        insert.executeUpdate();
                        if (!c.getAutoCommit()) {
                            c.commit();
                        }
                        committed.incrementAndGet();
                    }
                } catch (SQLException e) {
                    synchronized (failures) {
                        failures.add(e);
                    }
                }
            });
            threads.add(t);
            t.start();
        }
        for (Thread t : threads) {
            t.join();
        }
        if (!failures.isEmpty()) {
            throw failures.get(0);
        }
        return committed.get() / ((System.nanoTime() - start) / 1e9);
    }
}
