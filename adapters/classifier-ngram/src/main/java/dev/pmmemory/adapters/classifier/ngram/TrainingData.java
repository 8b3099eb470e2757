package dev.pmmemory.adapters.classifier.ngram;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * The labelled messages the model learns from: {@code label TAB message} per line, {@code #}
 * comments. The shipped file ({@value #RESOURCE}, registered for native in this jar's
 * resource-config.json) is bench/eval's development data; ChainEvaluation's tests keep it equal.
 */
final class TrainingData {
    static final String RESOURCE = "dev/pmmemory/adapters/classifier/ngram/training.tsv";

    /** One labelled message: a memory type's wire name, or "none". */
    record Example(String label, String message) {
        Example {
            Objects.requireNonNull(label, "label");
            Objects.requireNonNull(message, "message");
        }
    }

    private TrainingData() {
    }

    static List<Example> shipped() {
        try (InputStream in = TrainingData.class.getClassLoader().getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException(RESOURCE + " is missing from the classpath");
            }
            return parse(new String(in.readAllBytes(), StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + RESOURCE, e);
        }
    }

    static List<Example> parse(String text) {
        List<Example> examples = new ArrayList<>();
        int number = 0;
        for (String line : text.split("\n")) {
            number++;
            String stripped = line.strip();
            if (stripped.isEmpty() || stripped.startsWith("#")) {
                continue;
            }
            int tab = line.indexOf('\t');
            if (tab <= 0 || tab == line.length() - 1) {
                throw new IllegalArgumentException("training line " + number + ": expected label TAB message");
            }
            examples.add(new Example(line.substring(0, tab).strip(), line.substring(tab + 1).strip()));
        }
        return examples;
    }
}
