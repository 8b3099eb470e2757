package dev.pmmemory.bootstrap;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.fields;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.Architectures.layeredArchitecture;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.domain.JavaField;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchCondition;
import com.tngtech.archunit.lang.ConditionEvents;
import com.tngtech.archunit.lang.SimpleConditionEvent;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The dependency rule (docs/architecture.md): domain ← application ← adapters ← bootstrap, adapters apart. */
class ArchitectureTest {
    private static JavaClasses classes;

    @BeforeAll
    static void importClasses() {
        classes = new ClassFileImporter()
                .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                // test jars too (the application's storage contract suite is on the test classpath)
                .withImportOption(location -> !location.contains("-tests.jar"))
                .importPackages("dev.pmmemory");
    }

    @Test
    void layersPointInwardOnly() {
        layeredArchitecture().consideringOnlyDependenciesInLayers()
                .layer("domain").definedBy("dev.pmmemory.domain..")
                .layer("application").definedBy("dev.pmmemory.application..")
                .layer("rest").definedBy("dev.pmmemory.adapters.rest..")
                .layer("mcp").definedBy("dev.pmmemory.adapters.mcp..")
                .layer("jdbc").definedBy("dev.pmmemory.adapters.jdbc..")
                .layer("sqlite").definedBy("dev.pmmemory.adapters.sqlite..")
                .layer("postgres").definedBy("dev.pmmemory.adapters.postgres..")
                .layer("classifier-llm").definedBy("dev.pmmemory.adapters.classifier..")
                .layer("sessions-embedded").definedBy("dev.pmmemory.adapters.sessions.embedded..")
                .layer("sessions-redis").definedBy("dev.pmmemory.adapters.sessions.redis..")
                .layer("segmenter").definedBy("dev.pmmemory.adapters.segmenter..")
                // on the classpath only in a -Psemantic build
                .optionalLayer("embeddings").definedBy("dev.pmmemory.adapters.embeddings..")
                .layer("bootstrap").definedBy("dev.pmmemory.bootstrap..")
                .whereLayer("bootstrap").mayNotBeAccessedByAnyLayer()
                .whereLayer("rest").mayOnlyBeAccessedByLayers("bootstrap")
                .whereLayer("mcp").mayOnlyBeAccessedByLayers("bootstrap")
                // the SQL both stores share: a library of the two store adapters, no adapter itself
                .whereLayer("jdbc").mayOnlyBeAccessedByLayers("sqlite", "postgres", "bootstrap")
                .whereLayer("sqlite").mayOnlyBeAccessedByLayers("bootstrap")
                .whereLayer("postgres").mayOnlyBeAccessedByLayers("bootstrap")
                .whereLayer("embeddings").mayOnlyBeAccessedByLayers("bootstrap")
                .whereLayer("classifier-llm").mayOnlyBeAccessedByLayers("bootstrap")
                .whereLayer("sessions-embedded").mayOnlyBeAccessedByLayers("bootstrap")
                .whereLayer("sessions-redis").mayOnlyBeAccessedByLayers("bootstrap")
                .whereLayer("segmenter").mayOnlyBeAccessedByLayers("bootstrap")
                .whereLayer("application").mayOnlyBeAccessedByLayers("rest", "mcp", "jdbc", "sqlite", "postgres",
                        "embeddings", "sessions-embedded", "sessions-redis", "bootstrap", "classifier-llm")
                .whereLayer("domain").mayOnlyBeAccessedByLayers("application", "rest", "mcp", "jdbc", "sqlite", "postgres",
                        "embeddings", "classifier-llm", "sessions-embedded", "sessions-redis", "segmenter", "bootstrap")
                .check(classes);
    }

    @Test
    void domainDependsOnNothingButTheJdk() {
        noClasses().that().resideInAPackage("dev.pmmemory.domain..")
                .should().dependOnClassesThat().resideOutsideOfPackages("dev.pmmemory.domain..", "java..")
                .check(classes);
    }

    @Test
    void applicationDependsOnlyOnDomainAndTheJdk() {
        noClasses().that().resideInAPackage("dev.pmmemory.application..")
                .should().dependOnClassesThat()
                .resideOutsideOfPackages("dev.pmmemory.domain..", "dev.pmmemory.application..", "java..")
                .check(classes);
    }

    @Test
    void domainAndApplicationCarryNoFrameworkAnnotations() {
        noClasses().that().resideInAnyPackage("dev.pmmemory.domain..", "dev.pmmemory.application..")
                .should().dependOnClassesThat().resideInAnyPackage("jakarta..", "io.quarkus..", "javax..",
                        "com.fasterxml..", "org.eclipse.microprofile..")
                .check(classes);
    }

    @Test
    void theLlmClassifierNeedsNoFramework() {
        // plain JDK HttpClient + Jackson's tree model: it runs the same in tests, JVM and native image
        noClasses().that().resideInAPackage("dev.pmmemory.adapters.classifier..")
                .should().dependOnClassesThat().resideInAnyPackage("io.quarkus..", "jakarta..",
                        "org.eclipse.microprofile..")
                .check(classes);
    }

