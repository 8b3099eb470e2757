package dev.pmmemory.domain.text;

import java.util.List;

/**
 * "北极狐科技 TS签了", "那个 苍穹智能 就是说…", "冰川算力demo翻车了": a run that ends with a company's
 * ending (科技, 智能, 机器人, 数据 …) after a word of its own is a name wherever it stands, once what opens
 * a spoken sentence (那个, 嗯, 就是说) is set aside. Never a kind (工业机器人, 临床数据) nor a phrase.
 */
final class CompanyEndingNames implements NameRule {

    private final List<String> endings;
    private final String predicateStarts;
    private final String nameLeftEdge;
    private final List<String> spokenOpeners;
    private final NameGuards guards;

    CompanyEndingNames(EntityRuleWords words, NameGuards guards) {
        this.endings = words.words("company_endings");
        // a function word, a particle, or a character a predicate starts with (苔原科技上一轮, 砚池机器人要关门)
        this.predicateStarts = words.characters("boundary_chars") + words.characters("predicate_starts");
        // after a function word, a verb's complement or a verb (约一下|星尘智能, 去|星轨机器人)
        this.nameLeftEdge = words.characters("boundary_chars") + words.characters("name_left_edge");
        this.spokenOpeners = words.words("spoken_openers");
        this.guards = guards;
    }

    @Override
    public void find(ScannedText text, List<Span> found) {
        String nfkc = text.nfkc();
        int i = 0;
        while (i < nfkc.length()) {
            if (!HanText.isHan(nfkc.charAt(i))) {
                i++;
                continue;
            }
            int runEnd = HanText.runEnd(nfkc, i, nfkc.length());
            String run = nfkc.substring(i, runEnd); // searched alone: the rest of a long text is not scanned per run
            for (String ending : endings) {
                for (int inRun = run.indexOf(ending); inRun >= 0; inRun = run.indexOf(ending, inRun + 1)) {
                    nameEndingAt(nfkc, i, runEnd, i + inRun, ending, found);
                }
            }
            i = runEnd;
        }
    }

    private void nameEndingAt(String nfkc, int runStart, int runEnd, int at, String ending, List<Span> found) {
        int end = at + ending.length();
        if (end < runEnd && predicateStarts.indexOf(nfkc.charAt(end)) < 0
                || nfkc.startsWith("有限", end) || nfkc.startsWith("股份", end)) {
            return; // the run goes on (智能化, 科技感, 算力调度), or is a legal name the 公司 rule reads
        }
        // the stem: back to the run's start, a function word, a verb's complement or a filler, 4 at most
        int start = at;
        while (start > runStart && !opensAName(nfkc, runStart, start) && at - start < NameGuards.MAX_HAN_NAME) {
            start--;
        }
        if (!opensAName(nfkc, runStart, start)) {
            return; // longer than a name: a phrase (自动驾驶芯片, 要发新机器人)
        }
        if (end + 2 <= nfkc.length() && nfkc.startsWith("AI", end)
                && (end + 2 == nfkc.length() || !Character.isLetter(nfkc.charAt(end + 2)))) {
            end += 2; // 潮汐能源AI
        }
        for (String opener : guards.clauseOpeners()) {
            if (nfkc.startsWith(opener, start) && at - start - opener.length() >= NameGuards.MIN_HAN_NAME) {
                start += opener.length(); // 虽然|灵犀数据的…
                break;
            }
        }
        String stem = nfkc.substring(start, at);
        String name = nfkc.substring(start, end);
        if (stem.length() >= NameGuards.MIN_HAN_NAME && !guards.notANameBeforeAspect(name) && !guards.describesAKind(name)
                && !guards.isDescriptiveStem(stem) && !guards.notANameBeforeAspect(stem) && !endsAsAKind(stem, ending)) {
            found.add(new Span(start, end, name));
        }
    }

    /** 半年具身|智能, 谁负责硬|科技: the stem ends with a word that makes the ending a kind (具身智能, 硬科技). */
    private boolean endsAsAKind(String stem, String ending) {
        for (int cut = 0; cut < stem.length(); cut++) {
            String tail = stem.substring(cut);
            if (guards.isDescriptiveStem(tail) || guards.genericWords().contains(tail + ending)) {
                return true;
            }
        }
        return false;
    }

    /** A name may start at {@code start} of the Han run at {@code runStart}: its start, a function word's end, a filler's. */
    private boolean opensAName(String nfkc, int runStart, int start) {
        return start == runStart || nameLeftEdge.indexOf(nfkc.charAt(start - 1)) >= 0
                || spokenOpeners.stream().anyMatch(f -> nfkc.startsWith(f, start - f.length()));
    }
}
