package dev.pmmemory.domain.text;

import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * After a verb or phrase of meeting or asking a Latin word, in any case, is the one met or asked about:
 * "跟harbor通了电话", "met with nimbus", "caught up w/ anvil", "帮我查下nimbus" (the, a and their are skipped;
 * everyday words never name; "pass on the deck" is no meeting). Capitalised words are read by
 * {@link CapitalisedNames}.
 */
final class LatinNamesMet implements NameRule {

    private final Pattern afterMeeting;
    private final NameGuards guards;

    LatinNamesMet(EntityRuleWords words, NameGuards guards) {
        this.afterMeeting = Pattern.compile("(?:(?:" + alternatives(words.words("latin_meeting_verbs")) + ")\\s*|(?i:\\b(?:"
                + alternatives(words.words("latin_meeting_phrases")) + "))\\s+)(?:(?i:the|a|their)\\s+)?"
                + "([\\p{IsLatin}][\\p{IsLatin}\\p{Nd}]+)");
        this.guards = guards;
    }

    /** Tried in the order listed, as a regular expression's alternatives are. */
    private static String alternatives(List<String> words) {
        return words.stream().map(Pattern::quote).collect(Collectors.joining("|"));
    }

    @Override
    public void find(ScannedText text, List<Span> found) {
        Matcher met = afterMeeting.matcher(text.nfkc());
        while (met.find()) {
            String word = met.group(1);
            if (Character.isLowerCase(word.charAt(0)) && !guards.everydayWord(word.toLowerCase(Locale.ROOT))
                    && !NameGuards.MODEL_NUMBER.matcher(word).matches() && word.length() > 1) {
                found.add(new Span(met.start(1), met.end(1), word));
            }
        }
    }
}
