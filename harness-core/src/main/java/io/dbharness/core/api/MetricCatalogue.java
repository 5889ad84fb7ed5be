package io.dbharness.core.api;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The figures one source reports, declared: exact names, and patterns ending in {@code *} for names only known when
 * seen (a server's wait events, {@code Lock:*}). The first declaration that matches a name describes it, in the
 * catalogue's order, which is also the order the summary and the report show figures in.
 *
 * <p>A catalogue is usually a resource beside its reporter, one declaration a line (blank lines and {@code #}
 * comments skipped):
 * <pre>
 * # name       kind     unit   category      merge  show    label
 * commits      counter  count  transactions  sum    always  commits
 * Lock:*       wait     sessions lock        sum    no      Lock
 * </pre>
 * A label of {@code -} is the name itself.
 */
public final class MetricCatalogue {

    /** No declarations: every figure {@link MetricDescriptor#undeclared undeclared}. */
    public static final MetricCatalogue EMPTY = new MetricCatalogue(List.of());

    private final List<MetricDescriptor> declared;

    public MetricCatalogue(List<MetricDescriptor> declared) {
        this.declared = List.copyOf(declared);
    }

    public List<MetricDescriptor> declared() {
        return declared;
    }

    /**
     * The declaration of the figure {@code name} of that kind (a pattern's made concrete), or empty when none matches:
     * one name may be a counter of one source and a gauge of another.
     */
    public Optional<MetricDescriptor> find(String name, MetricDescriptor.Kind kind) {
        int i = index(name, kind);
        return i < 0 ? Optional.empty() : Optional.of(declared.get(i).named(name));
    }

    /** The declaration of {@code name}, or an undeclared figure of that kind when none matches. */
    public MetricDescriptor describe(String name, MetricDescriptor.Kind kind) {
        return find(name, kind).orElseGet(() -> MetricDescriptor.undeclared(name, kind));
    }

    private int index(String name, MetricDescriptor.Kind kind) {
        for (int i = 0; i < declared.size(); i++) {
            MetricDescriptor d = declared.get(i);
            String n = d.name();
            if (d.kind() == kind && (n.equals(name) || n.endsWith("*") && name.startsWith(n.substring(0, n.length() - 1)))) {
                return i;
            }
        }
        return -1;
    }

    /**
     * The descriptors of the figures in a server's account, in the catalogue's order, then the undeclared ones by
     * name: what a result carries.
     */
    public List<MetricDescriptor> describeAll(Iterable<String> counters, Iterable<String> gauges, Iterable<String> waits) {
        List<MetricDescriptor> out = new ArrayList<>();
        add(out, counters, MetricDescriptor.Kind.COUNTER);
        add(out, gauges, MetricDescriptor.Kind.GAUGE);
        add(out, waits, MetricDescriptor.Kind.WAIT);
        out.sort(Comparator.comparingInt(this::rank));
        return out;
    }

    private void add(List<MetricDescriptor> out, Iterable<String> names, MetricDescriptor.Kind kind) {
        for (String n : names) {
            if (out.stream().noneMatch(d -> d.name().equals(n) && d.kind() == kind)) {
                out.add(describe(n, kind));
            }
        }
    }

    /** A descriptor's place: its declaration's, undeclared ones last. */
    private int rank(MetricDescriptor d) {
        int i = index(d.name(), d.kind());
        return i < 0 ? declared.size() : i;
    }

    /** Reads a catalogue resource of {@code owner}'s package (see the class comment for its form). */
    public static MetricCatalogue resource(Class<?> owner, String name) {
        try (InputStream in = owner.getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalStateException("no metric catalogue " + name + " beside " + owner.getName());
            }
            return parse(new String(in.readAllBytes(), StandardCharsets.UTF_8), owner.getSimpleName() + "/" + name);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Parses a catalogue's text; {@code source} names it in the message of a line that does not parse. */
    public static MetricCatalogue parse(String text, String source) {
        List<MetricDescriptor> out = new ArrayList<>();
        List<String> lines = text.lines().toList();
        for (int no = 1; no <= lines.size(); no++) {
            String l = lines.get(no - 1).strip();
            if (l.isEmpty() || l.startsWith("#")) {
                continue;
            }
            String[] f = l.split("\\s+", 7);
            if (f.length < 7) {
                throw new IllegalArgumentException(source + ":" + no + ": want name kind unit category merge show label: " + l);
            }
            try {
                out.add(new MetricDescriptor(f[0], constant(MetricDescriptor.Kind.class, f[1]),
                        constant(MetricDescriptor.Unit.class, f[2]), constant(MetricDescriptor.Category.class, f[3]),
                        constant(MetricDescriptor.Merge.class, f[4]), f[6].equals("-") ? f[0] : f[6],
                        constant(MetricDescriptor.Show.class, f[5])));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException(source + ":" + no + ": " + e.getMessage() + ": " + l);
            }
        }
        return new MetricCatalogue(out);
    }

    private static <E extends Enum<E>> E constant(Class<E> type, String word) {
        return Enum.valueOf(type, word.toUpperCase(Locale.ROOT));
    }
}
