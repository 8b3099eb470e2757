import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

/**
 * Checks what a sources-only native build (./mvnw package -Dnative -Dquarkus.native.sources-only=true)
 * hands to native-image, for what pm-memory needs at run time: its resources (lexicon, PostgreSQL
 * migrations, OpenAPI document), SQLite through JNI, the PostgreSQL tier on the platform's extensions (their
 * own native support, nothing kept by hand), the REST DTOs and resource
 * methods it reads reflectively, and no embeddings model. A JDK-only single-file program, so CI needs no
 * GraalVM and no extra tool:
 *
 * <pre>java src-native/NativeSourcesCheck.java bootstrap/target/native-sources</pre>
 *
 * Exits 1 naming every missing piece and where to register it; prints one line per passed check.
 */
public class NativeSourcesCheck {
    private static final String LEXICON = "dev/pmmemory/domain/lexicon/default-lexicon.txt";
    private static final String NGRAM_TRAINING = "dev/pmmemory/adapters/classifier/ngram/training.tsv";
    private static final String NGRAM_RESOURCE_CONFIG =
            "META-INF/native-image/dev.pmmemory/pm-memory-classifier-ngram/resource-config.json";
    private static final String OPENAPI = "META-INF/quarkus-generated-openapi-doc.JSON";
    private static final String SQLITE_NI_PROPERTIES = "META-INF/native-image/org.xerial/sqlite-jdbc/native-image.properties";
    private static final String SQLITE_FEATURE = "org.sqlite.nativeimage.SqliteJdbcFeature";
    private static final List<String> SQLITE_LIBS = List.of(
            "org/sqlite/native/Linux/x86_64/libsqlitejdbc.so", "org/sqlite/native/Linux/aarch64/libsqlitejdbc.so",
            "org/sqlite/native/Linux-Musl/x86_64/libsqlitejdbc.so");

    private final List<String> failures = new ArrayList<>();
    private int passed;

    public static void main(String[] args) throws IOException {
        Path dir = Path.of(args.length > 0 ? args[0] : "bootstrap/target/native-sources");
        NativeSourcesCheck check = new NativeSourcesCheck();
        check.run(dir);
        if (!check.failures.isEmpty()) {
            System.err.println("native-sources check FAILED in " + dir + ":");
            check.failures.forEach(f -> System.err.println("  - " + f));
            System.err.println("(" + check.passed + " checks passed, " + check.failures.size() + " failed;"
                    + " see src-native/README.md, \"What the native build needs\")");
            System.exit(1);
        }
        System.out.println("native-sources check: " + check.passed + " checks passed in " + dir);
    }

