package dev.pmmemory.adapters.openapi;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;

/**
 * The committed OpenAPI document, read from the classpath on first use (never at start: that is the
 * point of this module) and kept. JSON is made from the YAML, the same tree in the same order.
 */
final class SnapshotDocument {
    static final String RESOURCE = "dev/pmmemory/adapters/openapi/openapi.yaml";

    /** Both forms, once read. */
    record Rendered(byte[] yaml, byte[] json) {
    }

    private volatile Rendered rendered;

    Rendered get() {
        Rendered r = rendered;
        if (r == null) {
            synchronized (this) {
                r = rendered;
                if (r == null) {
                    r = render(read());
                    rendered = r;
                }
            }
        }
        return r;
    }

    static Rendered render(byte[] yaml) {
        try {
            Object tree = new ObjectMapper(new YAMLFactory()).readTree(yaml);
            return new Rendered(yaml, new ObjectMapper().writerWithDefaultPrettyPrinter().writeValueAsBytes(tree));
        } catch (IOException e) {
            throw new UncheckedIOException("the OpenAPI snapshot is not valid YAML", e);
        }
    }

    private static byte[] read() {
        try (InputStream in = SnapshotDocument.class.getClassLoader().getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException("no " + RESOURCE + " on the classpath");
            }
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + RESOURCE, e);
        }
    }
}
