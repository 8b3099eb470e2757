package dev.pmmemory.domain.text;

import java.util.List;

/**
 * A message as the name rules read it.
 *
 * @param nfkc     the text in NFKC; spans are offsets in it
 * @param folded   the same in lower case, of the same length
 * @param triggers every occurrence of an evaluation or decision word as {start, length}, longest word first,
 *                 then in text order (empty when the subject rules are off)
 */
record ScannedText(String nfkc, String folded, List<int[]> triggers) {
}
