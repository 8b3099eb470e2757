import java.io.IOException;
import java.io.PrintWriter;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The soak of bench/soak/README.md: mixed load on a running pm-memory for a while, optionally with the
 * database restarted in the middle, then the verdict. Adds from --writers clients (each with its own
 * message_id), contexts from --readers clients, the lifecycle jobs every minute (admin endpoint), readiness
 * every 2 s and the service's RSS every 30 s. Then: every acknowledged add is in the database (read with
 * JDBC, --jdbc); every answer that was not a success is a 503 with Retry-After, and only while the database
 * was away; readiness went DOWN and came back UP (with a restart); RSS after the warm-up stays within ±10 %
 * of its mean. Exits 1 on any failed check.
 *
 * <pre>
 * java -cp &lt;JDBC driver jar&gt; bench/soak/SoakLoad.java --url http://127.0.0.1:18091 --pid &lt;service pid&gt;
 *     --jdbc jdbc:postgresql://127.0.0.1:25433/pm_memory?user=postgres --minutes 30 [--writers 4] [--readers 4]
 *     [--restart-at-minute 10 --restart-command "bash bench/soak/pg.sh restart"] [--warmup-minutes 5]
 *     [--out /tmp/soak]
 * </pre>
 */
public class SoakLoad {
    private static final String[] SUBJECTS = {"估值高", "商业化弱", "可以推进", "有意思", "团队不错", "赛道小",
            "感兴趣", "约一下", "太贵了", "不行"};
    private static final String[] QUERIES = {"估值", "OpenAI", "海外早期项目", "商业化", "Company42 估值",
            "团队", "赛道", "推进", "Company7", "约一下"};
    private static final String[] JOBS = {"sweep:run", "purge:run", "compact:run"};

    record Answer(String what, long atMillis, int status, boolean retryAfter, double ms) {
    }

