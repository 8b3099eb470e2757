package dev.pmmemory.domain.text;

import java.util.ArrayList;
import java.util.List;

/**
 * The JDK-only {@link Segmenter}: every pair of neighbouring characters ("海外早期项目" → 海外, 外早,
 * 早期, 期项, 项目), a lone character as itself. Needs no dictionary, so "海外早期项目" and
 * "我更倾向海外早期项目" share 海外 / 早期 / 项目; the price is noise terms (外早, 期项).
 */
public final class CharacterBigrams implements Segmenter {

    public static final String NAME = "ngram";

    @Override
    public List<String> words(String han) {
        int[] cps = han.codePoints().toArray();
        if (cps.length == 1) {
            return List.of(han);
        }
        List<String> bigrams = new ArrayList<>(Math.max(0, cps.length - 1));
        for (int i = 0; i + 1 < cps.length; i++) {
            bigrams.add(new String(cps, i, 2));
        }
        return bigrams;
    }

    @Override
    public boolean splitsAtStopCharacters() {
        return true;
    }

    @Override
    public String name() {
        return NAME;
    }
}
