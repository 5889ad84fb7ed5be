package io.dbharness.cli;

import io.dbharness.core.config.OptionDef;
import io.dbharness.core.engine.Registry;
import io.dbharness.core.result.MetricsPush;
import io.dbharness.live.InfluxPush;
import io.dbharness.live.LiveFigures;
import io.dbharness.live.LiveRun;
import io.dbharness.live.MetricsEndpoint;
import io.dbharness.live.PushOptions;

import java.io.PrintStream;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One command's live export ({@code --metrics-listen}, {@code --metrics-push}): one endpoint and one push across all
 * its runs (a sweep's points, find-max's steps, repetitions), each run's series labelled by the run and its step.
 */
final class LiveExport implements AutoCloseable {

    static final LiveExport NONE = new LiveExport(null, null, null, null);

    private final LiveFigures figures;
    private final MetricsEndpoint endpoint;
    private final InfluxPush push;
    private final PrintStream err;
    private volatile boolean stopped;
    /** A run has ended with a result: its end is worth a last scrape (a run refused before it started is not). */
    private volatile boolean ended;

    private LiveExport(LiveFigures figures, MetricsEndpoint endpoint, InfluxPush push, PrintStream err) {
        this.figures = figures;
        this.endpoint = endpoint;
        this.push = push;
        this.err = err;
    }

    /**
     * Listens and pushes where {@code config} says (the push's credentials from {@code env}), and says where it
     * listens on {@code err}; {@link #NONE} when it says nowhere.
     */
    static LiveExport open(RunConfig config, Map<String, String> env, PrintStream err) {
        if (config.metricsListen() == null && config.metricsPush() == null) {
            return NONE;
        }
        LiveFigures figures = new LiveFigures();
        InfluxPush push = null;
        MetricsEndpoint endpoint = null;
        try {
            if (config.metricsPush() != null) { // checked first: a bad URL is refused before a port is taken
                push = new InfluxPush(PushOptions.of(config.metricsPush(), env), err);
                figures.addExporter(push);
            }
            if (config.metricsListen() != null) {
                endpoint = MetricsEndpoint.start(config.metricsListen(), figures);
            }
        } catch (io.dbharness.core.api.UsageException e) {
            if (push != null) {
                push.close();
            }
            throw config.located(e);
        }
        if (endpoint != null) {
            err.println("metrics: " + url(config.metricsListen().getHostString(), endpoint.port()));
        }
        return new LiveExport(figures, endpoint, push, err);
    }

    /**
     * What {@code --metrics-push} did so far; with {@code flush}, once the run's last figures are pushed (waiting
     * for that a few seconds at most: a server that does not answer holds the end of the run no longer; a signal's
     * stop does not wait). Null without a push.
     */
    MetricsPush pushed(boolean flush) {
        if (push == null) {
            return null;
        }
        if (flush) {
            push.flush();
        }
        return push.counts();
    }

    /**
     * A listener for one run of the command, null when nothing is exported.
     *
     * @param step the run's step in its series ({@code 3}), empty for a run of its own
     * @param what the step said for people ({@code sweep point 2/6: workers=4}), marked as an event; empty: none
     */
    LiveRun run(RunConfig config, Registry registry, Map<String, String> env, String step, String what) {
        if (figures == null) {
            return null;
        }
        Map<String, String> options = config.options();
        Map<String, String> labels = new LinkedHashMap<>();
        labels.put("target", config.target());
        labels.put("workload", config.workload());
        labels.put("data_model", options.getOrDefault("generator", registry.workload(config.workload()).options()
                .stream().filter(d -> d.name().equals("generator")).map(OptionDef::defaultValue).findFirst().orElse("")));
        labels.put("run_group", options.getOrDefault("run-group", ""));
        labels.put("shard", options.containsKey("shard") ? options.get("shard") : options.containsKey("shards")
                ? env.getOrDefault(io.dbharness.core.config.ShardOptions.INDEX_ENV, "") + "/"
                + options.get("shards") : "");
        labels.put("step", step);
        LiveRun run = figures.run(labels);
        if (!what.isEmpty()) {
            run.step(what);
        }
        return run;
    }

    /** {@code run} ended with {@code result}: what only the result holds is added ({@link LiveRun#finish}). */
    void finish(LiveRun run, io.dbharness.core.result.RunResult result) {
        run.finish(result);
        ended = true;
    }

    /** A signal stopped the command: the endpoint closes at once, without waiting for a last scrape. */
    void stopped() {
        stopped = true;
    }

    @Override
    public void close() {
        if (push != null) {
            push.close();
        }
        if (endpoint == null) {
            return;
        }
        if (stopped || !ended || Thread.currentThread().isInterrupted()) {
            endpoint.close();
        } else {
            err.println("metrics: serving the end to a last scrape (up to " + MetricsEndpoint.LINGER_SECONDS
                    + " s; Ctrl-C ends it)");
            endpoint.lingerThenClose();
        }
    }

    /** The endpoint's URL; an IPv6 address in brackets (RFC 3986), {@code http://[::1]:9400/metrics}. */
    static String url(String host, int port) {
        return "http://" + (host.contains(":") ? "[" + host + "]" : host) + ":" + port + "/metrics";
    }
}
