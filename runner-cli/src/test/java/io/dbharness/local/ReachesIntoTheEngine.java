package io.dbharness.local;

/**
 * A class that breaks a boundary on purpose, in an adapter's package, for {@code ArchitectureTest} to catch: the
 * engine named in a method body, with no import to see.
 */
final class ReachesIntoTheEngine {

    private ReachesIntoTheEngine() {
    }

    static Object reach() {
        return io.dbharness.core.engine.Registry.load();
    }
}