    public static void main(String[] args) throws Exception {
        String url = arg(args, "--url", "http://127.0.0.1:18091");
        long pid = Long.parseLong(arg(args, "--pid", "0"));
        String jdbc = arg(args, "--jdbc", null);
        double minutes = Double.parseDouble(arg(args, "--minutes", "30"));
        int writers = Integer.parseInt(arg(args, "--writers", "4"));
        int readers = Integer.parseInt(arg(args, "--readers", "4"));
        double restartAt = Double.parseDouble(arg(args, "--restart-at-minute", "-1"));
        String restartCommand = arg(args, "--restart-command", null);
        double warmup = Double.parseDouble(arg(args, "--warmup-minutes", "5"));
        Path out = Path.of(arg(args, "--out", "/tmp/soak-" + System.currentTimeMillis()));
        Files.createDirectories(out);
        String profile = "soak-" + System.currentTimeMillis();
        HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(Duration.ofSeconds(5)).build();

        long start = System.currentTimeMillis();
        long end = start + (long) (minutes * 60_000);
        AtomicBoolean running = new AtomicBoolean(true);
        ConcurrentLinkedQueue<Answer> answers = new ConcurrentLinkedQueue<>();
        ConcurrentLinkedQueue<String> acknowledged = new ConcurrentLinkedQueue<>();
        ConcurrentLinkedQueue<long[]> readiness = new ConcurrentLinkedQueue<>(); // at, status
        ConcurrentLinkedQueue<long[]> rss = new ConcurrentLinkedQueue<>(); // at, kB
        AtomicLong downFrom = new AtomicLong(-1);
        AtomicLong upAgain = new AtomicLong(-1);
        AtomicLong seq = new AtomicLong();

        List<Thread> threads = new ArrayList<>();
        for (int w = 0; w < writers; w++) {
            int writer = w;
            threads.add(started(() -> {
                while (running.get()) {
                    long n = seq.incrementAndGet();
                    String mid = "soak-" + writer + "-" + n;
                    // every third add repeats a text: dedup (an update of one memory) under load too
                    String text = n % 3 == 0 ? "OpenAI " + SUBJECTS[(int) (n % SUBJECTS.length)]
                            : "Company" + n + " " + SUBJECTS[(int) (n % SUBJECTS.length)];
                    Answer a = call(http, "add", post(url + "/v1/profiles/" + profile + "/feedback",
                            "{\"message\": \"" + text + "\", \"message_id\": \"" + mid + "\"}"));
                    answers.add(a);
                    if (a.status() == 200 || a.status() == 201) {
                        acknowledged.add(mid);
                    }
                }
            }));
        }
        for (int r = 0; r < readers; r++) {
            int reader = r;
            threads.add(started(() -> {
                int i = reader;
                while (running.get()) {
                    String q = QUERIES[i++ % QUERIES.length];
                    answers.add(call(http, "context", HttpRequest.newBuilder(URI.create(url + "/v1/profiles/" + profile
                            + "/context?limit=3&query=" + java.net.URLEncoder.encode(q, java.nio.charset.StandardCharsets.UTF_8)))
                            .timeout(Duration.ofSeconds(30)).GET().build()));
                }
            }));
        }
        threads.add(started(() -> {
            while (running.get()) {
                for (String job : JOBS) {
                    answers.add(call(http, "job " + job, post(url + "/v1/admin/jobs/" + job, "")));
                }
                sleep(60_000, running);
            }
        }));
        threads.add(started(() -> {
            while (running.get()) {
                Answer a = call(http, "ready", HttpRequest.newBuilder(URI.create(url + "/q/health/ready"))
                        .timeout(Duration.ofSeconds(10)).GET().build());
                readiness.add(new long[] {a.atMillis(), a.status()});
                sleep(2_000, running);
            }
        }));
        threads.add(started(() -> {
            while (running.get()) {
                rss.add(new long[] {System.currentTimeMillis(), rssKb(pid)});
                sleep(30_000, running);
            }
        }));

        boolean restarted = false;
        while (System.currentTimeMillis() < end) {
            double elapsedMinutes = (System.currentTimeMillis() - start) / 60_000.0;
            if (!restarted && restartCommand != null && restartAt >= 0 && elapsedMinutes >= restartAt) {
                restarted = true;
                downFrom.set(System.currentTimeMillis());
                say("restart: " + restartCommand);
                Process p = new ProcessBuilder("bash", "-c", restartCommand).inheritIO().start();
                p.waitFor();
                upAgain.set(System.currentTimeMillis());
                say("restart done after " + (upAgain.get() - downFrom.get()) / 1000 + " s");
            }
            Thread.sleep(1_000);
        }
        running.set(false);
        for (Thread t : threads) {
            t.join(60_000);
        }

        // --- verdict -------------------------------------------------------------------------------
        List<String> failures = new ArrayList<>();
        List<Answer> all = new ArrayList<>(answers);
        try (PrintWriter log = new PrintWriter(Files.newBufferedWriter(out.resolve("answers.tsv")))) {
            for (Answer a : all) {
                log.printf(Locale.ROOT, "%s\t%d\t%d\t%s\t%.1f%n", a.what(), a.atMillis() - start, a.status(),
                        a.retryAfter(), a.ms());
            }
        }
        long adds = all.stream().filter(a -> a.what().equals("add")).count();
        long contexts = all.stream().filter(a -> a.what().equals("context")).count();
        say(String.format(Locale.ROOT, "%d adds (%d acknowledged), %d contexts, %d job runs in %.0f min", adds,
                acknowledged.size(), contexts, all.stream().filter(a -> a.what().startsWith("job")).count(), minutes));
        // the service's readiness after the restart ended: the window in which a 503 is expected
        long readyAgain = restarted ? readiness.stream().filter(r -> r[0] > upAgain.get() && r[1] == 200)
                .mapToLong(r -> r[0]).min().orElse(Long.MAX_VALUE) : -1;
        for (Answer a : all) {
            if (a.what().equals("ready") || a.status() == 200 || a.status() == 201) {
                continue;
            }
            boolean inOutage = restarted && a.atMillis() >= downFrom.get() - 1_000 && a.atMillis() <= readyAgain + 10_000;
            if (a.status() != 503 || !a.retryAfter() || !inOutage) {
                failures.add("unexpected answer: " + a);
            }
        }
        long unavailable = all.stream().filter(a -> a.status() == 503 && !a.what().equals("ready")).count();
        say("503 answers (each with Retry-After, inside the outage): " + unavailable);
        if (restarted) {
            boolean wentDown = readiness.stream().anyMatch(r -> r[0] >= downFrom.get() && r[0] <= upAgain.get() + 5_000
                    && r[1] == 503);
            say("readiness DOWN during the restart: " + wentDown + "; UP again "
                    + (readyAgain == Long.MAX_VALUE ? "never" : (readyAgain - upAgain.get()) / 1000 + " s after it"));
            if (!wentDown) {
                failures.add("readiness did not go DOWN while the database was away");
            }
            if (readyAgain == Long.MAX_VALUE) {
                failures.add("readiness did not come back UP");
            }
            if (unavailable == 0) {
                failures.add("no request met the outage");
            }
        }
        if (jdbc != null) {
            Set<String> stored = new HashSet<>();
            try (Connection c = DriverManager.getConnection(jdbc);
                 PreparedStatement ps = c.prepareStatement("SELECT message_id FROM raw_messages WHERE profile_id = ?")) {
                ps.setString(1, profile);
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        stored.add(rs.getString(1));
                    }
                }
            }
            List<String> lost = acknowledged.stream().filter(m -> !stored.contains(m)).toList();
            say("acknowledged adds not in the database: " + lost.size());
            if (!lost.isEmpty()) {
                failures.add(lost.size() + " acknowledged adds lost, e.g. " + lost.subList(0, Math.min(5, lost.size())));
            }
        }
        List<long[]> samples = new ArrayList<>(rss);
        try (PrintWriter log = new PrintWriter(Files.newBufferedWriter(out.resolve("rss.csv")))) {
            log.println("seconds,rss_kb");
            samples.forEach(s -> log.println((s[0] - start) / 1000 + "," + s[1]));
        }
        List<Long> afterWarmup = samples.stream().filter(s -> s[0] - start >= warmup * 60_000).map(s -> s[1]).toList();
        if (afterWarmup.size() >= 2) {
            double mean = afterWarmup.stream().mapToLong(Long::longValue).average().orElse(0);
            long min = Collections.min(afterWarmup);
            long max = Collections.max(afterWarmup);
            say(String.format(Locale.ROOT, "RSS after %.0f min warm-up: min %d MB, max %d MB, mean %.0f MB (%+.1f %% / %+.1f %%)",
                    warmup, min / 1024, max / 1024, mean / 1024, (min - mean) * 100 / mean, (max - mean) * 100 / mean));
            if (min < mean * 0.9 || max > mean * 1.1) {
                failures.add("RSS not within ±10 % of its mean after the warm-up");
            }
        }
        double[] addMs = all.stream().filter(a -> a.what().equals("add") && a.status() / 100 == 2)
                .mapToDouble(Answer::ms).sorted().toArray();
        double[] contextMs = all.stream().filter(a -> a.what().equals("context") && a.status() == 200)
                .mapToDouble(Answer::ms).sorted().toArray();
        say(String.format(Locale.ROOT, "add p50 %.1f ms p99 %.1f ms; context p50 %.1f ms p99 %.1f ms",
                pct(addMs, 0.5), pct(addMs, 0.99), pct(contextMs, 0.5), pct(contextMs, 0.99)));
        failures.forEach(f -> System.out.println("FAIL: " + f));
        System.out.println(failures.isEmpty() ? "soak: PASS" : "soak: FAIL (" + failures.size() + ")");
        System.exit(failures.isEmpty() ? 0 : 1);
    }

    private static Thread started(Runnable work) {
        Thread t = new Thread(work);
        t.start();
        return t;
    }

    private static HttpRequest post(String url, String body) {
        return HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(30))
                .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(body)).build();
    }

    private static Answer call(HttpClient http, String what, HttpRequest request) {
        long at = System.currentTimeMillis();
        long t = System.nanoTime();
        try {
            HttpResponse<Void> r = http.send(request, HttpResponse.BodyHandlers.discarding());
            return new Answer(what, at, r.statusCode(), r.headers().firstValue("Retry-After").isPresent(),
                    (System.nanoTime() - t) / 1e6);
        } catch (IOException e) {
            return new Answer(what, at, 0, false, (System.nanoTime() - t) / 1e6);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new Answer(what, at, 0, false, 0);
        }
    }

    private static long rssKb(long pid) {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/" + pid + "/status"))) {
                if (line.startsWith("VmRSS:")) {
                    return Long.parseLong(line.replaceAll("[^0-9]", ""));
                }
            }
        } catch (IOException | NumberFormatException e) {
            return -1;
        }
        return -1;
    }

    private static void sleep(long millis, AtomicBoolean running) {
        long until = System.currentTimeMillis() + millis;
        while (running.get() && System.currentTimeMillis() < until) {
            try {
                Thread.sleep(200);
            } catch (InterruptedException e) {
                return;
            }
        }
    }

    private static double pct(double[] sorted, double p) {
        if (sorted.length == 0) {
            return Double.NaN;
        }
        return sorted[Math.max(0, Math.min(sorted.length - 1, (int) Math.ceil(p * sorted.length) - 1))];
    }

    private static void say(String s) {
        System.out.printf("%tT  %s%n", System.currentTimeMillis(), s);
    }

    private static String arg(String[] args, String name, String fallback) {
        for (int i = 0; i + 1 < args.length; i++) {
            if (args[i].equals(name)) {
                return args[i + 1];
            }
        }
        return fallback;
    }
}