    void run(Path dir) throws IOException {
        Path argsFile = dir.resolve("native-image.args");
        if (!Files.isRegularFile(argsFile)) {
            fail(argsFile + " does not exist: run ./mvnw -B -ntp package -Dnative -Dquarkus.native.sources-only=true"
                    + " -DskipTests -pl bootstrap -am first");
            return;
        }
        String args = Files.readString(argsFile, StandardCharsets.UTF_8);
        Path runner;
        try (Stream<Path> files = Files.list(dir)) {
            runner = files.filter(p -> p.getFileName().toString().endsWith("-runner.jar")).findFirst().orElse(null);
        }
        if (runner == null) {
            fail("no *-runner.jar in " + dir);
            return;
        }
        Map<String, Path> libs = new TreeMap<>();
        try (Stream<Path> files = Files.list(dir.resolve("lib"))) {
            files.forEach(p -> libs.put(p.getFileName().toString(), p));
        }

        check(args.contains("--no-fallback"), "native-image.args: --no-fallback (a build that cannot be fully native"
                + " must fail, not produce a JVM fallback image)");

        String resourceConfig = entry(runner, "META-INF/native-image/resource-config.json").orElse("");
        String reflectConfig = entry(runner, "META-INF/native-image/reflect-config.json").orElse("");
        check(!resourceConfig.isEmpty(), "runner jar: META-INF/native-image/resource-config.json");
        check(!reflectConfig.isEmpty(), "runner jar: META-INF/native-image/reflect-config.json");
        List<Pattern> resources = resourcePatterns(resourceConfig);
        Map<String, String> reflective = reflectionEntries(reflectConfig);

        // Resources read at run time
        checkResource(resources, LEXICON, "the shipped lexicon (Lexicon.loadDefault): add it to"
                + " quarkus.native.resources.includes in bootstrap application.properties");
        checkResource(resources, OPENAPI, "the OpenAPI document served on /q/openapi");
        Optional<Path> postgresAdapter = lib(libs, "pm-memory-persistence-postgres");
        check(postgresAdapter.isPresent(), "lib/: the PostgreSQL adapter jar");
        if (postgresAdapter.isPresent()) {
            List<String> migrations = names(postgresAdapter.get()).stream()
                    .filter(n -> n.startsWith("db/postgres/") && n.endsWith(".sql")).sorted().toList();
            check(!migrations.isEmpty(), "PostgreSQL adapter jar: migrations under db/postgres/");
            for (String migration : migrations) {
                checkResource(resources, migration, "a Flyway migration (quarkus-flyway registers quarkus.flyway.locations;"
                        + " check that setting in bootstrap application.properties)");
            }
        }
        // SQLite migrations are Java strings (SqliteSchema.MIGRATIONS): nothing to register.
        // The n-gram classifier link trains at start from a file in its own jar, which registers it itself.
        Optional<Path> ngram = lib(libs, "pm-memory-classifier-ngram");
        check(ngram.isPresent(), "lib/: the n-gram classifier adapter jar");
        if (ngram.isPresent()) {
            check(names(ngram.get()).contains(NGRAM_TRAINING), "n-gram adapter jar: its training file " + NGRAM_TRAINING);
            String config = entry(ngram.get(), NGRAM_RESOURCE_CONFIG).orElse("");
            check(config.contains("dev/pmmemory/adapters/classifier/ngram/training"), "n-gram adapter jar: "
                    + NGRAM_RESOURCE_CONFIG + " registers " + NGRAM_TRAINING + " (NgramClassifier.shipped reads it)");
        }

        // SQLite through JNI: sqlite-jdbc's own native-image metadata registers its JNI entry points and
        // the build platform's library at image build time (SqliteJdbcFeature).
        Optional<Path> sqlite = lib(libs, "org.xerial.sqlite-jdbc");
        check(sqlite.isPresent(), "lib/: org.xerial sqlite-jdbc jar");
        if (sqlite.isPresent()) {
            String properties = entry(sqlite.get(), SQLITE_NI_PROPERTIES).orElse("");
            check(properties.contains("--features=" + SQLITE_FEATURE), "sqlite-jdbc: " + SQLITE_NI_PROPERTIES
                    + " enables " + SQLITE_FEATURE + " (JNI registration and native library)");
            List<String> inJar = names(sqlite.get());
            check(inJar.stream().anyMatch(n -> n.endsWith(SQLITE_FEATURE.replace('.', '/') + ".class")),
                    "sqlite-jdbc: the class " + SQLITE_FEATURE);
            for (String so : SQLITE_LIBS) {
                check(inJar.contains(so), "sqlite-jdbc: native library " + so);
            }
            check(!args.contains("org\\.xerial") && !args.contains("sqlite-jdbc"),
                    "native-image.args: sqlite-jdbc's native-image configuration is not excluded (--exclude-config)");
        }
        checkReflective(reflective, "org.sqlite.JDBC", null, "the SQLite JDBC driver (java.sql.Driver service)");

        // PostgreSQL (memory.store=postgres in the same executable) on the platform: the driver, the Agroal pool,
        // Flyway, Hibernate ORM with Panache and the transaction manager, each with its extension's native support
        for (String platform : List.of("org.postgresql.postgresql", "io.agroal.agroal-pool", "org.flywaydb.flyway-core",
                "org.flywaydb.flyway-database-postgresql", "org.hibernate.orm.hibernate-core",
                "io.quarkus.quarkus-jdbc-postgresql", "io.quarkus.quarkus-agroal", "io.quarkus.quarkus-flyway",
                "io.quarkus.quarkus-hibernate-orm-panache", "io.quarkus.quarkus-narayana-jta")) {
            check(lib(libs, platform).isPresent(), "lib/: " + platform + " (the PostgreSQL tier's platform extensions)");
        }
        if (postgresAdapter.isPresent()) {
            check(names(postgresAdapter.get()).stream().noneMatch(n -> n.startsWith("META-INF/native-image/")),
                    "PostgreSQL adapter jar: no native-image metadata kept by hand (the extensions register the driver,"
                            + " the pool, the migrations and the entities)");
            // Hibernate enhances the entities at build time: they leave the adapter's jar for the runner jar
            List<String> entities = java.util.stream.Stream.concat(names(postgresAdapter.get()).stream(),
                            names(runner).stream())
                    .filter(n -> n.startsWith("dev/pmmemory/adapters/postgres/rows/") && n.endsWith("Row.class"))
                    .distinct().map(NativeSourcesCheck::className).toList();
            check(!entities.isEmpty(), "the mapped entities (rows/*Row), enhanced into the runner jar");
            for (String entity : entities) {
                checkReflective(reflective, entity, null, "a Hibernate entity: registered by quarkus-hibernate-orm");
            }
        }

        // REST: DTOs are (de)serialised by Jackson; AccessControl reads @RequiresScope from resource methods.
        Optional<Path> rest = lib(libs, "pm-memory-rest");
        check(rest.isPresent(), "lib/: the REST adapter jar");
        if (rest.isPresent()) {
            List<String> classes = names(rest.get()).stream().filter(n -> n.endsWith(".class")).toList();
            List<String> dtos = classes.stream().filter(n -> n.startsWith("dev/pmmemory/adapters/rest/dto/"))
                    .map(NativeSourcesCheck::className).toList();
            check(!dtos.isEmpty(), "REST adapter jar: DTO classes");
            for (String dto : dtos) {
                checkReflective(reflective, dto, null, "a REST DTO: annotate it @RegisterForReflection");
            }
            List<String> resourcesClasses = classes.stream()
                    .filter(n -> n.matches("dev/pmmemory/adapters/rest/[A-Za-z]+Resource\\.class"))
                    .map(NativeSourcesCheck::className).toList();
            check(!resourcesClasses.isEmpty(), "REST adapter jar: resource classes");
            for (String resource : resourcesClasses) {
                checkReflective(reflective, resource, "\"allDeclaredMethods\":true",
                        "a REST resource whose methods' @RequiresScope AccessControl reads");
            }
        }

        // MCP: the extension is in; the tool results and errors it writes with Jackson are registered
        // (@RegisterForReflection), and so are the tool classes (by the extension, from @Tool).
        check(lib(libs, "io.quarkiverse.mcp.quarkus-mcp-server-http").isPresent(),
                "lib/: the Quarkiverse MCP server's HTTP transport (/mcp)");
        Optional<Path> mcp = lib(libs, "pm-memory-mcp");
        check(mcp.isPresent(), "lib/: the MCP adapter jar");
        if (mcp.isPresent()) {
            List<String> classes = names(mcp.get()).stream().filter(n -> n.endsWith(".class"))
                    .map(NativeSourcesCheck::className).toList();
            List<String> written = classes.stream().filter(n -> n.startsWith("dev.pmmemory.adapters.mcp.Results$")
                    || n.startsWith("dev.pmmemory.adapters.mcp.ToolErrors$")).toList();
            check(!written.isEmpty(), "MCP adapter jar: result records");
            for (String type : written) {
                checkReflective(reflective, type, null, "an MCP tool result: annotate it @RegisterForReflection");
            }
            for (String tools : classes.stream().filter(n -> n.matches("dev\\.pmmemory\\.adapters\\.mcp\\.[A-Za-z]+Tools"))
                    .toList()) {
                checkReflective(reflective, tools, null, "a class of @Tool methods (the extension registers them)");
            }
        }

        // Optional heavy adapters stay out of the executable.
        for (String heavy : List.of("pm-memory-embeddings-bge", "onnxruntime", "langchain4j")) {
            check(lib(libs, heavy).isEmpty(), "lib/: no " + heavy + " (the embeddings model is JVM-only, -Psemantic)");
        }
    }

