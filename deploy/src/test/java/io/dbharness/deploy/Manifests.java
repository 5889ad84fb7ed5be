package io.dbharness.deploy;

import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.EnvVar;
import io.fabric8.kubernetes.api.model.KubernetesResource;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;

import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** deploy/kubernetes read into fabric8's model classes, and small lookups over them. */
final class Manifests {

    /** The manifests' folder: the module's basedir is deploy/. */
    static final Path DIR = Path.of("kubernetes");

    private static final KubernetesSerialization SERIALIZATION = new KubernetesSerialization();

    private Manifests() {
    }

    static <T extends KubernetesResource> T load(String file, Class<T> type) {
        Object o = loadAny(file);
        if (!type.isInstance(o)) {
            throw new AssertionError(file + ": expected a " + type.getSimpleName() + ", read " + o.getClass().getSimpleName());
        }
        return type.cast(o);
    }

    static Object loadAny(String file) {
        try (InputStream in = Files.newInputStream(DIR.resolve(file))) {
            return SERIALIZATION.unmarshal(in);
        } catch (IOException e) {
            throw new AssertionError("cannot read " + DIR.resolve(file), e);
        }
    }

    /** Plain YAML, for files that are no Kubernetes object (kustomization.yaml). */
    @SuppressWarnings("unchecked")
    static Map<String, Object> loadMap(String file) {
        try {
            return SERIALIZATION.unmarshal(Files.readString(DIR.resolve(file)), Map.class);
        } catch (IOException e) {
            throw new AssertionError("cannot read " + DIR.resolve(file), e);
        }
    }

    static EnvVar env(Container c, String name) {
        return c.getEnv().stream().filter(e -> e.getName().equals(name)).findFirst()
                .orElseThrow(() -> new AssertionError("container " + c.getName() + " has no env " + name));
    }

    /** The value after {@code flag} in the container's args. */
    static Optional<String> arg(Container c, String flag) {
        List<String> args = c.getArgs();
        int i = args.indexOf(flag);
        return i < 0 || i + 1 >= args.size() ? Optional.empty() : Optional.of(args.get(i + 1));
    }

    /**
     * Paths to every field the model did not know (fabric8 keeps them in {@code additionalProperties} instead of
     * failing): a misspelt field would otherwise be dropped by the API server without a word.
     */
    static List<String> unknownFields(Object model) {
        List<String> out = new ArrayList<>();
        walk(model, "", out);
        return out;
    }

    private static void walk(Object o, String path, List<String> out) {
        if (o == null) {
            return;
        }
        if (o instanceof Collection<?> c) {
            int i = 0;
            for (Object e : c) {
                walk(e, path + "[" + i++ + "]", out);
            }
            return;
        }
        if (o instanceof Map<?, ?> m) {
            m.forEach((k, v) -> walk(v, path + "." + k, out));
            return;
        }
        if (!o.getClass().getName().startsWith("io.fabric8.kubernetes.api.model")) {
            return;
        }
        for (Method g : o.getClass().getMethods()) {
            if (g.getParameterCount() != 0 || Modifier.isStatic(g.getModifiers()) || !g.getName().startsWith("get")
                    || g.getDeclaringClass() == Object.class) {
                continue;
            }
            Object v;
            try {
                v = g.invoke(o);
            } catch (ReflectiveOperationException e) {
                throw new AssertionError(e);
            }
            String field = Character.toLowerCase(g.getName().charAt(3)) + g.getName().substring(4);
            if (field.equals("additionalProperties")) {
                ((Map<?, ?>) v).keySet().forEach(k -> out.add(path + "." + k));
            } else {
                walk(v, path + "." + field, out);
            }
        }
    }
}
