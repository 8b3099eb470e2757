package dev.pmmemory.domain.text;

import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Predicate;
import java.util.regex.Pattern;

/**
 * What the name rules refuse, shared by all of them: a false name ("AI", "海外早期", "这个赛道") is worse
 * than a miss, since entities drive conflicts and recall. A candidate is no name when it is a pronoun, a
 * time word, a generic noun, a description of a kind of company, or a phrase.
 */
final class NameGuards {

    static final int MIN_HAN_NAME = 2;
    static final int MAX_HAN_NAME = 4;
    /** A name of five or six characters needs one of the long names' endings. */
    static final int MAX_LONG_NAME = 6;

    /** 昨晚, 明早, 后天, 周三, 星期五, 下次, 晚点: times a sentence opens with, by their shape. */
    private static final Pattern TIME_WORD = Pattern.compile(
            "[昨今明前后大][天晚早午夜]|周[一二三四五六日天末]|星期.|礼拜.|[上下这][次回趟]|[晚早]点|[早中午晚]饭");
    /** 老王, 小李, 王总, 张哥: people, not companies. */
    private static final Pattern PERSON = Pattern.compile("[老小].|.{1,2}[总哥姐董]");
    /** A chip's or product's model number: one or two letters, then digits (H100, A800, L4, B200, M4). */
    static final Pattern MODEL_NUMBER = Pattern.compile("[A-Za-z]{1,2}\\d{1,4}[A-Za-z]?");

    private final Set<String> genericWords;
    private final int longestGenericWord;
    private final Set<String> commonWords;
    private final Set<String> nonSubjects;
    private final Set<String> subjectTriggers;
    private final Set<String> notASubject;
    private final Set<String> peopleLatin;
    private final List<String> clauseOpeners;
    private final List<String> moreOpeners;
    private final Set<String> descriptiveStems;
    private final List<String> orgForms;
    private final List<String> longNameEndings;
    private final String notANameStart;
    private final String notInAName;
    private final String boundaryChars;
    private final String verbComplements;

    /**
     * @param genericWords    never a name on their own (the lexicon's generic words and {@code generic_han}), lower case
     * @param commonWords     Latin words that are never a name (sentence words and the lexicon's common words), lower case
     * @param nonSubjects     the lexicon's stop words and negations, lower case
     * @param subjectTriggers the evaluation and decision words (Han, lower case)
     */
    NameGuards(EntityRuleWords words, Set<String> genericWords, Set<String> commonWords, Set<String> nonSubjects,
               Set<String> subjectTriggers) {
        this.genericWords = Set.copyOf(genericWords);
        this.longestGenericWord = genericWords.stream().mapToInt(String::length).max().orElse(0);
        this.commonWords = Set.copyOf(commonWords);
        this.nonSubjects = Set.copyOf(nonSubjects);
        this.subjectTriggers = Set.copyOf(subjectTriggers);
        this.notASubject = words.set("not_a_subject");
        this.peopleLatin = words.set("people_latin");
        this.clauseOpeners = words.words("clause_openers");
        this.moreOpeners = words.words("more_openers");
        this.descriptiveStems = words.set("descriptive_stems");
        this.orgForms = words.words("org_forms");
        this.longNameEndings = words.words("long_name_endings");
        this.notANameStart = words.characters("not_a_name_start");
        this.notInAName = words.characters("not_in_a_name");
        this.boundaryChars = words.characters("boundary_chars");
        this.verbComplements = words.characters("verb_complements");
    }

    Set<String> genericWords() {
        return genericWords;
    }

    Set<String> commonWords() {
        return commonWords;
    }

    List<String> clauseOpeners() {
        return clauseOpeners;
    }

    List<String> moreOpeners() {
        return moreOpeners;
    }

    String boundaryChars() {
        return boundaryChars;
    }

    boolean isPerson(String name) {
        return PERSON.matcher(name).matches();
    }

    boolean isNotASubject(String name) {
        return notASubject.contains(name);
    }

    boolean isDescriptiveStem(String stem) {
        return descriptiveStems.contains(stem);
    }