    private void checkResource(List<Pattern> patterns, String path, String what) {
        check(patterns.stream().anyMatch(p -> p.matcher(path).matches()), "resource registered: " + path + " — " + what);
    }

    private void checkReflective(Map<String, String> entries, String name, String needs, String what) {
        String entry = entries.get(name);
        check(entry != null && (needs == null || entry.contains(needs)),
                "reflection registered: " + name + (needs == null ? "" : " with " + needs) + " — " + what);
    }

    private void check(boolean ok, String what) {
        if (ok) {
            passed++;
            System.out.println("  ok   " + what);
        } else {
            failures.add(what);
        }
    }

    private void fail(String what) {
        failures.add(what);
    }

    /** The include patterns of a resource-config.json (Java regexes once the JSON escaping is undone). */
    static List<Pattern> resourcePatterns(String json) {
        List<Pattern> patterns = new ArrayList<>();
        Matcher m = Pattern.compile("\"pattern\"\\s*:\\s*\"((?:[^\"\\\\]|\\\\.)*)\"").matcher(json);
        while (m.find()) {
            patterns.add(Pattern.compile(m.group(1).replace("\\\\", "\\").replace("\\\"", "\"")));
        }
        return patterns;
    }

    /** Class name to the text of its entry in a reflect-config.json (a top-level array of objects). */
    static Map<String, String> reflectionEntries(String json) {
        Map<String, String> entries = new TreeMap<>();
        Pattern name = Pattern.compile("\"name\"\\s*:\\s*\"([^\"]+)\"");
        for (String object : topLevelObjects(json)) {
            // the class's own name, not a method's: drop nested arrays (methods, fields) first
            String flat = object;
            for (String before = ""; !before.equals(flat); ) {
                before = flat;
                flat = flat.replaceAll("\\[[^\\[\\]]*\\]", "()");
            }
            Matcher n = name.matcher(flat);
            if (n.find()) {
                entries.merge(n.group(1), flat, String::concat);
            }
        }
        return entries;
    }

