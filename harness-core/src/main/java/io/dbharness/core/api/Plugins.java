package io.dbharness.core.api;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.function.Function;

/**
 * The one registration mechanism: targets, workloads, data models and other tools' command lines are each an
 * implementation listed in {@code META-INF/services/<its interface>} and found here through {@link ServiceLoader}.
 */
public final class Plugins {

    private Plugins() {
    }

    /**
     * Every {@code type} on the class path, in class-path order. A name two of them answer to is refused in one line
     * naming both: which one would run is otherwise decided by the order of jars.
     *
     * @param kind  what they are, for that line ({@code target}, {@code generator})
     * @param names the names each answers to (a target's id; a tool's commands)
     */
    public static <T> List<T> load(Class<T> type, String kind, Function<T, List<String>> names) {
        List<T> all = ServiceLoader.load(type, type.getClassLoader()).stream().map(ServiceLoader.Provider::get).toList();
        Map<String, T> seen = new HashMap<>();
        for (T p : all) {
            for (String name : names.apply(p)) {
                T other = seen.putIfAbsent(name, p);
                if (other != null) {
                    throw new UsageException("two " + kind + "s named '" + name + "' on the class path: "
                            + other.getClass().getName() + " and " + p.getClass().getName() + "; only one may register it");
                }
            }
        }
        return all;
    }
}
