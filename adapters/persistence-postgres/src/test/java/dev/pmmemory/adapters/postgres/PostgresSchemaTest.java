package dev.pmmemory.adapters.postgres;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** The runner's list of scripts is the folder's, in version order, and every script is on the class path. */
class PostgresSchemaTest {

    @Test
    void everyScriptOfTheFolderIsListedInVersionOrder() throws IOException {
        List<String> files;
        try (Stream<Path> folder = Files.list(Path.of("src/main/resources", PostgresSchema.LOCATION))) {
            files = folder.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".sql")).toList();
        }
        assertThat(PostgresSchema.SCRIPTS).as("PostgresSchema.SCRIPTS lists every V<n>__*.sql file, once")
                .containsExactlyInAnyOrderElementsOf(files);
        List<Integer> versions = PostgresSchema.scripts().stream().map(PostgresSchema.Script::version).toList();
        assertThat(versions).as("versions ascend, each once").isSorted().doesNotHaveDuplicates();
    }

    @Test
    void aScriptIsReadFromTheClassPathWithItsFlywayStyleDescription() {
        PostgresSchema.Script v1 = PostgresSchema.Script.of("V1__memories_raw_messages_audit.sql");

        assertThat(v1.version()).isEqualTo(1);
        assertThat(v1.description()).isEqualTo("memories raw messages audit");
        assertThat(v1.sql()).contains("CREATE TABLE memories");
        assertThatThrownBy(() -> PostgresSchema.Script.of("v1_bad.sql")).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void settingsRefuseAnotherDatabaseAndKeepThePasswordOutOfTheirText() {
        assertThatThrownBy(() -> new PostgresSettings("jdbc:sqlite:x.db", null, null, 4, java.time.Duration.ofSeconds(3)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("jdbc:postgresql://");
        PostgresSettings s = new PostgresSettings("jdbc:postgresql://db:5432/pm?password=hunter2", "pm", "s3cret", 4,
                java.time.Duration.ofSeconds(3));

        assertThat(s.toString()).doesNotContain("hunter2").doesNotContain("s3cret");
        assertThat(s.driverProperties()).containsEntry("user", "pm").containsEntry("password", "s3cret")
                .containsEntry("options", "-c statement_timeout=10s -c lock_timeout=10s");
    }
}
