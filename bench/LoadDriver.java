import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A small load run against a running pm-memory on this machine (loopback only): N distinct
 * feedback adds on one profile from C concurrent clients, then M context calls on that profile.
 * Prints adds/s and the context latency percentiles. Bounded in count; stops by itself.
 *
 * <pre>
 * java bench/LoadDriver.java [--url http://127.0.0.1:8080] [--adds 10000] [--clients 1]
 *                            [--contexts 1000] [--profile load-&lt;millis&gt;]
 * </pre>
 */
public class LoadDriver {
    private static final String[] SUBJECTS = {"估值高", "商业化弱", "可以推进", "有意思", "团队不错", "赛道小",
            "感兴趣", "约一下", "太贵了", "不行"};
    private static final String[] QUERIES = {"估值", "OpenAI", "海外早期项目", "商业化", "Company42 估值",
            "团队", "赛道", "推进", "Company7", "约一下"};

    public static void main(String[] args) throws Exception {
        String url = arg(args, "--url", "http://127.0.0.1:8080");
        int adds = Integer.parseInt(arg(args, "--adds", "10000"));
        int clients = Integer.parseInt(arg(args, "--clients", "1"));
        int contexts = Integer.parseInt(arg(args, "--contexts", "1000"));
        String profile = arg(args, "--profile", "load-" + System.currentTimeMillis());
        URI base = URI.create(url);
        if (!isLoopback(base.getHost())) {
            throw new IllegalArgumentException("load runs target this machine only (loopback), not " + base.getHost());
        }
        // HTTP/1.1: one connection per client, as wrk and a bot's connection pool do (by default the
        // JDK client upgrades to HTTP/2 and multiplexes every client over one connection)
        HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(Duration.ofSeconds(5)).build();

        AtomicInteger next = new AtomicInteger();
        AtomicInteger failures = new AtomicInteger();
        long[] addMicros = new long[adds];
        long start = System.nanoTime();
        ExecutorService pool = Executors.newFixedThreadPool(clients);
        List<Future<?>> jobs = new ArrayList<>();
        for (int c = 0; c < clients; c++) {
            jobs.add(pool.submit(() -> {
                for (int i = next.getAndIncrement(); i < adds; i = next.getAndIncrement()) {
                    String message = "Company" + i + " " + SUBJECTS[i % SUBJECTS.length];
                    String body = "{\"message\":\"" + message + "\"}";
                    HttpRequest req = HttpRequest.newBuilder(base.resolve("/v1/profiles/" + profile + "/feedback"))
                            .timeout(Duration.ofSeconds(30))
                            .header("Content-Type", "application/json")
                            .POST(HttpRequest.BodyPublishers.ofString(body, StandardCharsets.UTF_8)).build();
                    try {
                        long t0 = System.nanoTime();
                        int status = http.send(req, HttpResponse.BodyHandlers.discarding()).statusCode();
                        addMicros[i] = (System.nanoTime() - t0) / 1000;
                        if (status >= 300) {
                            failures.incrementAndGet();
                        }
                    } catch (Exception e) {
                        failures.incrementAndGet();
                    }
                }
                return null;
            }));
        }
        for (Future<?> job : jobs) {
            job.get();
        }
        pool.shutdown();
        double addSeconds = (System.nanoTime() - start) / 1e9;
        System.out.printf(Locale.ROOT, "adds: %d in %.1f s with %d client(s) = %.0f adds/s, %d failed%n",
                adds, addSeconds, clients, adds / addSeconds, failures.get());
        List<Long> addLatencies = new ArrayList<>();
        for (long m : addMicros) {
            addLatencies.add(m);
        }
        Collections.sort(addLatencies);
        System.out.printf(Locale.ROOT, "add latency: p50 %.1f ms, p99 %.1f ms, max %.1f ms%n", pct(addLatencies, 50),
                pct(addLatencies, 99), addLatencies.get(addLatencies.size() - 1) / 1000.0);
        if (contexts == 0) {
            return;
        }

        List<Long> micros = new ArrayList<>();
        int contextFailures = 0;
        for (int i = 0; i < contexts + 50; i++) {
            String q = URLEncoder.encode(QUERIES[i % QUERIES.length], StandardCharsets.UTF_8);
            HttpRequest req = HttpRequest.newBuilder(
                            base.resolve("/v1/profiles/" + profile + "/context?limit=3&query=" + q))
                    .timeout(Duration.ofSeconds(30)).GET().build();
            long t0 = System.nanoTime();
            int status = http.send(req, HttpResponse.BodyHandlers.ofString()).statusCode();
            long took = (System.nanoTime() - t0) / 1000;
            if (status != 200) {
                contextFailures++;
            }
            if (i >= 50) { // the first 50 warm the JIT and the page cache
                micros.add(took);
            }
        }
        Collections.sort(micros);
        System.out.printf(Locale.ROOT, "context at %d memories: %d calls, p50 %.1f ms, p90 %.1f ms, p99 %.1f ms,"
                        + " max %.1f ms, %d failed%n", adds, contexts, pct(micros, 50), pct(micros, 90),
                pct(micros, 99), micros.get(micros.size() - 1) / 1000.0, contextFailures);
    }

    private static double pct(List<Long> sorted, int p) {
        int idx = (int) Math.ceil(p / 100.0 * sorted.size()) - 1;
        return sorted.get(Math.max(0, idx)) / 1000.0;
    }

    private static boolean isLoopback(String host) {
        return host.equals("localhost") || host.startsWith("127.") || host.equals("[::1]") || host.equals("::1");
    }

    private static String arg(String[] args, String name, String fallback) {
        for (int i = 0; i < args.length - 1; i++) {
            if (args[i].equals(name)) {
                return args[i + 1];
            }
        }
        return fallback;
    }
}