    /** The objects of a JSON array, as text (strings are skipped over, so braces in them do not count). */
    static List<String> topLevelObjects(String json) {
        List<String> objects = new ArrayList<>();
        int depth = 0;
        int start = -1;
        boolean inString = false;
        for (int i = 0; i < json.length(); i++) {
            char c = json.charAt(i);
            if (inString) {
                if (c == '\\') {
                    i++;
                } else if (c == '"') {
                    inString = false;
                }
            } else if (c == '"') {
                inString = true;
            } else if (c == '{' || c == '[') {
                if (c == '{' && depth == 1) {
                    start = i;
                }
                depth++;
            } else if (c == '}' || c == ']') {
                depth--;
                if (c == '}' && depth == 1 && start >= 0) {
                    objects.add(json.substring(start, i + 1));
                    start = -1;
                }
            }
        }
        return objects;
    }

    private static Optional<Path> lib(Map<String, Path> libs, String part) {
        return libs.entrySet().stream().filter(e -> e.getKey().contains(part)).map(Map.Entry::getValue).findFirst();
    }

    private static Optional<String> entry(Path jar, String name) throws IOException {
        try (ZipFile zip = new ZipFile(jar.toFile())) {
            ZipEntry e = zip.getEntry(name);
            if (e == null) {
                return Optional.empty();
            }
            try (InputStream in = zip.getInputStream(e)) {
                return Optional.of(new String(in.readAllBytes(), StandardCharsets.UTF_8));
            }
        }
    }

    private static List<String> names(Path jar) throws IOException {
        try (ZipFile zip = new ZipFile(jar.toFile())) {
            return Collections.list(zip.entries()).stream().map(ZipEntry::getName).toList();
        }
    }

    private static String className(String entry) {
        return entry.replaceFirst("^META-INF/versions/\\d+/", "").replace(".class", "").replace('/', '.');
    }
}
