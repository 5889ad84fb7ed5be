package io.dbharness.core.api;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A query text with placeholders in braces, the same in every language: {@code {table}}, {@code {metric}} (the
 * metric a query aggregates), {@code {metrics}} (every metric column, for queries that return whole rows) are
 * fixed for a run; {@code {tag}}, {@code {tags}}, {@code {start}}, {@code {end}} and {@code {threshold}} change
 * with each query instance, as does {@code {choice}}, one of the values the catalogue's query names (TSBS's
 * random fleet). Each target writes them in its own syntax (a bind marker, a quoted tag value, a regular
 * expression of tags).
 */
public final class QueryTemplate {

    /** Placeholders a run fills once. */
    public static final Set<String> FIXED = Set.of("table", "metric", "metrics", "time", "key");
    /** Placeholders each query instance fills. */
    public static final List<String> PARAMETERS = List.of("tag", "tags", "start", "end", "threshold", "choice");

    /** A lower-case word in braces; braces around anything else (a Flux record) are text. */
    private static final Pattern PLACEHOLDER = Pattern.compile("\\{([a-z_]+)}");

    /** Text, or a placeholder's name. */
    public record Part(String text, String placeholder) {
        public boolean isPlaceholder() {
            return placeholder != null;
        }
    }

    private final String text;
    private final List<Part> parts;

    private QueryTemplate(String text, List<Part> parts) {
        this.text = text;
        this.parts = List.copyOf(parts);
    }

    /** Parses {@code text}; an unknown placeholder is a {@link UsageException} naming it and the known ones. */
    public static QueryTemplate parse(String where, String text) {
        Objects.requireNonNull(text, "text");
        List<Part> parts = new ArrayList<>();
        Matcher m = PLACEHOLDER.matcher(text);
        int at = 0;
        while (m.find()) {
            String name = m.group(1);
            if (!FIXED.contains(name) && !PARAMETERS.contains(name)) {
                throw new UsageException(where + ": unknown placeholder {" + name + "}; known: {table}, {metric}, "
                        + "{metrics}, {time}, {key}, {tag}, {tags}, {start}, {end}, {threshold}, {choice}");
            }
            if (m.start() > at) {
                parts.add(new Part(text.substring(at, m.start()), null));
            }
            parts.add(new Part(null, name));
            at = m.end();
        }
        if (at < text.length()) {
            parts.add(new Part(text.substring(at), null));
        }
        return new QueryTemplate(text, parts);
    }

    public String text() {
        return text;
    }

    public List<Part> parts() {
        return parts;
    }

    /** Whether the template uses {@code name}. */
    public boolean uses(String name) {
        return parts.stream().anyMatch(p -> name.equals(p.placeholder()));
    }

    /** The text with every placeholder replaced by {@code value.apply(name)}; a null keeps the placeholder. */
    public String fill(Function<String, String> value) {
        StringBuilder sb = new StringBuilder(text.length() + 64);
        for (Part p : parts) {
            if (!p.isPlaceholder()) {
                sb.append(p.text());
                continue;
            }
            String v = value.apply(p.placeholder());
            sb.append(v == null ? "{" + p.placeholder() + "}" : v);
        }
        return sb.toString();
    }

    /**
     * The template with {@code inserted} at {@code offset} of {@link #text()}, taken as text (never read for
     * placeholders: a bucket named {@code x{tag}} stays that name). The offset must lie in a text part or at
     * its end, not inside a placeholder.
     */
    public QueryTemplate insert(int offset, String inserted) {
        List<Part> out = new ArrayList<>();
        int pos = 0;
        boolean done = false;
        for (Part p : parts) {
            if (!done && !p.isPlaceholder() && offset >= pos && offset <= pos + p.text().length()) {
                String t = p.text();
                out.add(new Part(t.substring(0, offset - pos) + inserted + t.substring(offset - pos), null));
                done = true;
            } else {
                out.add(p);
            }
            pos += p.isPlaceholder() ? p.placeholder().length() + 2 : p.text().length();
        }
        if (!done && offset == pos) { // at the very end, or into an empty template
            out.add(new Part(inserted, null));
            done = true;
        }
        if (!done) {
            throw new IllegalArgumentException("offset " + offset + " is inside a placeholder of " + text);
        }
        return new QueryTemplate(text.substring(0, offset) + inserted + text.substring(offset), out);
    }

    /**
     * The template with the fixed placeholders filled; the parameters stay. The filled values are text, never
     * read for placeholders again (a table named {@code m{tag}} stays that name).
     */
    public QueryTemplate fixed(Function<String, String> value) {
        List<Part> out = new ArrayList<>();
        StringBuilder pending = new StringBuilder();
        StringBuilder all = new StringBuilder();
        for (Part p : parts) {
            if (p.isPlaceholder() && !FIXED.contains(p.placeholder())) {
                if (pending.length() > 0) {
                    out.add(new Part(pending.toString(), null));
                    pending.setLength(0);
                }
                out.add(p);
                all.append('{').append(p.placeholder()).append('}');
            } else {
                String t = p.isPlaceholder() ? value.apply(p.placeholder()) : p.text();
                pending.append(t);
                all.append(t);
            }
        }
        if (pending.length() > 0) {
            out.add(new Part(pending.toString(), null));
        }
        return new QueryTemplate(all.toString(), out);
    }

    @Override
    public String toString() {
        return text;
    }
}
