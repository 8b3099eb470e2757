import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * Recall latency over MCP beside REST's, on a running pm-memory on this machine (loopback only): fills one
 * profile with N distinct memories through REST's feedback:batch, then asks the same queries alternately as
 * GET /v1/profiles/{p}/context and as the MCP tool recall (Streamable HTTP, one session, JSON-RPC written
 * here by hand so that no client library's own cost is measured), K = 3, one call at a time.
 *
 * <pre>
 * java bench/mcp/RecallLatency.java [--url http://127.0.0.1:18090] [--memories 10000] [--calls 1000]
 *                                   [--profile mcp-bench-&lt;millis&gt;] [--bearer &lt;key secret&gt;]
 * </pre>
 *
 * Prints one line per transport: {@code RECALL-BENCH <transport>,<memories>,<calls>,<p50>,<p90>,<p99>,<max>}
 * (milliseconds, nearest rank, after 50 untimed calls of each).
 */
public class RecallLatency {
    private static final String[] SUBJECTS = {"估值高", "商业化弱", "可以推进", "有意思", "团队不错", "赛道小",
            "感兴趣", "约一下", "太贵了", "不行"};
    private static final String[] QUERIES = {"估值", "OpenAI", "海外早期项目", "商业化", "Company42 估值",
            "团队", "赛道", "推进", "Company7", "约一下"};
    private static final int BATCH = 500;
    private static final int WARM_UP = 50;
    private static final Pattern TOOL_OK = Pattern.compile("\"isError\"\\s*:\\s*false");

    private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5)).build();
    private final URI base;
    private final String bearer;
    private String session;
    private int nextId = 1;

    RecallLatency(URI base, String bearer) {
        this.base = base;
        this.bearer = bearer;
    }

    public static void main(String[] args) throws Exception {
        URI base = URI.create(arg(args, "--url", "http://127.0.0.1:18090"));
        int memories = Integer.parseInt(arg(args, "--memories", "10000"));
        int calls = Integer.parseInt(arg(args, "--calls", "1000"));
        String profile = arg(args, "--profile", "mcp-bench-" + System.currentTimeMillis());
        if (!isLoopback(base.getHost())) {
            throw new IllegalArgumentException("bench runs target this machine only (loopback), not " + base.getHost());
        }
        RecallLatency bench = new RecallLatency(base, arg(args, "--bearer", null));
        int created = bench.fill(profile, memories);
        System.out.printf(Locale.ROOT, "profile %s: %d memories created by %d messages%n", profile, created, memories);
        bench.initialize();

        List<Long> rest = new ArrayList<>();
        List<Long> mcp = new ArrayList<>();
        for (int i = 0; i < calls + WARM_UP; i++) {
            String query = QUERIES[i % QUERIES.length];
            long restMicros = bench.restContext(profile, query);
            long mcpMicros = bench.mcpRecall(profile, query);
            if (i >= WARM_UP) { // the first calls warm the JIT and the page cache
                rest.add(restMicros);
                mcp.add(mcpMicros);
            }
        }
        report("rest-context", created, rest);
        report("mcp-recall", created, mcp);
    }

    /** Fills the profile through feedback:batch; returns how many memories were created. */
    int fill(String profile, int messages) throws Exception {
        int created = 0;
        for (int from = 0; from < messages; from += BATCH) {
            StringBuilder body = new StringBuilder("{\"items\":[");
            for (int i = from; i < Math.min(messages, from + BATCH); i++) {
                body.append(i == from ? "" : ",").append("{\"message\":\"Company").append(i).append(' ')
                        .append(SUBJECTS[i % SUBJECTS.length]).append("\"}");
            }
            HttpResponse<String> r = send(request("/v1/profiles/" + profile + "/feedback:batch")
                    .header("Content-Type", "application/json")
                    .POST(HttpRequest.BodyPublishers.ofString(body.append("]}").toString(), StandardCharsets.UTF_8)));
            if (r.statusCode() != 200) {
                throw new IllegalStateException("feedback:batch answered " + r.statusCode() + ": " + r.body());
            }
            created += count(r.body(), "\"outcome\":\"created\"");
        }
        return created;
    }

    /** The MCP handshake: initialize, then the initialized notification, on one session. */
    void initialize() throws Exception {
        HttpResponse<String> r = send(mcp("{\"jsonrpc\":\"2.0\",\"id\":" + nextId++ + ",\"method\":\"initialize\","
                + "\"params\":{\"protocolVersion\":\"2025-06-18\",\"capabilities\":{},"
                + "\"clientInfo\":{\"name\":\"recall-latency-bench\",\"version\":\"1\"}}}"));
        session = r.headers().firstValue("Mcp-Session-Id")
                .orElseThrow(() -> new IllegalStateException("no Mcp-Session-Id: " + r.statusCode() + " " + r.body()));
        send(mcp("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}"));
    }

    long restContext(String profile, String query) throws Exception {
        HttpRequest.Builder req = request("/v1/profiles/" + profile + "/context?limit=3&query="
                + URLEncoder.encode(query, StandardCharsets.UTF_8)).GET();
        long t0 = System.nanoTime();
        HttpResponse<String> r = send(req);
        long took = (System.nanoTime() - t0) / 1000;
        if (r.statusCode() != 200) {
            throw new IllegalStateException("context answered " + r.statusCode() + ": " + r.body());
        }
        return took;
    }

    long mcpRecall(String profile, String query) throws Exception {
        HttpRequest.Builder req = mcp("{\"jsonrpc\":\"2.0\",\"id\":" + nextId++ + ",\"method\":\"tools/call\","
                + "\"params\":{\"name\":\"recall\",\"arguments\":{\"profile_id\":\"" + profile + "\",\"query\":\""
                + query + "\",\"limit\":3}}}");
        long t0 = System.nanoTime();
        HttpResponse<String> r = send(req);
        long took = (System.nanoTime() - t0) / 1000;
        if (r.statusCode() != 200 || !TOOL_OK.matcher(r.body()).find()) {
            throw new IllegalStateException("recall answered " + r.statusCode() + ": " + r.body());
        }
        return took;
    }

    private HttpRequest.Builder mcp(String json) {
        HttpRequest.Builder b = request("/mcp").header("Content-Type", "application/json")
                .header("Accept", "application/json, text/event-stream")
                .POST(HttpRequest.BodyPublishers.ofString(json, StandardCharsets.UTF_8));
        if (session != null) {
            b.header("Mcp-Session-Id", session).header("MCP-Protocol-Version", "2025-06-18");
        }
        return b;
    }

    private HttpRequest.Builder request(String path) {
        HttpRequest.Builder b = HttpRequest.newBuilder(base.resolve(path)).timeout(Duration.ofSeconds(60));
        return bearer == null ? b : b.header("Authorization", "Bearer " + bearer);
    }

    private HttpResponse<String> send(HttpRequest.Builder request) throws Exception {
        return http.send(request.build(), HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
    }

    private static void report(String transport, int memories, List<Long> micros) {
        Collections.sort(micros);
        System.out.printf(Locale.ROOT, "RECALL-BENCH %s,%d,%d,%.2f,%.2f,%.2f,%.2f%n", transport, memories,
                micros.size(), pct(micros, 50), pct(micros, 90), pct(micros, 99), micros.get(micros.size() - 1) / 1000.0);
    }

    private static int count(String text, String needle) {
        int n = 0;
        for (int at = text.indexOf(needle); at >= 0; at = text.indexOf(needle, at + needle.length())) {
            n++;
        }
        return n;
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
