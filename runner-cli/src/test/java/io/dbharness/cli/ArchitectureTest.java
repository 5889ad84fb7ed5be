package io.dbharness.cli;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchRule;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The module boundaries, checked on the bytecode of every module's main classes (so a fully qualified name in a
 * method body counts as much as an import): the API depends on nothing but the configuration; adapters and
 * workloads never on the engine, the CLI or the results; no adapter on another except the PostgreSQL family on
 * {@code postgres} and the HTTP targets on {@code http}; the results never on the engine; other tools' command
 * lines reach the runner only through {@code ToolRun}.
 */
class ArchitectureTest {

    private static final String API = "io.dbharness.core.api..";
    private static final String CONFIG = "io.dbharness.core.config..";
    private static final String ENGINE = "io.dbharness.core.engine..";
    private static final String RESULTS = "io.dbharness.results..";
    private static final String CLI = "io.dbharness.cli..";
    private static final String SEARCH = "io.dbharness.search..";
    private static final String TOOLS = "io.dbharness.tools..";
    private static final String HOSTS = "io.dbharness.hosts..";
    private static final String LIVE = "io.dbharness.live..";

    /** Each adapter's package, and the other adapters it may build on. */
    private static final Map<String, List<String>> ADAPTERS = Map.of(
            "postgres", List.of(),
            "yugabyte", List.of("postgres"),
            "matrixdb", List.of("postgres", "http"),
            "mogdb", List.of("postgres"),
            "influx", List.of("http"),
            "questdb", List.of("http"),
            "local", List.of(),
            "http", List.of());
    private static final List<String> WORKLOADS = List.of("iot", "tpcc");

    private static JavaClasses main;

    @BeforeAll
    static void importMainClasses() {
        // tests may use anything; a module's test-jar (another module's fixtures, as a packaged -tests.jar in a
        // full build, where DO_NOT_INCLUDE_TESTS sees only test-classes directories) is tests too
        main = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .withImportOption(location -> !location.contains("-tests.jar"))
                .importPackages("io.dbharness");
    }

    static List<ArchRule> rules() {
        List<ArchRule> rules = new java.util.ArrayList<>();
        rules.add(noClasses().that().resideInAPackage(API).should().dependOnClassesThat(
                        JavaClass.Predicates.resideInAPackage("io.dbharness..")
                                .and(JavaClass.Predicates.resideOutsideOfPackages(API, CONFIG)))
                .as("core.api depends on nothing of the harness but core.config"));
        String[] plugins = pluginPackages();
        rules.add(noClasses().that().resideInAnyPackage(plugins).should().dependOnClassesThat()
                .resideInAnyPackage(ENGINE, CLI, RESULTS)
                .as("adapters and workloads never depend on the engine, the CLI or the results"));
        rules.add(noClasses().that().resideInAPackage(RESULTS).should().dependOnClassesThat().resideInAPackage(ENGINE)
                .as("the results never depend on the engine"));
        List<String> notForSearch = new java.util.ArrayList<>(List.of(plugins));
        notForSearch.add(CLI);
        rules.add(noClasses().that().resideInAPackage(SEARCH).should().dependOnClassesThat()
                .resideInAnyPackage(notForSearch.toArray(String[]::new))
                .as("the search library (sweep, find-max) depends on the engine and the results, never on the CLI,"
                        + " an adapter or a workload"));
        rules.add(noClasses().that().resideInAPackage(TOOLS).should().dependOnClassesThat()
                .resideInAnyPackage(concat(List.of(CLI, RESULTS), plugins(ADAPTERS.keySet())))
                .as("other tools' command lines reach the runner only through ToolRun: never the CLI, the results or an adapter"));
        rules.add(noClasses().that().resideOutsideOfPackages(TOOLS, CLI).should().dependOnClassesThat().resideInAPackage(TOOLS)
                .as("only the CLI depends on the other tools' command lines"));
        rules.add(noClasses().that().resideInAPackage(HOSTS).should().dependOnClassesThat()
                .resideInAnyPackage(concat(List.of(ENGINE, CLI, RESULTS, SEARCH, TOOLS), List.of(plugins)))
                .as("the server hosts' sources depend on no engine, CLI, results, search, tool, adapter or workload"));
        rules.add(noClasses().that().resideOutsideOfPackage(HOSTS).should().dependOnClassesThat().resideInAPackage(HOSTS)
                .as("the server hosts' sources are found through Plugins: nothing names them"));
        rules.add(noClasses().that().resideInAPackage(LIVE).should().dependOnClassesThat()
                .resideInAnyPackage(concat(List.of(ENGINE, CLI, RESULTS, SEARCH, TOOLS, HOSTS), List.of(plugins)))
                .as("the live export listens to runs through core.result: no engine, CLI, results, search, tool,"
                        + " host source, adapter or workload"));
        rules.add(noClasses().that().resideOutsideOfPackages(LIVE, CLI).should().dependOnClassesThat().resideInAPackage(LIVE)
                .as("only the CLI depends on the live export"));
        for (Map.Entry<String, List<String>> a : ADAPTERS.entrySet()) {
            List<String> others = new java.util.ArrayList<>();
            ADAPTERS.keySet().stream().filter(o -> !o.equals(a.getKey()) && !a.getValue().contains(o))
                    .forEach(o -> others.add("io.dbharness." + o + ".."));
            WORKLOADS.forEach(w -> others.add("io.dbharness." + w + ".."));
            rules.add(noClasses().that().resideInAPackage("io.dbharness." + a.getKey() + "..").should()
                    .dependOnClassesThat().resideInAnyPackage(others.toArray(String[]::new))
                    .as("adapter " + a.getKey() + " depends on no other adapter and no workload"
                            + (a.getValue().isEmpty() ? "" : " but " + String.join(" and ", a.getValue()))));
        }
        for (String w : WORKLOADS) {
            List<String> others = new java.util.ArrayList<>();
            ADAPTERS.keySet().forEach(a -> others.add("io.dbharness." + a + ".."));
            WORKLOADS.stream().filter(o -> !o.equals(w)).forEach(o -> others.add("io.dbharness." + o + ".."));
            rules.add(noClasses().that().resideInAPackage("io.dbharness." + w + "..").should().dependOnClassesThat()
                    .resideInAnyPackage(others.toArray(String[]::new))
                    .as("workload " + w + " depends on no adapter and no other workload: only on core.api"));
        }
        return rules;
    }

