package dev.pmmemory.application.eval;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The labelled evaluation set of {@code bench/eval/} (see its README.md): TAB-separated lines,
 * {@code #} comments and blank lines ignored, {@code -} for an empty list.
 */
record EvalSet(List<LabelledMessage> messages, List<ProfileEntry> profiles, List<RecallCase> cases,
               List<LabelledMessage> holdout, List<ProfileEntry> holdoutProfiles, List<RecallCase> holdoutCases) {

    static final String MESSAGES = "messages.tsv";
    /** Written after the rules were changed and never used to tune them: a check for overfitting. */
    static final String HOLDOUT = "holdout.tsv";
    static final String PROFILES = "recall-profiles.tsv";
    static final String CASES = "recall-cases.tsv";
    /** Retrieval cases written before the semantic-recall mix was chosen and never used to tune it. */
    static final String HOLDOUT_PROFILES = "recall-holdout-profiles.tsv";
    static final String HOLDOUT_CASES = "recall-holdout.tsv";
    /** The 3rd held-out set (issue 12): written before the language rules changed, printed, never tuned on. */
    static final String HOLDOUT_3 = "holdout-3.tsv";
    /** The 4th held-out set (issue 12, 2nd round): written before that round's rule changes, never tuned on. */
    static final String HOLDOUT_4 = "holdout-4.tsv";
    /** The 5th held-out set (issue 12, 3rd round): written before that round's rule and link changes, never tuned on. */
    static final String HOLDOUT_5 = "holdout-5.tsv";
    /** The 6th held-out set (issue 12, 4th round): written before that round's changes, never tuned on. */
    static final String HOLDOUT_6 = "holdout-6.tsv";
    /** The 7th held-out set (issue 12, 5th round): written by a helper that saw no rule, before the round's changes. */
    static final String HOLDOUT_7 = "holdout-7.tsv";
    /** The 8th held-out set (issue 12, 6th round): written by a helper that saw no rule, before the round's changes. */
    static final String HOLDOUT_8 = "holdout-8.tsv";
    /** The 9th held-out set (issue 12, 7th round): written by a helper that saw no rule, before the round's changes. */
    static final String HOLDOUT_9 = "holdout-9.tsv";
    static final String LONGTAIL_DEV = "longtail-dev.tsv";
    /**
     * Training data of the 7th round (issue 12), three writers' voices (phone shorthand and slang; Slack English
     * and code-switching; formal memos, traditional and Cantonese), written by helpers that saw no rule: the
     * link's training data, and the rules' first reading of those voices (no rule was tuned on them).
     */
    static final String TRAIN_VOICE_A = "train-voice-a.tsv";
    static final String TRAIN_VOICE_B = "train-voice-b.tsv";
    static final String TRAIN_VOICE_C = "train-voice-c.tsv";
    /**
     * Training data of the 8th round: an associate naming companies after verbs and prepositions, in both
     * languages and in lower case (D); a PM dictating by voice and an analyst in a group chat (E).
     */
    static final String TRAIN_VOICE_D = "train-voice-d.tsv";
    static final String TRAIN_VOICE_E = "train-voice-e.tsv";
    /** The 10th held-out set (issue 12, 8th round): written by a helper that saw no rule, before the round's changes. */
    static final String HOLDOUT_10 = "holdout-10.tsv";
    /** The 11th held-out set (issue 12, 9th round): written by a helper that saw no rule, before the round's changes. */
    static final String HOLDOUT_11 = "holdout-11.tsv";
    /** The held-out sets of issue 31 (holding the uncertain ones): two writers' plain judgements and reversals. */
    static final String HOLDOUT_12 = "holdout-12.tsv";
    static final String HOLDOUT_13 = "holdout-13.tsv";
    /** The held-out set of issue 31 item 2 (formal written Chinese and business English), run once in its round. */
    static final String HOLDOUT_14 = "holdout-14.tsv";
    /** The held-out set of issue 31 item 1's second round (a PM dictating on the move), written before its changes. */
    static final String HOLDOUT_15 = "holdout-15.tsv";
    /** The held-out set of issue 31 item 1's third round (a PM in a group chat with the bot), written before its changes. */
    static final String HOLDOUT_16 = "holdout-16.tsv";
    /**
     * The held-out set of issue 31 item 1's fourth round (a Hong Kong / Singapore PM mixing Cantonese, traditional
     * characters and English), written before its changes by a helper that saw no rule.
     */
    static final String HOLDOUT_17 = "holdout-17.tsv";
    /** The 2nd development set of the long-tail rules: new examples of each phenomenon, tuned on. */
    static final String LONGTAIL_DEV_2 = "longtail-dev-2.tsv";
    /** The 3rd development set (issue 12, 3rd round): mostly neutral statements, for the n-gram link's training data. */
    static final String LONGTAIL_DEV_3 = "longtail-dev-3.tsv";
    /** The 4th development set (issue 12, 5th round): English, long, negation and concession, for the link's training data. */
    static final String LONGTAIL_DEV_4 = "longtail-dev-4.tsv";

    /** A PM message with its expected type ("none" = no memory) and the canonical entities it names. */
    record LabelledMessage(String id, boolean hard, String type, List<String> entities, Set<String> tags,
                           String message) {
    }

    /** A message added, {@code daysAgo} days before the evaluation instant, to a retrieval profile. */
    record ProfileEntry(String profile, String label, int daysAgo, String message) {
    }

    /** A query on a profile: labels that must be in the top 3, labels that must not. */
    record RecallCase(String id, boolean hard, String profile, String query, List<String> mustReturn,
                      List<String> mustNotReturn, Set<String> tags) {
    }

    /**
     * {@code bench/eval} of the repository: Maven runs tests with the module folder as working
     * directory, so it is looked for in the working directory's parents; {@code -Dpmmemory.eval.dir}
     * overrides.
     */
    static Path locate() {
        String configured = System.getProperty("pmmemory.eval.dir");
        if (configured != null && !configured.isBlank()) {
            return Path.of(configured);
        }
        for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
            Path candidate = dir.resolve("bench").resolve("eval");
            if (Files.isRegularFile(candidate.resolve(MESSAGES))) {
                return candidate;
            }
        }
        throw new IllegalStateException("bench/eval/" + MESSAGES + " not found above " + Path.of("").toAbsolutePath());
    }

    static EvalSet load(Path dir) {
        List<LabelledMessage> messages = messages(dir.resolve(MESSAGES));
        List<LabelledMessage> holdout = Files.isRegularFile(dir.resolve(HOLDOUT)) ? messages(dir.resolve(HOLDOUT)) : List.of();
        List<ProfileEntry> profiles = profiles(dir.resolve(PROFILES));
        List<RecallCase> cases = cases(dir.resolve(CASES));
        boolean hasHoldoutRecall = Files.isRegularFile(dir.resolve(HOLDOUT_CASES));
        List<ProfileEntry> holdoutProfiles = hasHoldoutRecall ? profiles(dir.resolve(HOLDOUT_PROFILES)) : List.of();
        List<RecallCase> holdoutCases = hasHoldoutRecall ? cases(dir.resolve(HOLDOUT_CASES)) : List.of();
        EvalSet set = new EvalSet(messages, profiles, cases, holdout, holdoutProfiles, holdoutCases);
        set.checkConsistency();
        return set;
    }

    /** The 3rd held-out set of {@code dir}, checked for unique ids. */
    static List<LabelledMessage> holdout3(Path dir) {
        return labelled(dir, HOLDOUT_3);
    }

    /** The 4th held-out set of {@code dir}, checked for unique ids. */
    static List<LabelledMessage> holdout4(Path dir) {
        return labelled(dir, HOLDOUT_4);
    }

    /** One labelled-message file of {@code dir} (messages.tsv format), checked for unique ids. */
    static List<LabelledMessage> labelled(Path dir, String file) {
        List<LabelledMessage> set = messages(dir.resolve(file));
        unique(set.stream().map(LabelledMessage::id).toList(), file);
        return set;
    }

    /** The development set of issue 12 item 4 (long-tail phrasing), checked for unique ids. */
    static List<LabelledMessage> longtailDev(Path dir) {
        List<LabelledMessage> set = messages(dir.resolve(LONGTAIL_DEV));
        unique(set.stream().map(LabelledMessage::id).toList(), LONGTAIL_DEV);
        return set;
    }

    private static List<ProfileEntry> profiles(Path file) {
        List<ProfileEntry> profiles = new ArrayList<>();
        for (Row row : rows(file, 4)) {
            profiles.add(new ProfileEntry(row.at(0), row.at(1), row.integer(2), row.at(3)));
        }
        return profiles;
    }

    private static List<RecallCase> cases(Path file) {
        List<RecallCase> cases = new ArrayList<>();
        for (Row row : rows(file, 7)) {
            cases.add(new RecallCase(row.at(0), row.bool(1), row.at(2), row.at(3), row.list(4), row.list(5),
                    Set.copyOf(row.list(6))));
        }
        return cases;
    }

    private static List<LabelledMessage> messages(Path file) {
        List<LabelledMessage> messages = new ArrayList<>();
        for (Row row : rows(file, 6)) {
            messages.add(new LabelledMessage(row.at(0), row.bool(1), row.at(2), row.list(3), Set.copyOf(row.list(4)),
                    row.at(5)));
        }
        return messages;
    }

    private void checkConsistency() {
        unique(messages.stream().map(LabelledMessage::id).toList(), MESSAGES);
        unique(holdout.stream().map(LabelledMessage::id).toList(), HOLDOUT);
        checkCases(profiles, PROFILES, cases, CASES);
        checkCases(holdoutProfiles, HOLDOUT_PROFILES, holdoutCases, HOLDOUT_CASES);
    }

    private static void checkCases(List<ProfileEntry> profiles, String profilesFile, List<RecallCase> cases,
                                   String casesFile) {
        unique(cases.stream().map(RecallCase::id).toList(), casesFile);
        Set<String> labels = new LinkedHashSet<>();
        for (ProfileEntry entry : profiles) {
            if (!labels.add(entry.profile() + "/" + entry.label())) {
                throw new IllegalStateException(profilesFile + ": duplicate label " + entry.label());
            }
        }
        for (RecallCase c : cases) {
            for (String label : concat(c.mustReturn(), c.mustNotReturn())) {
                if (!labels.contains(c.profile() + "/" + label)) {
                    throw new IllegalStateException(casesFile + " " + c.id() + ": unknown label " + label);
                }
            }
        }
    }

    private static List<String> concat(List<String> a, List<String> b) {
        List<String> all = new ArrayList<>(a);
        all.addAll(b);
        return all;
    }

    private static void unique(List<String> ids, String file) {
        Set<String> seen = new LinkedHashSet<>();
        for (String id : ids) {
            if (!seen.add(id)) {
                throw new IllegalStateException(file + ": duplicate id " + id);
            }
        }
    }

    private static List<Row> rows(Path file, int columns) {
        List<String> lines;
        try {
            lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file, e);
        }
        List<Row> rows = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            if (line.isBlank() || line.startsWith("#")) {
                continue;
            }
            String[] cells = line.split("\t", -1);
            if (cells.length != columns) {
                throw new IllegalStateException(file.getFileName() + " line " + (i + 1) + ": expected " + columns
                        + " TAB-separated columns, found " + cells.length);
            }
            rows.add(new Row(file.getFileName() + " line " + (i + 1), cells));
        }
        return rows;
    }

    private record Row(String where, String[] cells) {
        String at(int i) {
            String value = cells[i].strip();
            if (value.isEmpty()) {
                throw new IllegalStateException(where + ": column " + (i + 1) + " is empty");
            }
            return value;
        }

        boolean bool(int i) {
            return switch (at(i)) {
                case "true" -> true;
                case "false" -> false;
                default -> throw new IllegalStateException(where + ": expected true or false in column " + (i + 1));
            };
        }

        int integer(int i) {
            try {
                return Integer.parseInt(at(i));
            } catch (NumberFormatException e) {
                throw new IllegalStateException(where + ": not a number in column " + (i + 1));
            }
        }

        List<String> list(int i) {
            String value = at(i);
            return Optional.of(value).filter(v -> !v.equals("-"))
                    .map(v -> Arrays.stream(v.split(",")).map(String::strip).filter(s -> !s.isEmpty()).toList())
                    .orElse(List.of());
        }
    }
}
