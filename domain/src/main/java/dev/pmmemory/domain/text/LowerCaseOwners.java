package dev.pmmemory.domain.text;

import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** "wren's got something", "pebble's team is fine": a lower-case word owning something at a clause's start. */
final class LowerCaseOwners implements NameRule {

    private static final Pattern LOWER_CASE_OWNER =
            Pattern.compile("(?<![\\p{IsLatin}\\p{Nd}])(\\p{Ll}[\\p{Ll}\\p{Nd}]+)['’]s\\b");

    private final NameGuards guards;

    LowerCaseOwners(NameGuards guards) {
        this.guards = guards;
    }

    @Override
    public void find(ScannedText text, List<Span> found) {
        String nfkc = text.nfkc();
        Matcher owner = LOWER_CASE_OWNER.matcher(nfkc);
        while (owner.find()) {
            String key = owner.group(1);
            if (HanText.opensClause(nfkc, owner.start(1)) && !guards.everydayWord(key)) {
                found.add(new Span(owner.start(1), owner.end(1), key));
            }
        }
    }
}