    private static List<String> plugins(java.util.Collection<String> names) {
        return names.stream().map(n -> "io.dbharness." + n + "..").toList();
    }

    private static String[] concat(List<String> a, List<String> b) {
        return java.util.stream.Stream.concat(a.stream(), b.stream()).toArray(String[]::new);
    }

    private static String[] pluginPackages() {
        List<String> p = new java.util.ArrayList<>();
        ADAPTERS.keySet().forEach(a -> p.add("io.dbharness." + a + ".."));
        WORKLOADS.forEach(w -> p.add("io.dbharness." + w + ".."));
        return p.toArray(String[]::new);
    }

    @Test
    void everyModuleKeepsItsBoundaries() {
        assertTrue(main.containPackage("io.dbharness.postgres") && main.containPackage("io.dbharness.tpcc")
                && main.containPackage("io.dbharness.results") && main.containPackage("io.dbharness.tools"),
                "the main classes of every module were imported");
        for (ArchRule rule : rules()) {
            rule.check(main);
        }
    }

    /** The rules read bytecode: a fully qualified name inside a method body is caught like an import. */
    @Test
    void aViolationIsCaught() throws ClassNotFoundException {
        JavaClasses bad = new ClassFileImporter().importClasses(Class.forName("io.dbharness.local.ReachesIntoTheEngine"));
        List<String> broken = rules().stream().filter(r -> r.allowEmptyShould(true).evaluate(bad).hasViolation())
                .map(ArchRule::getDescription).toList();
        assertEquals(List.of("adapters and workloads never depend on the engine, the CLI or the results"), broken);
    }

    /** A tool naming one of the runner's classes (not ToolRun) is caught. */
    @Test
    void aToolReachingIntoTheRunnerIsCaught() throws ClassNotFoundException {
        JavaClasses bad = new ClassFileImporter().importClasses(Class.forName("io.dbharness.tools.ReachesIntoTheRunner"));
        List<String> broken = rules().stream().filter(r -> r.allowEmptyShould(true).evaluate(bad).hasViolation())
                .map(ArchRule::getDescription).toList();
        assertEquals(List.of("other tools' command lines reach the runner only through ToolRun: never the CLI, the"
                + " results or an adapter"), broken);
    }
}
