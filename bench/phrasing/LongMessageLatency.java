import dev.pmmemory.domain.lexicon.Lexicon;
import dev.pmmemory.domain.lexicon.TextAnalyzers;
import dev.pmmemory.domain.text.TextAnalyzer;

/**
 * The worst case of the text analysis (entities and keywords): a 4,000-character message (the API's limit)
 * that names companies in every way the entity rules read, over and over. Prints analyses per second after
 * a warm-up, in process, one thread.
 *   javac -d /tmp/dom $(find domain/src/main/java -name '*.java') && cp -r domain/src/main/resources/. /tmp/dom/
 *   java -cp /tmp/dom bench/phrasing/LongMessageLatency.java [seconds]
 * (or -cp domain/target/classes after a build).
 */
public final class LongMessageLatency {
    public static void main(String[] args) {
        int seconds = args.length > 0 ? Integer.parseInt(args[0]) : 8;
        TextAnalyzer analyzer = TextAnalyzers.from(Lexicon.loadDefault());
        String unit = "那个 苍穹智能 就是说 跟墨川聊完 关于拾光影像，met with nimbus 北极狐科技的团队这个项目 去星轨机器人看了 ";
        StringBuilder text = new StringBuilder();
        while (text.length() < 4000) {
            text.append(unit);
        }
        String message = text.substring(0, 4000);
        long warmUntil = System.currentTimeMillis() + 3000;
        while (System.currentTimeMillis() < warmUntil) {
            analyzer.analyze(message);
        }
        long start = System.nanoTime();
        long until = System.currentTimeMillis() + seconds * 1000L;
        int n = 0;
        int entities = 0;
        while (System.currentTimeMillis() < until) {
            entities = analyzer.analyze(message).entities().size();
            n++;
        }
        double ms = (System.nanoTime() - start) / 1e6 / n;
        System.out.printf("4,000-character message: %d analyses in %d s, %.2f ms each, %d entities%n", n, seconds, ms, entities);
    }
}