    /** A lower-case Latin word that is no name: a sentence word, a generic or stop word, a person or a role. */
    boolean everydayWord(String key) {
        return commonWords.contains(key) || genericWords.contains(key) || nonSubjects.contains(key)
                || peopleLatin.contains(key);
    }

    /**
     * What both subject rules refuse (a non-empty name): a pronoun, time word or generic noun, a clause
     * opener, an adverb first, 不 / 没 / 别 or a function character inside, a stop word, a phrase
     * holding an evaluation.
     */
    boolean neverASubject(String name) {
        return notASubject.contains(name) || clauseOpeners.contains(name)
                || notANameStart.indexOf(name.codePointAt(0)) >= 0
                || name.codePoints().anyMatch(cp -> notInAName.indexOf(cp) >= 0 || boundaryChars.indexOf(cp) >= 0)
                || nonSubjects.contains(name) || segmentsIntoGeneric(name) || containsTrigger(name);
    }

    /** A sentence's subject: 2–4 characters (or 5–6 with a long name's ending) and none of what is never one. */
    boolean plausibleSubject(String name) {
        int length = name.codePointCount(0, name.length());
        boolean longName = length > MAX_HAN_NAME && length <= MAX_LONG_NAME
                && longNameEndings.stream().anyMatch(ending -> name.endsWith(ending)
                && name.length() - ending.length() >= MIN_HAN_NAME);
        return length >= MIN_HAN_NAME && (length <= MAX_HAN_NAME || longName) && !neverASubject(name)
                && !moreOpeners.contains(name) && !segmentsIntoGeneric(stripOrgForm(name))
                && !TIME_WORD.matcher(name).matches() && !PERSON.matcher(name).matches();
    }

    /** "看好估值" is no name: a run holding an evaluation word is a phrase; nor is "可以走" (a stop word first). */
    private boolean containsTrigger(String name) {
        String folded = HanText.fold(name);
        return hasPrefix(folded, 2, nonSubjects::contains)
                || hasPart(folded, 1, folded.length(), false, word -> subjectTriggers.contains(word)
                        || notASubject.contains(word));
    }

