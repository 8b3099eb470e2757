package dev.pmmemory.bootstrap;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Every relative link of README.md and docs/*.md leads somewhere: the file exists and, for a
 * {@code #anchor} into a Markdown file, a heading of that file has that anchor (GitHub's rule:
 * lower case, punctuation dropped, spaces to hyphens, a repeated heading numbered).
 */
class DocsLinksTest {

    private static final Path ROOT = Path.of("..");
    private static final Pattern LINK = Pattern.compile("\\[[^\\]]*]\\(([^)\\s]+)\\)");
    private static final Pattern CODE_SPAN = Pattern.compile("`[^`]*`");

    @Test
    void everyRelativeLinkAndAnchorResolves() throws IOException {
        List<Path> docs = new ArrayList<>();
        docs.add(ROOT.resolve("README.md"));
        try (Stream<Path> files = Files.list(ROOT.resolve("docs"))) {
            files.filter(p -> p.toString().endsWith(".md")).sorted().forEach(docs::add);
        }
        List<String> broken = new ArrayList<>();
        int checked = 0;
        for (Path doc : docs) {
            for (String target : links(doc)) {
                if (target.matches("^[a-z][a-z0-9+.-]*:.*")) {
                    continue; // http:, https:, mailto: are not this repository's
                }
                checked++;
                int hash = target.indexOf('#');
                String file = hash < 0 ? target : target.substring(0, hash);
                Path resolved = file.isEmpty() ? doc : doc.getParent().resolve(file).normalize();
                if (!Files.exists(resolved)) {
                    broken.add(doc.getFileName() + ": " + target + " (no such file)");
                } else if (hash >= 0 && resolved.toString().endsWith(".md")
                        && !anchors(resolved).contains(target.substring(hash + 1))) {
                    broken.add(doc.getFileName() + ": " + target + " (no such heading)");
                }
            }
        }
        assertThat(checked).as("links checked").isGreaterThan(20);
        assertThat(broken).isEmpty();
    }

    @Test
    void anchorsFollowGitHubsRule() {
        assertThat(anchor("9. Data rights")).isEqualTo("9-data-rights");
        assertThat(anchor("Agents (MCP)")).isEqualTo("agents-mcp");
        assertThat(anchor("Export document, `format_version` 1")).isEqualTo("export-document-format_version-1");
        assertThat(anchor("Correcting and settling memories; reading the past"))
                .isEqualTo("correcting-and-settling-memories-reading-the-past");
    }

    private static List<String> links(Path doc) throws IOException {
        List<String> out = new ArrayList<>();
        for (String line : outsideCodeBlocks(doc)) {
            Matcher m = LINK.matcher(CODE_SPAN.matcher(line).replaceAll(""));
            while (m.find()) {
                out.add(m.group(1));
            }
        }
        return out;
    }

    private static Set<String> anchors(Path doc) throws IOException {
        Set<String> out = new HashSet<>();
        for (String line : outsideCodeBlocks(doc)) {
            if (line.matches("^#{1,6} .*")) {
                String base = anchor(line.replaceFirst("^#{1,6} ", ""));
                String a = base;
                for (int n = 1; out.contains(a); n++) {
                    a = base + "-" + n;
                }
                out.add(a);
            }
        }
        return out;
    }

    /** The lines of a Markdown file outside ``` blocks: a link or heading inside one is an example. */
    private static List<String> outsideCodeBlocks(Path doc) throws IOException {
        List<String> out = new ArrayList<>();
        boolean fenced = false;
        for (String line : Files.readAllLines(doc, StandardCharsets.UTF_8)) {
            if (line.startsWith("```")) {
                fenced = !fenced;
            } else if (!fenced) {
                out.add(line);
            }
        }
        return out;
    }

    static String anchor(String heading) {
        return heading.strip().toLowerCase(Locale.ROOT)
                .replaceAll("[^\\p{L}\\p{N}_\\- ]", "")
                .replace(' ', '-');
    }
}
