package io.dbharness.search;

import io.dbharness.core.api.UsageException;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * One {@code --vary NAME=V1,V2,...}: an option (or {@code target}, {@code workload}) and the values a sweep takes
 * it through, in order. Values are split on {@code ;} when the list holds one, else on {@code ,}: a value that
 * itself holds commas (tpcc's {@code --weights 45,43,4,4,4}) is written {@code weights=45,43,4,4,4;50,40,4,3,3}.
 */
public record VaryAxis(String name, List<String> values) {

    public VaryAxis {
        values = List.copyOf(values);
        if (values.isEmpty()) {
            throw new IllegalArgumentException("no values");
        }
    }

    public static VaryAxis parse(String arg) {
        int eq = arg.indexOf('=');
        if (eq < 0) {
            throw new UsageException("--vary '" + arg + "' needs NAME=VALUE1,VALUE2 (e.g. --vary workers=1,2,4)");
        }
        String name = arg.substring(0, eq).strip();
        if (name.startsWith("--")) {
            name = name.substring(2); // --vary --workers=1,2 means the same
        }
        if (name.isEmpty()) {
            throw new UsageException("--vary '" + arg + "' names no option before '='");
        }
        String list = arg.substring(eq + 1);
        String separator = list.contains(";") ? ";" : ",";
        List<String> values = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        for (String v : list.split(separator, -1)) {
            String value = v.strip();
            if (value.isEmpty()) {
                throw new UsageException("--vary " + name + " has an empty value in '" + list + "'"
                        + (list.isBlank() ? ": give the values to take, e.g. " + name + "=1,2" : ""));
            }
            if (!seen.add(value)) {
                // a sweep point twice is a typo more often than a wish; --repeat repeats
                throw new UsageException("--vary " + name + " takes '" + value + "' twice (to run a point again, use --repeat)");
            }
            values.add(value);
        }
        return new VaryAxis(name, values);
    }
}
