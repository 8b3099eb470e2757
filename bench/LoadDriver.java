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
import java.util.regex.Pattern;

/**
 * A small load run against a running pm-memory on this machine (loopback only): N distinct
 * feedback adds on one profile from C concurrent clients, then M context calls on that profile.
 * Prints adds/s and the context latency percentiles. Bounded in count; stops by itself.
 *
 * <p>With {@code --mcp}, each context query is also asked as the MCP tool {@code recall} (Streamable HTTP at
 * /mcp, one session, K = 3), right after its REST call, and MCP's percentiles are printed beside REST's. The
 * JSON-RPC is written here, by hand, so that what is measured is the server, not a client library.
 * {@code --bearer} sends a key's secret on every call (a service with keys).
 *
 * <pre>
 * java bench/LoadDriver.java [--url http://127.0.0.1:8080] [--adds 10000] [--clients 1]
 *                            [--contexts 1000] [--profile load-&lt;millis&gt;] [--mcp] [--bearer &lt;secret&gt;]
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
        boolean mcp = List.of(args).contains("--mcp");
        String bearer = arg(args, "--bearer", null);
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
                    HttpRequest req = authorized(HttpRequest.newBuilder(base.resolve("/v1/profiles/" + profile
                                    + "/feedback")), bearer)
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
        List<Long> mcpMicros = new ArrayList<>();
        int contextFailures = 0;
        int mcpFailures = 0;
        McpSession session = mcp ? McpSession.open(http, base, bearer) : null;
        for (int i = 0; i < contexts + 50; i++) {
            String query = QUERIES[i % QUERIES.length];
            String q = URLEncoder.encode(query, StandardCharsets.UTF_8);
            HttpRequest req = authorized(HttpRequest.newBuilder(
                            base.resolve("/v1/profiles/" + profile + "/context?limit=3&query=" + q)), bearer)
                    .timeout(Duration.ofSeconds(30)).GET().build();
            long t0 = System.nanoTime();
            int status = http.send(req, HttpResponse.BodyHandlers.ofString()).statusCode();
            long took = (System.nanoTime() - t0) / 1000;
            if (status != 200) {
                contextFailures++;
            }
            long mcpTook = 0;
            if (session != null) {
                long m0 = System.nanoTime();
                boolean ok = session.recall(profile, query);
                mcpTook = (System.nanoTime() - m0) / 1000;
                mcpFailures += ok ? 0 : 1;
            }
            if (i >= 50) { // the first 50 warm the JIT and the page cache
                micros.add(took);
                mcpMicros.add(mcpTook);
            }
        }
        report("context", adds, micros, contextFailures);
        if (session != null) {
            report("mcp recall", adds, mcpMicros, mcpFailures);
        }
    }

    private static void report(String what, int adds, List<Long> micros, int failures) {
        Collections.sort(micros);
        System.out.printf(Locale.ROOT, "%s at %d memories: %d calls, p50 %.1f ms, p90 %.1f ms, p99 %.1f ms,"
                        + " max %.1f ms, %d failed%n", what, adds, micros.size(), pct(micros, 50), pct(micros, 90),
                pct(micros, 99), micros.get(micros.size() - 1) / 1000.0, failures);
    }

    private static HttpRequest.Builder authorized(HttpRequest.Builder request, String bearer) {
        return bearer == null ? request : request.header("Authorization", "Bearer " + bearer);
    }

    /** One MCP session on /mcp: initialize, the initialized notification, then recall calls. */
    private record McpSession(HttpClient http, URI base, String bearer, String id) {
        private static final Pattern TOOL_OK = Pattern.compile("\"isError\"\\s*:\\s*false");
        /** JSON-RPC request ids, one per request of the session. */
        private static final AtomicInteger IDS = new AtomicInteger();

        static McpSession open(HttpClient http, URI base, String bearer) throws Exception {
            McpSession handshake = new McpSession(http, base, bearer, null);
            HttpResponse<String> r = handshake.post("{\"jsonrpc\":\"2.0\",\"id\":0,\"method\":\"initialize\","
                    + "\"params\":{\"protocolVersion\":\"2025-06-18\",\"capabilities\":{},"
                    + "\"clientInfo\":{\"name\":\"load-driver\",\"version\":\"1\"}}}");
            McpSession session = new McpSession(http, base, bearer, r.headers().firstValue("Mcp-Session-Id")
                    .orElseThrow(() -> new IllegalStateException("no MCP session: " + r.statusCode() + " " + r.body())));
            session.post("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}");
            return session;
        }

        boolean recall(String profile, String query) throws Exception {
            HttpResponse<String> r = post("{\"jsonrpc\":\"2.0\",\"id\":" + IDS.incrementAndGet()
                    + ",\"method\":\"tools/call\",\"params\":"
                    + "{\"name\":\"recall\",\"arguments\":{\"profile_id\":\"" + profile + "\",\"query\":\"" + query
                    + "\",\"limit\":3}}}");
            return r.statusCode() == 200 && TOOL_OK.matcher(r.body()).find();
        }

        private HttpResponse<String> post(String json) throws Exception {
            HttpRequest.Builder b = authorized(HttpRequest.newBuilder(base.resolve("/mcp")), bearer)
                    .timeout(Duration.ofSeconds(30)).header("Content-Type", "application/json")
                    .header("Accept", "application/json, text/event-stream")
                    .POST(HttpRequest.BodyPublishers.ofString(json, StandardCharsets.UTF_8));
            if (id != null) {
                b.header("Mcp-Session-Id", id).header("MCP-Protocol-Version", "2025-06-18");
            }
            return http.send(b.build(), HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
        }
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
