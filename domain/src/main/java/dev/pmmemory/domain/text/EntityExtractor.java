package dev.pmmemory.domain.text;

import java.text.Normalizer;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Finds the named entities (companies, projects) a feedback message talks about.
 * Entities drive conflicts and recall, so a false positive ("AI", "海外早期") is worse than a
 * miss: every rule below errs on the side of "not a name".
 */
public final class EntityExtractor {

    /** A capitalised Latin word: not glued to a preceding Latin letter/digit (so "iPhone" has no word "Phone"). */
    private static final Pattern LATIN_WORD =
            Pattern.compile("(?<![\\p{IsLatin}\\p{Nd}])[\\p{Lu}&&\\p{IsLatin}][\\p{IsLatin}\\p{Nd}&.\\-]*");
    private static final String WORD_TRAILING_PUNCTUATION = ".&-";

    /** Capitalised only because they open a sentence; they never name a company and break a name run. */
    private static final Set<String> COMMON_WORDS = Set.of(
            "i", "the", "we", "this", "that", "let's", "let", "please", "also", "but", "and", "maybe",
            "not", "no", "yes", "it", "they", "he", "she", "our", "my", "very", "too", "so", "ok", "okay",
            "a", "an", "hi", "hello", "hey", "thanks", "thank", "if", "in", "on", "at", "for", "of", "to",
            "from", "by", "with", "you", "your", "is", "are", "was", "were", "be", "what", "why", "how",
            "when", "where", "who", "which", "just", "still", "now", "today", "tomorrow", "then", "should",
            "could", "would", "can", "will", "do", "does", "don", "did", "there", "these", "those", "some",
            "any", "all", "its", "as", "or", "note", "however", "sure", "well", "yeah", "great", "good",
            "bad", "next", "last", "after", "before", "pls", "fyi", "btw", "me", "us", "his", "her",
            "their", "them", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday");

    /** Chinese names are recognised only directly before these words. */
    private static final List<String> NAME_SUFFIXES = List.of("公司", "项目");

    /**
     * Function and verb characters that cannot end the text preceding a name:
     * "少推|国内大模型项目", "这家|公司". The name starts after the last one.
     */
    private static final String BOUNDARY_CHARS =
            "的了向推投看这那该家个是和与及对在把被给说觉得很都也还就某一些我你他她们从跟为让请但而或即若并且又再才仅各每其见约聊谈找碰做";

    /** Corporate-form words after the short name ("月之暗面科技有限公司" → 月之暗面). */
    private static final List<String> ORG_FORM_WORDS = List.of("有限责任", "有限", "股份", "控股", "集团", "科技", "技术", "网络", "信息");

    /** Descriptive Chinese words: a candidate made only of these is a description, not a name. */
    private static final Set<String> GENERIC_HAN_WORDS = Set.of(
            "海外", "国内", "国外", "中国", "美国", "欧洲", "早期", "中期", "后期", "晚期", "天使", "天使轮",
            "大模型", "模型", "科技", "技术", "初创", "创业", "独角兽", "头部", "知名", "明星", "优质", "热门",
            "新", "老", "小", "大", "好", "这", "那", "该", "本", "此", "其他", "其它", "同类", "类似", "相关",
            "上市", "机器人", "芯片", "半导体", "软件", "硬件", "互联网", "平台", "集团", "有限", "有限责任",
            "股份", "控股", "网络", "信息", "基金", "投资", "应用", "工具", "消费", "医疗", "金融", "教育");

    private static final int MIN_HAN_NAME = 2;
    private static final int MAX_HAN_NAME = 4;

    private final List<DictionaryName> dictionary;
    private final Set<String> genericWords;
    private final Set<String> nameSuffixes;
    private final Set<String> commonWords;

    /**
     * @param dictionary   display names recognised anywhere in a text (configurable, from the lexicon)
     * @param genericWords words that are never an entity on their own ("AI", "VC"), any case; they
     *                     may still continue a name ("Figure AI")
     */
    public EntityExtractor(Set<String> dictionary, Set<String> genericWords) {
        this(EntityNames.of(dictionary, genericWords));
    }

    /** @param names the entity dictionary with aliases, generic words, name suffixes and common words */
    public EntityExtractor(EntityNames names) {
        List<DictionaryName> entries = new ArrayList<>();
        for (List<String> group : names.groups()) {
            String canonical = group.get(0);
            for (String alias : group) {
                String key = fold(Normalizer.normalize(Objects.requireNonNull(alias), Normalizer.Form.NFKC)).strip();
                if (!key.isEmpty()) {
                    entries.add(new DictionaryName(canonical, key));
                }
            }
        }
        this.dictionary = List.copyOf(entries);
        Set<String> generic = new LinkedHashSet<>();
        for (String word : names.generic()) {
            generic.add(TextNormalizer.nfkcLower(word));
        }
        generic.addAll(GENERIC_HAN_WORDS);
        this.genericWords = Collections.unmodifiableSet(generic);
        this.nameSuffixes = lowerAll(names.nameSuffixes());
        Set<String> common = new LinkedHashSet<>(COMMON_WORDS);
        common.addAll(lowerAll(names.commonWords()));
        this.commonWords = Collections.unmodifiableSet(common);
    }

    private static Set<String> lowerAll(Set<String> words) {
        Set<String> lower = new LinkedHashSet<>();
        words.forEach(w -> lower.add(TextNormalizer.nfkcLower(w).strip()));
        return Collections.unmodifiableSet(lower);
    }

    /**
     * Entity display names in order of first appearance, deduplicated by {@link TextNormalizer#nfkcLower};
     * a dictionary name is given as its entity's canonical name (Kimi → 月之暗面).
     */
    public List<String> extract(String text) {
        Map<String, String> byKey = new LinkedHashMap<>();
        for (Mention mention : mentions(text)) {
            byKey.putIfAbsent(TextNormalizer.nfkcLower(mention.entity()), mention.entity());
        }
        return List.copyOf(byKey.values());
    }

    /**
     * Where an entity is named: the words as written (NFKC), the entity they name, and whether the
     * name is in the dictionary (recognised anywhere) rather than found by a heuristic that
     * depends on its context (a capital letter, a following 公司 / 项目).
     */
    public record Mention(String surface, String entity, boolean fromDictionary) {
    }

    /** Every mention, in text order (one entity may be mentioned several times, by different names). */
    public List<Mention> mentions(String text) {
        String nfkc = Normalizer.normalize(Objects.requireNonNull(text), Normalizer.Form.NFKC);
        List<Span> dictionarySpans = dictionaryMatches(nfkc);
        List<Span> all = new ArrayList<>(dictionarySpans);
        List<Span> heuristic = new ArrayList<>();
        latinNames(nfkc, heuristic);
        chineseNames(nfkc, heuristic);
        // The dictionary is authoritative: "零一万物公司" is 零一万物, not the heuristic "万物".
        for (Span span : heuristic) {
            if (dictionarySpans.stream().noneMatch(span::overlaps)) {
                all.add(span);
            }
        }
        all.sort(Comparator.comparingInt(Span::start));
        return all.stream().map(span -> new Mention(nfkc.substring(span.start(), span.end()), span.name(),
                dictionarySpans.contains(span))).toList();
    }

    // --- dictionary ---------------------------------------------------------------------------

    private List<Span> dictionaryMatches(String nfkc) {
        String folded = fold(nfkc);
        List<Span> found = new ArrayList<>();
        for (DictionaryName name : dictionary) {
            for (int at = folded.indexOf(name.key()); at >= 0; at = folded.indexOf(name.key(), at + 1)) {
                if (atLatinBoundaries(folded, at, at + name.key().length())
                        && !commonWordInLowerCase(nfkc.substring(at, at + name.key().length()))) {
                    found.add(new Span(at, at + name.key().length(), name.display()));
                }
            }
        }
        // Longest match wins where two dictionary names overlap, then the earliest; the name
        // breaks the last tie so the result never depends on the dictionary's iteration order.
        found.sort(Comparator.comparingInt((Span s) -> s.end() - s.start()).reversed()
                .thenComparingInt(Span::start).thenComparing(Span::name));
        List<Span> accepted = new ArrayList<>();
        for (Span span : found) {
            if (accepted.stream().noneMatch(span::overlaps)) {
                accepted.add(span);
            }
        }
        return accepted;
    }

    /** "runway" in running text is the word; "Runway" may be the company. */
    private boolean commonWordInLowerCase(String found) {
        return found.equals(found.toLowerCase(Locale.ROOT)) && commonWords.contains(found);
    }

    /** A Latin dictionary name must not be the inside of a longer Latin word ("Kimi" in "Kimiko"). */
    private static boolean atLatinBoundaries(String s, int start, int end) {
        boolean startOk = !isLatinOrDigit(s.charAt(start)) || start == 0 || !isLatinOrDigit(s.charAt(start - 1));
        boolean endOk = !isLatinOrDigit(s.charAt(end - 1)) || end == s.length() || !isLatinOrDigit(s.charAt(end));
        return startOk && endOk;
    }

    // --- capitalised Latin names --------------------------------------------------------------

    private void latinNames(String nfkc, List<Span> out) {
        Matcher matcher = LATIN_WORD.matcher(nfkc);
        List<Span> run = new ArrayList<>();
        while (matcher.find()) {
            int end = matcher.end();
            while (end > matcher.start() + 1 && WORD_TRAILING_PUNCTUATION.indexOf(nfkc.charAt(end - 1)) >= 0) {
                end--;
            }
            Span word = new Span(matcher.start(), end, nfkc.substring(matcher.start(), end));
            if (!run.isEmpty() && !followsWithSingleSpace(nfkc, run.get(run.size() - 1), word)) {
                flushRun(nfkc, run, out);
            }
            run.add(word);
        }
        flushRun(nfkc, run, out);
    }

    private static boolean followsWithSingleSpace(String nfkc, Span previous, Span word) {
        return word.start() == previous.end() + 1 && nfkc.charAt(previous.end()) == ' ';
    }

    /**
     * Splits a run of capitalised words at sentence words, drops leading generic words, and ends a
     * name at a generic word that is not a name suffix ("OpenAI CEO" → OpenAI, "Figure AI" stays).
     */
    private void flushRun(String nfkc, List<Span> run, List<Span> out) {
        List<Span> part = new ArrayList<>();
        for (Span word : run) {
            String key = TextNormalizer.nfkcLower(word.name());
            boolean generic = genericWords.contains(key);
            if (commonWords.contains(key) || (generic && !nameSuffixes.contains(key))) {
                emitName(nfkc, part, out);
                part.clear();
            } else if (!part.isEmpty() || !generic) {
                part.add(word); // name suffixes are kept inside a name ("Figure AI") but never start one
            }
        }
        emitName(nfkc, part, out);
        run.clear();
    }

    /** A single Latin letter ("C" of "To C") is never a name. */
    private static void emitName(String nfkc, List<Span> words, List<Span> out) {
        if (!words.isEmpty()) {
            int start = words.get(0).start();
            int end = words.get(words.size() - 1).end();
            if (nfkc.codePointCount(start, end) > 1) {
                out.add(new Span(start, end, nfkc.substring(start, end)));
            }
        }
    }

    // --- Chinese names before 公司 / 项目 ------------------------------------------------------

    private void chineseNames(String nfkc, List<Span> out) {
        for (String suffix : NAME_SUFFIXES) {
            for (int at = nfkc.indexOf(suffix); at >= 0; at = nfkc.indexOf(suffix, at + 1)) {
                chineseNameBefore(nfkc, at).ifPresent(out::add);
            }
        }
    }

    private Optional<Span> chineseNameBefore(String nfkc, int suffixAt) {
        int start = suffixAt;
        while (start > 0) {
            int cp = nfkc.codePointBefore(start);
            if (!isHan(cp) || BOUNDARY_CHARS.indexOf(cp) >= 0) {
                break; // the name starts after the last boundary character of the Han run
            }
            start -= Character.charCount(cp);
        }
        String candidate = stripOrgForm(nfkc.substring(start, suffixAt));
        if (segmentsIntoGeneric(candidate)) {
            return Optional.empty();
        }
        int length = candidate.codePointCount(0, candidate.length());
        int cut = length > MAX_HAN_NAME ? candidate.offsetByCodePoints(0, length - MAX_HAN_NAME) : 0;
        String name = candidate.substring(cut);
        if (name.codePointCount(0, name.length()) < MIN_HAN_NAME
                || segmentsIntoGeneric(name)
                || (cut > 0 && segmentsAfterCutGenericWord(candidate, cut))) {
            return Optional.empty();
        }
        return Optional.of(new Span(start + cut, start + candidate.length(), name));
    }

    private static String stripOrgForm(String candidate) {
        boolean stripped = true;
        while (stripped) {
            stripped = false;
            for (String form : ORG_FORM_WORDS) {
                if (candidate.endsWith(form)) {
                    String rest = candidate.substring(0, candidate.length() - form.length());
                    if (rest.codePointCount(0, rest.length()) >= MIN_HAN_NAME) {
                        candidate = rest;
                        stripped = true;
                    }
                }
            }
        }
        return candidate;
    }

    /** True when s is empty or a concatenation of generic words ("海外早期" = 海外 + 早期). */
    private boolean segmentsIntoGeneric(String s) {
        boolean[] reachable = new boolean[s.length() + 1];
        reachable[0] = true;
        for (int i = 0; i < s.length(); i++) {
            if (!reachable[i]) {
                continue;
            }
            for (String word : genericWords) {
                if (!word.isEmpty() && s.startsWith(word, i)) {
                    reachable[i + word.length()] = true;
                }
            }
        }
        return reachable[s.length()];
    }

    /**
     * Keeping only the last characters may cut a generic word in half ("国内大模型" → "内大模型").
     * True when a generic word straddles the cut and everything after it is generic too.
     */
    private boolean segmentsAfterCutGenericWord(String candidate, int cut) {
        for (String word : genericWords) {
            for (int before = 1; before < word.length(); before++) {
                int from = cut - before;
                if (from >= 0 && candidate.startsWith(word, from)
                        && segmentsIntoGeneric(candidate.substring(from + word.length()))) {
                    return true;
                }
            }
        }
        return false;
    }

    // --- helpers --------------------------------------------------------------------------------

    /** Length-preserving lower case, so match offsets in the folded text are offsets in the original. */
    private static String fold(String s) {
        char[] chars = s.toCharArray();
        for (int i = 0; i < chars.length; i++) {
            chars[i] = Character.toLowerCase(chars[i]);
        }
        return new String(chars);
    }

    private static boolean isLatinOrDigit(char c) {
        return Character.isDigit(c) || (Character.isLetter(c) && Character.UnicodeScript.of(c) == Character.UnicodeScript.LATIN);
    }

    private static boolean isHan(int cp) {
        return Character.UnicodeScript.of(cp) == Character.UnicodeScript.HAN;
    }

    private record DictionaryName(String display, String key) {
    }

    /** A name found at [start, end) of the NFKC text. */
    private record Span(int start, int end, String name) {
        boolean overlaps(Span other) {
            return start < other.end && other.start < end;
        }
    }
}
