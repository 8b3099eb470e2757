package dev.pmmemory.bootstrap;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.pmmemory.domain.lexicon.Lexicon;
import dev.pmmemory.domain.classify.RuleClassifier;
import dev.pmmemory.domain.memory.MemoryType;
import java.lang.reflect.Proxy;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** memory.lexicon-path replaces the shipped lexicon; a broken file stops the start with its line number. */
class LexiconOverrideTest {

    @TempDir
    Path dir;

    /** A config answering only lexiconPath(): the one setting the lexicon producer reads. */
    private static MemoryConfig configWithLexicon(Optional<String> path) {
        return (MemoryConfig) Proxy.newProxyInstance(MemoryConfig.class.getClassLoader(),
                new Class<?>[] {MemoryConfig.class}, (proxy, method, args) -> {
                    if (method.getName().equals("lexiconPath")) {
                        return path;
                    }
                    throw new UnsupportedOperationException(method.getName());
                });
    }

    @Test
    void withoutAPathTheShippedLexiconIsUsed() {
        Lexicon lexicon = new Wiring().lexicon(LexiconSource.of(configWithLexicon(Optional.empty())));
        assertThat(lexicon.ruleFor(MemoryType.PROJECT_NEGATIVE).priority()).isEqualTo(0.9);
    }

    @Test
    void aDeploymentFileReplacesTriggersPrioritiesAndTtls() throws Exception {
        String shipped = new String(Lexicon.class.getResourceAsStream("/dev/pmmemory/domain/lexicon/default-lexicon.txt")
                .readAllBytes(), StandardCharsets.UTF_8);
        String custom = shipped.replace("type project_negative priority=0.9", "type project_negative priority=0.95")
                + "\n# a deployment's own word for a stop\n";
        custom = custom.replaceFirst("(type project_negative [^\\n]*triggers=)", "$1太早了,");
        Path file = dir.resolve("lexicon.txt");
        Files.writeString(file, custom, StandardCharsets.UTF_8);

        Lexicon lexicon = new Wiring().lexicon(LexiconSource.of(configWithLexicon(Optional.of(file.toString()))));

        assertThat(lexicon.ruleFor(MemoryType.PROJECT_NEGATIVE).priority()).isEqualTo(0.95);
        assertThat(new RuleClassifier(lexicon).classify("这个项目太早了", List.of()))
                .contains(MemoryType.PROJECT_NEGATIVE);
    }

    @Test
    void aBrokenFileIsRefusedNamingTheLine() throws Exception {
        Path file = dir.resolve("broken.txt");
        Files.writeString(file, "# header\ntype nonsense priority=2\n", StandardCharsets.UTF_8);
        assertThatThrownBy(() -> new Wiring().lexicon(LexiconSource.of(configWithLexicon(Optional.of(file.toString())))))
                .hasMessageContaining("memory.lexicon-path")
                .hasMessageContaining("line 2");
    }
}
