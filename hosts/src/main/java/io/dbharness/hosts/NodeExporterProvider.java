package io.dbharness.hosts;

import io.dbharness.core.config.Settings;
import io.dbharness.core.measure.HostSource;
import io.dbharness.core.measure.HostSourceProvider;

import java.io.IOException;
import java.net.URI;
import java.util.List;

/** {@code http[s]://HOST:PORT/metrics}: a Prometheus node_exporter. */
public final class NodeExporterProvider implements HostSourceProvider {

    static final String KIND = "node_exporter";

    @Override
    public List<String> schemes() {
        return List.of("http", "https");
    }

    @Override
    public HostSource open(URI spec, Settings settings) throws IOException {
        return NodeExporterSource.open(spec);
    }
}
