package io.dbharness.core.engine;

import io.dbharness.core.result.ProgressListener;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * What to run: a target, a workload and their options by flag name (without dashes), exactly as on the
 * command line. Built with {@link #builder()}.
 */
public record RunSpec(String target, String workload, Map<String, String> options, Map<String, String> environment,
                      ProgressListener progress, StopSignal stopSignal) {

    public RunSpec {
        Objects.requireNonNull(target, "target");
        Objects.requireNonNull(workload, "workload");
        options = Map.copyOf(options);
        environment = Map.copyOf(environment);
        progress = progress == null ? ProgressListener.NONE : progress;
        stopSignal = stopSignal == null ? new StopSignal() : stopSignal;
    }

    public static Builder builder() {
        return new Builder();
    }

    public static final class Builder {
        private String target = "postgres";
        private String workload = "iot-insert";
        private final Map<String, String> options = new LinkedHashMap<>();
        private Map<String, String> environment = System.getenv();
        private ProgressListener progress;
        private StopSignal stopSignal;

        public Builder target(String id) {
            this.target = id;
            return this;
        }

        public Builder workload(String id) {
            this.workload = id;
            return this;
        }

        /** Sets an option by its flag name, e.g. {@code option("tag-num", 1000)}; a switch takes {@code true}. */
        public Builder option(String name, Object value) {
            options.put(name, String.valueOf(value));
            return this;
        }

        public Builder options(Map<String, String> values) {
            options.putAll(values);
            return this;
        }

        /** Environment consulted for variables such as PGHOST; defaults to the process environment. */
        public Builder environment(Map<String, String> env) {
            this.environment = env;
            return this;
        }

        public Builder progress(ProgressListener listener) {
            this.progress = listener;
            return this;
        }

        public Builder stopSignal(StopSignal signal) {
            this.stopSignal = signal;
            return this;
        }

        public RunSpec build() {
            return new RunSpec(target, workload, options, environment, progress, stopSignal);
        }
    }
}
