import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Locale;
import java.util.StringJoiner;

/**
 * Batch vs single adds against a running pm-memory on this machine (loopback only), one client:
 * N distinct single adds on one profile, then the same number of distinct messages as 500-item
 * batches (POST …/feedback:batch) on another. Prints items/s of each. Bounded; stops by itself.
 *
 * <pre>
 * java bench/BatchDriver.java [--url http://127.0.0.1:8080] [--items 2000] [--batch 500]
 * </pre>
 */
public class BatchDriver {
    private static final String[] SUBJECTS = {"估值高", "商业化弱", "可以推进", "有意思", "团队不错", "赛道小",
            "感兴趣", "约一下", "太贵了", "不行"};

    public static void main(String[] args) throws Exception {
        URI base = URI.create(arg(args, "--url", "http://127.0.0.1:8080"));
        int items = Integer.parseInt(arg(args, "--items", "2000"));
        int batch = Integer.parseInt(arg(args, "--batch", "500"));
        String host = base.getHost();
        if (!(host.equals("localhost") || host.startsWith("127."))) {
            throw new IllegalArgumentException("runs against this machine only (loopback), not " + host);
        }
        HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
        long stamp = System.currentTimeMillis();

        String singles = "bench-single-" + stamp;
        int failed = 0;
        long t0 = System.nanoTime();
        for (int i = 0; i < items; i++) {
            failed += post(http, base.resolve("/v1/profiles/" + singles + "/feedback"), item(i)) < 300 ? 0 : 1;
        }
        double singleSeconds = (System.nanoTime() - t0) / 1e9;

        String batches = "bench-batch-" + stamp;
        int batchFailed = 0;
        t0 = System.nanoTime();
        for (int from = 0; from < items; from += batch) {
            StringJoiner body = new StringJoiner(",", "{\"items\":[", "]}");
            for (int i = from; i < Math.min(items, from + batch); i++) {
                body.add(item(i));
            }
            batchFailed += post(http, base.resolve("/v1/profiles/" + batches + "/feedback:batch"), body.toString())
                    == 200 ? 0 : 1;
        }
        double batchSeconds = (System.nanoTime() - t0) / 1e9;

        System.out.printf(Locale.ROOT, "single adds: %d in %.1f s = %.0f items/s, %d failed%n",
                items, singleSeconds, items / singleSeconds, failed);
        System.out.printf(Locale.ROOT, "batches of %d: %d items in %.1f s = %.0f items/s, %d batch(es) failed%n",
                batch, items, batchSeconds, items / batchSeconds, batchFailed);
    }

    private static String item(int i) {
        return "{\"message\":\"Company" + i + " " + SUBJECTS[i % SUBJECTS.length] + "\"}";
    }

    private static int post(HttpClient http, URI uri, String body) {
        HttpRequest req = HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(120))
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body, StandardCharsets.UTF_8)).build();
        try {
            return http.send(req, HttpResponse.BodyHandlers.discarding()).statusCode();
        } catch (Exception e) {
            return 599;
        }
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
