package dev.pmmemory.application.eval;

import dev.pmmemory.application.eval.EvalSet.LabelledMessage;
import dev.pmmemory.domain.memory.EntityKey;
import dev.pmmemory.domain.text.TraditionalChars;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/** Type accuracy (all / hard) and micro-averaged entity precision and recall over the labelled messages. */
final class ClassificationEval {

    record Result(Ratio all, Ratio hard, Ratio entityPrecision, Ratio entityRecall, Map<String, Ratio> byTag,
                  List<String> typeMisses, List<String> entityMisses, Holding holding) {

        /** Every type miss, then every entity miss, one line each (the verbose part of a report). */
        StringBuilder appendMisses(StringBuilder out) {
            out.append("--- type misses (").append(typeMisses.size()).append(")\n");
            typeMisses.forEach(line -> out.append("  ").append(line).append('\n'));
            out.append("--- entity misses (").append(entityMisses.size()).append(")\n");
            entityMisses.forEach(line -> out.append("  ").append(line).append('\n'));
            return out;
        }

        /** The report block every evaluation prints: a title, then accuracy, entity P/R and accuracy by tag. */
        StringBuilder figures(String title, int messages) {
            StringBuilder out = new StringBuilder("\n=== ").append(title).append(" ===\n");
            out.append(String.format("messages %d (hard %d)%n", messages, hard.total()));
            out.append("accuracy (all)     ").append(all).append('\n');
            out.append("accuracy (hard)    ").append(hard).append('\n');
            out.append("accuracy (easy)    ").append(new Ratio(all.hits() - hard.hits(), all.total() - hard.total())).append('\n');
            out.append("entity precision   ").append(entityPrecision).append('\n');
            out.append("entity recall      ").append(entityRecall).append('\n');
            out.append("silent sign flips  ").append(holding.flips()).append('\n');
            out.append("held (pending)     ").append(holding.held()).append('\n');
            out.append("accuracy, rest     ").append(holding.rest()).append('\n');
            out.append("accuracy by tag:");
            for (Map.Entry<String, Ratio> tag : byTag.entrySet()) {
                out.append(String.format(" %s %.2f (%d)", tag.getKey(), tag.getValue().value(), tag.getValue().total()));
            }
            return out.append('\n');
        }
    }

    /**
     * What holding the uncertain ones does: {@code flips} counts messages stored active with the opposite sign of
     * their label (criticism stored as praise or an advance, praise as a negative), out of all; {@code held} the
     * messages held pending for a person to pick the type; {@code rest} the accuracy of the messages not held.
     */
    record Holding(Ratio flips, Ratio held, Ratio rest) {
    }

    /** +1 for praise and advances, -1 for criticism, 0 for every other type and for none. */
    static int sign(String type) {
        return switch (type) {
            case "project_positive", "project_advance" -> 1;
            case "project_negative" -> -1;
            default -> 0;
        };
    }

    /** A fraction kept as its counts, so a report can show both. */
    record Ratio(int hits, int total) {
        double value() {
            return total == 0 ? 1.0 : (double) hits / total;
        }

        Ratio plus(boolean hit) {
            return new Ratio(hits + (hit ? 1 : 0), total + 1);
        }

        @Override
        public String toString() {
            return String.format("%.3f (%d/%d)", value(), hits, total);
        }
    }

    private ClassificationEval() {
    }

    static Result run(Pipeline pipeline, List<LabelledMessage> messages) {
        Ratio all = new Ratio(0, 0);
        Ratio hard = new Ratio(0, 0);
        Map<String, Ratio> byTag = new TreeMap<>();
        int truePositives = 0;
        int extracted = 0;
        int expected = 0;
        List<String> typeMisses = new ArrayList<>();
        List<String> entityMisses = new ArrayList<>();
        Ratio flips = new Ratio(0, 0);
        Ratio held = new Ratio(0, 0);
        Ratio rest = new Ratio(0, 0);
        for (LabelledMessage m : messages) {
            Pipeline.Decision decision = pipeline.decide(m.message());
            boolean correct = decision.typeName().equals(m.type());
            held = held.plus(decision.held());
            flips = flips.plus(!decision.held() && sign(decision.typeName()) * sign(m.type()) < 0);
            if (!decision.held()) {
                rest = rest.plus(correct);
            }
            all = all.plus(correct);
            if (m.hard()) {
                hard = hard.plus(correct);
            }
            for (String tag : m.tags()) {
                byTag.merge(tag, new Ratio(correct ? 1 : 0, 1), (a, b) -> new Ratio(a.hits() + b.hits(), a.total() + b.total()));
            }
            if (!correct || decision.held()) {
                typeMisses.add(m.id() + (m.hard() ? " (hard) " : " ") + m.message() + "  expected " + m.type()
                        + ", got " + decision.typeName() + (decision.held() ? " (held)" : "")
                        + (!decision.held() && sign(decision.typeName()) * sign(m.type()) < 0 ? " (SIGN FLIP)" : ""));
            }
            // as the product compares them (entity= reads traditional characters as simplified): 雲杉算力 is 云杉算力
            Set<String> want = keys(m.entities(), pipeline.lexicon.traditional());
            Set<String> got = keys(decision.entities(), pipeline.lexicon.traditional());
            Set<String> common = new LinkedHashSet<>(want);
            common.retainAll(got);
            truePositives += common.size();
            extracted += got.size();
            expected += want.size();
            if (!want.equals(got)) {
                entityMisses.add(m.id() + " " + m.message() + "  expected " + want + ", got " + got);
            }
        }
        return new Result(all, hard, new Ratio(truePositives, extracted), new Ratio(truePositives, expected), byTag,
                typeMisses, entityMisses, new Holding(flips, held, rest));
    }

    private static Set<String> keys(List<String> entities, TraditionalChars traditional) {
        Set<String> keys = new LinkedHashSet<>();
        entities.forEach(e -> keys.add(EntityKey.of(traditional.simplify(e))));
        return keys;
    }
}
