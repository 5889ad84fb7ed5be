package io.dbharness.core.measure;

import io.dbharness.core.config.Settings;

import java.io.IOException;
import java.net.URI;
import java.util.List;

/**
 * Opens {@link HostSource}s for the {@code --server-hosts} specs of its URL schemes; listed in
 * {@code META-INF/services/io.dbharness.core.measure.HostSourceProvider} and found through
 * {@code core.api.Plugins} (module {@code hosts}: node_exporter for {@code http}/{@code https}, SSH for
 * {@code ssh}).
 */
public interface HostSourceProvider {

    /** The URL schemes it reads ({@code http}, {@code https}; {@code ssh}), lower case. */
    List<String> schemes();

    /**
     * A source of the host {@code spec} names, connected and read once (so a host that cannot be read is refused
     * before the run, not found out during it).
     *
     * @param settings the run's options ({@code --ssh-identity} and the like: {@link HostOptions})
     * @throws io.dbharness.core.api.UsageException a spec it cannot take, or an answer that is not what this kind
     *                                               of source reads (a URL whose text is not node_exporter's):
     *                                               exit 2, one line naming the spec
     * @throws IOException                          the host cannot be reached or refuses us: exit 3
     */
    HostSource open(URI spec, Settings settings) throws IOException;
}
