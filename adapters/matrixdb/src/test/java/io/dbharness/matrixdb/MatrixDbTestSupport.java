package io.dbharness.matrixdb;

import io.dbharness.core.api.TargetAdapter;
import io.dbharness.core.api.TargetException;
import io.dbharness.core.config.OptionDef;
import io.dbharness.core.config.RunOptions;
import io.dbharness.core.config.Settings;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Options resolved with an empty environment, so the machine's PG* variables never leak into a test. */
final class MatrixDbTestSupport {

    private MatrixDbTestSupport() {
    }

    static Settings settings(Map<String, String> explicit) {
        List<OptionDef> defs = new ArrayList<>(new MatrixDbTargetProvider().options());
        defs.addAll(RunOptions.OPTIONS);
        return Settings.resolve(defs, explicit, Map.of());
    }

    static MatrixDbFlavor flavor(Map<String, String> explicit) {
        return (MatrixDbFlavor) new MatrixDbTargetProvider().flavor(settings(explicit));
    }

    static TargetAdapter open(Map<String, String> explicit) throws TargetException {
        return new MatrixDbTargetProvider().open(settings(explicit));
    }

    static String golden(String name) {
        try (InputStream in = MatrixDbTestSupport.class.getResourceAsStream("golden/" + name)) {
            if (in == null) {
                throw new IllegalStateException("no golden file " + name);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
