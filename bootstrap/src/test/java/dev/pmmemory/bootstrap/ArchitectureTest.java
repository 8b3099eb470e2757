package dev.pmmemory.bootstrap;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.Architectures.layeredArchitecture;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The dependency rule of ARCHITECTURE.md: domain ← application ← adapters ← bootstrap, adapters apart. */
class ArchitectureTest {
    private static JavaClasses classes;

    @BeforeAll
    static void importClasses() {
        classes = new ClassFileImporter()
                .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("dev.pmmemory");
    }

    @Test
    void layersPointInwardOnly() {
        layeredArchitecture().consideringOnlyDependenciesInLayers()
                .layer("domain").definedBy("dev.pmmemory.domain..")
                .layer("application").definedBy("dev.pmmemory.application..")
                .layer("rest").definedBy("dev.pmmemory.adapters.rest..")
                .layer("sqlite").definedBy("dev.pmmemory.adapters.sqlite..")
                .layer("bootstrap").definedBy("dev.pmmemory.bootstrap..")
                .whereLayer("bootstrap").mayNotBeAccessedByAnyLayer()
                .whereLayer("rest").mayOnlyBeAccessedByLayers("bootstrap")
                .whereLayer("sqlite").mayOnlyBeAccessedByLayers("bootstrap")
                .whereLayer("application").mayOnlyBeAccessedByLayers("rest", "sqlite", "bootstrap")
                .whereLayer("domain").mayOnlyBeAccessedByLayers("application", "rest", "sqlite", "bootstrap")
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
    void adaptersNeverSeeEachOther() {
        noClasses().that().resideInAPackage("dev.pmmemory.adapters.rest..")
                .should().dependOnClassesThat().resideInAPackage("dev.pmmemory.adapters.sqlite..")
                .check(classes);
        noClasses().that().resideInAPackage("dev.pmmemory.adapters.sqlite..")
                .should().dependOnClassesThat().resideInAPackage("dev.pmmemory.adapters.rest..")
                .check(classes);
    }
}
