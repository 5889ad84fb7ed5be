package io.dbharness.cli;

import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

import java.io.IOException;
import java.nio.file.FileSystems;
import java.nio.file.Path;
import java.nio.file.StandardWatchEventKinds;
import java.nio.file.WatchEvent;
import java.nio.file.WatchKey;
import java.nio.file.WatchService;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * {@code ./run-tests --quick} starts no server. Here a runner run in-process starts the embedded PostgreSQL or
 * QuestDB itself (no fixture to refuse it), so in --quick (system property {@code dbharness.quick}) every test of
 * this module is watched: one that creates an embedded server's folder in {@code java.io.tmpdir} (the module's own
 * in --quick) fails, saying to tag it {@code server}. Registered for every test by junit-platform.properties.
 */
public final class NoServerInQuick implements BeforeEachCallback, AfterEachCallback {

    private static final String[] SERVER_FOLDERS = {"dbharness-pg-", "dbharness-questdb-"};

    @Override
    public void beforeEach(ExtensionContext context) throws IOException {
        if (!Boolean.getBoolean("dbharness.quick")) {
            return;
        }
        // inotify queues every creation, so a folder made and removed within the test is still seen
        WatchService watch = FileSystems.getDefault().newWatchService();
        Path.of(System.getProperty("java.io.tmpdir")).register(watch, StandardWatchEventKinds.ENTRY_CREATE);
        context.getStore(ExtensionContext.Namespace.create(NoServerInQuick.class)).put("watch", watch);
    }

    @Override
    public void afterEach(ExtensionContext context) throws IOException {
        WatchService watch = context.getStore(ExtensionContext.Namespace.create(NoServerInQuick.class))
                .remove("watch", WatchService.class);
        if (watch == null) {
            return;
        }
        List<String> started = new ArrayList<>();
        try (watch) {
            for (WatchKey key; (key = watch.poll()) != null; ) {
                for (WatchEvent<?> e : key.pollEvents()) {
                    String name = String.valueOf(e.context());
                    if (e.kind() == StandardWatchEventKinds.OVERFLOW
                            || Arrays.stream(SERVER_FOLDERS).anyMatch(name::startsWith)) {
                        started.add(name);
                    }
                }
            }
        }
        if (!started.isEmpty()) {
            throw new AssertionError("--quick runs no server, but this test started one (" + started
                    + "): tag it @Tag(\"server\")");
        }
    }
}