    /** "月之暗面科技有限公司" → 月之暗面: corporate-form words stripped while two characters stay. */
    String stripOrgForm(String candidate) {
        boolean stripped = true;
        while (stripped) {
            stripped = false;
            for (String form : orgForms) {
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

    /**
     * The guards of a sentence's subject ({@link #neverASubject}), but a company's own name may end with a
     * word that is never a subject (麦田数据): {@link #describesAKind} judges those; it may not open with
     * one or hold one before its end (全国能付费, 数据团队, 有技术壁垒).
     */
    boolean notANameBeforeAspect(String name) {
        String folded = HanText.fold(name);
        return notASubject.contains(name) || clauseOpeners.contains(name) || name.contains("年")
                || TIME_WORD.matcher(name).find()
                || notANameStart.indexOf(name.codePointAt(0)) >= 0
                || name.codePoints().anyMatch(cp -> notInAName.indexOf(cp) >= 0 || boundaryChars.indexOf(cp) >= 0)
                || nonSubjects.contains(name) || segmentsIntoGeneric(name)
                || hasPart(folded, 1, folded.length(), false, subjectTriggers::contains)
                || hasPrefix(folded, 2, nonSubjects::contains)
                || hasPart(name, 2, name.length() - 1, true, notASubject::contains); // 有技术壁垒: a phrase, not a name
    }

    /**
     * Whether a part of {@code s} of at least {@code minLength} characters, ending at or before {@code maxEnd}, is
     * one {@code known} (when {@code endsBefore}, ending before {@code maxEnd + 1}: not at the very end).
     * Names are a few characters, so trying each part is far cheaper than trying each known word.
     */
    private static boolean hasPart(String s, int minLength, int maxEnd, boolean endsBefore, Predicate<String> known) {
        int lastEnd = endsBefore ? maxEnd : s.length();
        for (int start = 0; start < s.length(); start++) {
            for (int end = start + minLength; end <= lastEnd; end++) {
                if (known.test(s.substring(start, end))) {
                    return true;
                }
            }
        }
        return false;
    }

    private static boolean hasPrefix(String s, int minLength, Predicate<String> known) {
        for (int end = minLength; end <= s.length(); end++) {
            if (known.test(s.substring(0, end))) {
                return true;
            }
        }
        return false;
    }

    /**
     * 人形机器人, 工业机器人, 测试数据: a generic word (or a noun a PM judges) after a descriptive one names a
     * kind of company or thing; after a word of its own (青穹科技, 钛虎机器人, 麦田数据) it is the company's name.
     */
    boolean describesAKind(String name) {
        // each proper suffix of two or more characters: a noun a PM judges, or a generic word
        for (int cut = 1; cut <= name.length() - 2; cut++) {
            String word = name.substring(cut);
            String stem = name.substring(0, cut);
            boolean shortStem = stem.codePointCount(0, stem.length()) < MIN_HAN_NAME;
            if (notASubject.contains(word) && (shortStem || descriptiveStems.contains(stem) || segmentsIntoGeneric(stem))) {
                return true;
            }
            if (genericWords.contains(word) && HanText.isHan(word.codePointAt(0))
                    && (shortStem || neverASubject(stem) || descriptiveStems.contains(stem))) {
                return true;
            }
        }
        return false;
    }

    /** "按照头部" of 按照头部公司: a word before a generic one describes the company, it does not name it. */
    boolean endsWithGenericWord(String candidate) {
        for (String word : genericWords) {
            if (word.length() >= 2 && candidate.length() > word.length() && candidate.endsWith(word)
                    && HanText.isHan(word.codePointAt(0))) {
                return true;
            }
        }
        return false;
    }

    /** True when s is empty or a concatenation of generic words ("海外早期" = 海外 + 早期). */
    boolean segmentsIntoGeneric(String s) {
        boolean[] reachable = new boolean[s.length() + 1];
        reachable[0] = true;
        for (int i = 0; i < s.length(); i++) {
            if (!reachable[i]) {
                continue;
            }
            // the parts starting here, at most as long as the longest generic word (not every generic word)
            for (int end = i + 1; end <= Math.min(s.length(), i + longestGenericWord); end++) {
                if (genericWords.contains(s.substring(i, end))) {
                    reachable[end] = true;
                }
            }
        }
        return reachable[s.length()];
    }

    /**
     * Keeping only the last characters may cut a generic word in half ("国内大模型" → "内大模型").
     * True when a generic word straddles the cut and everything after it is generic too.
     */
    boolean segmentsAfterCutGenericWord(String candidate, int cut) {
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

    /**
     * The whole Han run before {@code possessiveAt}, from a boundary character (和麦田数据的 → 麦田数据) or
     * the clause's start, clause openers aside, kept as written (青穹科技 keeps 科技). A run too long to be
     * a name is a phrase ("未来三年的增长"), never cut to one.
     */
    Optional<Span> nameBeforeAspect(String nfkc, int possessiveAt) {
        // a longer run is refused below anyway: walking further back would only make long texts quadratic
        int start = HanText.afterClauseOpeners(nfkc,
                HanText.runStartBefore(nfkc, possessiveAt, MAX_HAN_NAME + 4, boundaryChars), possessiveAt, clauseOpeners);
        // a verb's complement before the name: 约一下|星尘智能的, 推进|南风出行的
        if (possessiveAt - start > MIN_HAN_NAME && verbComplements.indexOf(nfkc.codePointAt(start)) >= 0) {
            start += Character.charCount(nfkc.codePointAt(start));
        }
        String name = nfkc.substring(start, possessiveAt);
        int length = name.codePointCount(0, name.length());
        if (length < MIN_HAN_NAME || length > MAX_HAN_NAME + 1 || notANameBeforeAspect(name) || describesAKind(name)) {
            return Optional.empty();
        }
        return Optional.of(new Span(start, possessiveAt, name));
    }
}