    @Test
    void theEmbeddedSessionStoreNeedsNoFramework() {
        noClasses().that().resideInAPackage("dev.pmmemory.adapters.sessions.embedded..")
                .should().dependOnClassesThat().resideInAnyPackage("io.quarkus..", "io.vertx..", "jakarta..",
                        "org.eclipse.microprofile..")
                .check(classes);
    }

    @Test
    void adaptersNeverSeeEachOther() {
        List<String> adapters = List.of("rest", "mcp", "sqlite", "postgres", "embeddings", "classifier",
                "sessions.embedded", "sessions.redis", "segmenter");
        for (String adapter : adapters) {
            for (String other : adapters) {
                if (!adapter.equals(other)) {
                    noClasses().that().resideInAPackage("dev.pmmemory.adapters." + adapter + "..")
                            .should().dependOnClassesThat().resideInAPackage("dev.pmmemory.adapters." + other + "..")
                            .allowEmptyShould(true) // the embeddings adapter is in -Psemantic builds only
                            .check(classes);
                }
            }
        }
    }

    @Test
    void theSharedJdbcCoreSeesNoAdapter() {
        noClasses().that().resideInAPackage("dev.pmmemory.adapters.jdbc..")
                .should().dependOnClassesThat().resideInAnyPackage("dev.pmmemory.adapters.sqlite..",
                        "dev.pmmemory.adapters.postgres..", "dev.pmmemory.adapters.rest..")
                .check(classes);
    }

    /**
     * A rule's numbers (weights, scales, sample sizes, tolerances) stay in the domain: the domain declares
     * none public, so an adapter gets them only through the values it is handed (a ranking, a window, a
     * rendered formula) and never restates a rule with a copy of one. (A field read cannot be checked:
     * javac copies a constant into the class that reads it.)
     */
    @Test
    void theDomainPublishesNoTuningNumber() {
        fields().that().areDeclaredInClassesThat().resideInAPackage("dev.pmmemory.domain..")
                .and().areStatic().and().areFinal()
                .and(DescribedPredicate.describe("of a number type", (JavaField f) ->
                        List.of("int", "long", "double", "float").contains(f.getRawType().getName())))
                .should().notBePublic()
                .check(classes);
    }

    @Test
    void noPackageCycles() {
        // every package is a slice (dev.pmmemory.domain.text, dev.pmmemory.application.port.in, …)
        slices().matching("dev.pmmemory.(**)").should().beFreeOfCycles().check(classes);
    }

    @Test
    void inboundPortsDoNotDependOnOutboundPorts() {
        // a use case's vocabulary is its own; storage ports may speak it, not the other way round
        noClasses().that().resideInAPackage("dev.pmmemory.application.port.in..")
                .should().dependOnClassesThat().resideInAnyPackage("dev.pmmemory.application.port.out..",
                        "dev.pmmemory.application.service..")
                .check(classes);
    }

    /**
     * Ports are contracts: interfaces, and the values they speak as records. The wire format of a value
     * (JSON, query parameters) is read by the inbound adapter; the vocabulary the values share (an audit
     * kind, an outcome, a job) lives in the application's model package.
     */
    @Test
    void portsHoldOnlyInterfacesAndRecords() {
        classes().that().resideInAnyPackage("dev.pmmemory.application.port.in..", "dev.pmmemory.application.port.out..")
                .and().areTopLevelClasses()
                .should(new ArchCondition<JavaClass>("be an interface or a record") {
                    @Override
                    public void check(JavaClass c, ConditionEvents events) {
                        if (!c.isInterface() && !c.isRecord()) {
                            events.add(SimpleConditionEvent.violated(c, c.getName() + " is neither an interface "
                                    + "nor a record"));
                        }
                    }
                })
                .check(classes);
    }

    /** The domain speaks of memories, not of the technologies that store, serve or compute them. */
    @Test
    void noDomainTypeIsNamedForATechnology() {
        noClasses().that().resideInAPackage("dev.pmmemory.domain..")
                .should().haveSimpleNameContaining("Sql").orShould().haveSimpleNameContaining("Jdbc")
                .orShould().haveSimpleNameContaining("Json").orShould().haveSimpleNameContaining("Http")
                .orShould().haveSimpleNameContaining("Rest").orShould().haveSimpleNameContaining("Redis")
                .orShould().haveSimpleNameContaining("Postgres").orShould().haveSimpleNameContaining("Sqlite")
                .orShould().haveSimpleNameContaining("Hanlp").orShould().haveSimpleNameContaining("Onnx")
                .orShould().haveSimpleNameContaining("Jackson").orShould().haveSimpleNameContaining("Quarkus")
                .orShould().haveSimpleNameContaining("OpenAi").orShould().haveSimpleNameContaining("Llm")
                .check(classes);
    }
}
