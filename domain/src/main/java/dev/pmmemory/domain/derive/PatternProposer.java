package dev.pmmemory.domain.derive;

import dev.pmmemory.domain.derive.DerivationRule.Grouping;
import dev.pmmemory.domain.memory.EntityKey;
import dev.pmmemory.domain.memory.Memory;
import dev.pmmemory.domain.memory.MemoryStatus;
import dev.pmmemory.domain.memory.Source;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

/**
 * The lexicon's derivation rules over a profile's memories (docs/rules.md "Derived preferences"): what
 * each rule sees among the memories the PM stated (never inferred ones) that held until now or until they
 * expired (active or expired: not superseded, rejected, deleted or pending), last seen within its window; one
 * proposal per group that reaches the rule's minimum.
 */
public final class PatternProposer {
    /** A decision that held until it expired counts; one reversed, rejected, deleted or pending does not. */
    private static final java.util.Set<MemoryStatus> HELD = java.util.EnumSet.of(MemoryStatus.ACTIVE, MemoryStatus.EXPIRED);

    private final List<DerivationRule> rules;

    public PatternProposer(List<DerivationRule> rules) {
        this.rules = List.copyOf(rules);
    }

    public List<DerivedProposal> propose(List<Memory> memories, Instant now) {
        List<DerivedProposal> out = new ArrayList<>();
        for (DerivationRule rule : rules) {
            Instant from = now.minus(rule.window());
            List<Memory> seen = memories.stream()
                    .filter(m -> m.type() == rule.type() && HELD.contains(m.status())
                            && m.source() != Source.INFERRED
                            && !m.lastSeenAt().isBefore(from) && !m.lastSeenAt().isAfter(now))
                    .sorted(Comparator.comparing(Memory::lastSeenAt).thenComparing(Memory::id))
                    .toList();
            switch (rule.by()) {
                case ANY -> acrossEntities(rule, seen, m -> rule.words().stream()
                        .anyMatch(w -> DerivationRule.holds(m.normalizedContent(), w)),
                        String.join("/", said(rule, seen)), rule.propose()).ifPresent(out::add);
                case EACH -> {
                    for (String word : rule.words()) {
                        acrossEntities(rule, seen, m -> DerivationRule.holds(m.normalizedContent(), word), word,
                                rule.propose().replace("{word}", word)).ifPresent(out::add);
                    }
                }
                case ENTITY -> perEntity(rule, seen, out);
            }
        }
        return out;
    }

    /** Memories holding the reason, naming at least {@code min} distinct entities between them. */
    private static java.util.Optional<DerivedProposal> acrossEntities(DerivationRule rule, List<Memory> seen,
                                                                      Predicate<Memory> holds, String reason,
                                                                      String content) {
        Map<String, String> entities = new LinkedHashMap<>(); // key -> name as first said
        List<Memory> evidence = new ArrayList<>();
        for (Memory m : seen) {
            if (m.entities().isEmpty() || !holds.test(m)) {
                continue;
            }
            evidence.add(m);
            m.entities().forEach(e -> entities.putIfAbsent(EntityKey.of(e), e));
        }
        if (entities.size() < rule.min()) {
            return java.util.Optional.empty();
        }
        String rationale = "\u201c" + reason + "\u201d said about " + entities.size() + " entities ("
                + String.join(", ", entities.values()) + ") in " + evidence.size() + " memories "
                + span(evidence) + " (rule " + rule.name() + ": at least " + rule.min() + " entities within "
                + rule.window().toDays() + " days)";
        return java.util.Optional.of(new DerivedProposal(rule.name(), content, rationale,
                evidence.stream().map(Memory::id).toList()));
    }

    private static void perEntity(DerivationRule rule, List<Memory> seen, List<DerivedProposal> out) {
        Map<String, List<Memory>> byEntity = new LinkedHashMap<>();
        Map<String, String> names = new LinkedHashMap<>();
        for (Memory m : seen) {
            if (!rule.words().isEmpty()
                    && rule.words().stream().noneMatch(w -> DerivationRule.holds(m.normalizedContent(), w))) {
                continue;
            }
            for (String e : m.entities()) {
                String key = EntityKey.of(e);
                names.putIfAbsent(key, e);
                byEntity.computeIfAbsent(key, k -> new ArrayList<>()).add(m);
            }
        }
        byEntity.forEach((key, evidence) -> {
            if (evidence.size() < rule.min()) {
                return;
            }
            String name = names.get(key);
            String rationale = evidence.size() + " " + rule.type().wireName() + " memories about " + name + " "
                    + span(evidence) + " (rule " + rule.name() + ": at least " + rule.min() + " within "
                    + rule.window().toDays() + " days)";
            out.add(new DerivedProposal(rule.name(), rule.propose().replace("{entity}", name), rationale,
                    evidence.stream().map(Memory::id).toList()));
        });
    }

    /** The rule's words the memories hold, in the rule's order (a longer word hides the shorter one it holds). */
    private static List<String> said(DerivationRule rule, List<Memory> seen) {
        List<String> said = rule.words().stream().filter(w -> seen.stream()
                .anyMatch(m -> !m.entities().isEmpty() && DerivationRule.holds(m.normalizedContent(), w))).toList();
        List<String> shown = said.stream().filter(w -> said.stream()
                .noneMatch(o -> !o.equals(w) && o.contains(w))).toList();
        return shown.isEmpty() ? rule.words() : shown;
    }

    /** "from 2026-04-01 to 2026-05-20" (UTC days of the first and last time seen). */
    private static String span(List<Memory> evidence) {
        return "from " + evidence.get(0).lastSeenAt().atZone(ZoneOffset.UTC).toLocalDate() + " to "
                + evidence.get(evidence.size() - 1).lastSeenAt().atZone(ZoneOffset.UTC).toLocalDate();
    }
}
