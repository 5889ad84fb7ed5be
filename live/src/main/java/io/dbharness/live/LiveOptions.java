package io.dbharness.live;

import io.dbharness.core.config.Option;
import io.dbharness.core.config.OptionDef;
import io.dbharness.core.config.Settings;

import java.net.InetSocketAddress;
import java.util.List;

/**
 * The live export's options, declared once here: the runner lists them in a run's {@code --help} and reads them
 * from the command line and config files, as it does its own.
 */
public final class LiveOptions {

    private LiveOptions() {
    }

    public static final Option<InetSocketAddress> METRICS_LISTEN = Option.of("metrics-listen", "HOST:PORT", null,
            "Serve the run's figures while it lasts (and after, until a scrape has seen its end, "
                    + MetricsEndpoint.LINGER_SECONDS + " s at most) for Prometheus"
                    + " to scrape at http://HOST:PORT/metrics: counts, latency histograms, CPU, server figures, events;"
                    + " 127.0.0.1:9400 for this machine only, 0.0.0.0:9400 for every interface", LiveOptions::address);

    public static final Option<String> METRICS_PUSH = Option.of("metrics-push", "URL", null,
            "Push the run's figures and events every --watch-interval to an InfluxDB as line protocol, on a thread of"
                    + " its own: http[s]://HOST:PORT/write?db=DB[&rp=RP] (1.x) or"
                    + " http[s]://HOST:PORT/api/v2/write?org=O&bucket=B (2.x), the token (2.x) or USER:PASSWORD (1.x)"
                    + " in " + PushOptions.TOKEN_ENV + "; a failed push never fails the run: it is counted, said once"
                    + " and retried at the next interval", io.dbharness.core.config.ValueType.text());

    public static final List<OptionDef> OPTIONS = Option.defs(List.of(METRICS_LISTEN, METRICS_PUSH));

    /** {@code HOST:PORT}: a name or an address ({@code [::1]:9400} for IPv6), a port from 1 to 65535. */
    private static InetSocketAddress address(Settings s, String name) {
        String value = s.string(name).strip();
        int colon = value.lastIndexOf(':');
        String host = colon <= 0 ? "" : value.substring(0, colon);
        if (host.startsWith("[") && host.endsWith("]")) {
            host = host.substring(1, host.length() - 1);
        }
        int port;
        try {
            port = colon < 0 ? -1 : Integer.parseInt(value.substring(colon + 1));
        } catch (NumberFormatException e) {
            port = -1;
        }
        if (host.isEmpty() || port < 1 || port > 65535 || host.contains(":") && !value.startsWith("[")) {
            throw s.bad(name, value, "HOST:PORT, e.g. 127.0.0.1:9400 or 0.0.0.0:9400, a port from 1 to 65535");
        }
        return InetSocketAddress.createUnresolved(host, port);
    }
}
