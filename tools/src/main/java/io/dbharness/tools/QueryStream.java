package io.dbharness.tools;

import io.dbharness.core.api.UsageException;
import io.dbharness.iot.QueryInstances;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The queries {@code runner bulk_query_gen} writes and {@code runner query_benchmarker_influxdb} reads, as text (the
 * tool's own stream is Go's gob encoding of its HTTP requests, which cannot be read here). A header line records
 * what the queries are drawn from; then one line per query, its instance number, catalogue name, the tool's label
 * and its parameters, tab-separated:
 * <pre>
 * #dbharness-queries query-type=1-host-1-hr query=single-groupby-1-1-1 scale=4 seed=7 ts-start=... ts-end=... db=benchmark_db
 * 0	single-groupby-1-1-1	InfluxDB (InfluxQL) max cpu, rand    1 hosts, rand 1h0m0s by 1m	tag=host_2 start=... end=...
 * </pre>
 * The benchmarker draws the same instances from the header and checks every line against them before it runs:
 * an edited or mixed stream is refused rather than run as something else. Lines may be cut off at the end
 * ({@code head -n}).
 */
final class QueryStream {

    static final String MAGIC = "#dbharness-queries";

    private QueryStream() {
    }

    /** Writes the plan's queries to {@code out}; returns how many. */
    static long write(ComparisonsQueries.Plan plan, QueryInstances instances, PrintStream out) {
        StringBuilder sb = new StringBuilder(1 << 16);
        sb.append(MAGIC);
        plan.header().forEach((k, v) -> sb.append(' ').append(k).append('=').append(v));
        sb.append('\n');
        for (long k = 0; k < plan.count(); k++) {
            QueryInstances.Instance i = instances.instance(k);
            sb.append(k).append('\t').append(i.query()).append('\t').append(plan.label()).append('\t')
                    .append(i.parameters()).append('\n');
            if (sb.length() > 1 << 16) { // in chunks: a PrintStream flushing per line would make it crawl
                out.print(sb);
                sb.setLength(0);
            }
        }
        out.print(sb);
        out.flush();
        return plan.count();
    }

    /** A stream read and checked: its header, and how many queries followed it. */
    record Read(Map<String, String> header, long count) {
    }

    /**
     * Reads a whole stream, checking each query against the instances its header draws ({@code instances} makes
     * them from the header) as it goes, so no line is kept; anything but this class's format is refused, saying
     * what it seems to be, and a query that is not its instance is refused naming it.
     */
    static Read read(InputStream in, String command, String source,
                     java.util.function.Function<Map<String, String>, QueryInstances> instances) {
        try (BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8), 1 << 20)) {
            String first = r.readLine();
            while (first != null && first.isBlank()) {
                first = r.readLine();
            }
            if (first == null) {
                throw new UsageException(command + ": no queries on " + source + ": pipe them in (runner bulk_query_gen"
                        + " -query-type 1-host-1-hr ... | runner " + command + " ...), give -file FILE, or give"
                        + " bulk_query_gen's -query-type (and its other flags) to make them here");
            }
            if (!first.startsWith(MAGIC + " ")) {
                throw new UsageException(command + ": " + source + " is not runner bulk_query_gen's output ("
                        + (looksBinary(first) ? "binary: influxdb-comparisons' own bulk_query_gen writes Go's gob"
                        + " encoding, which cannot be read here" : "its first line is not '" + MAGIC + " ...'")
                        + "); make the queries with runner bulk_query_gen");
            }
            Map<String, String> header = header(first, command, source);
            QueryInstances drawn = instances.apply(header);
            long k = 0;
            long lineNo = 1;
            for (String line; (line = r.readLine()) != null; ) {
                lineNo++;
                if (line.isBlank()) {
                    continue;
                }
                if (line.startsWith(MAGIC)) {
                    throw new UsageException(command + ": " + source + " line " + lineNo + " is a second header: one"
                            + " bulk_query_gen output a run (its queries are drawn from its header)");
                }
                String[] f = line.split("\t", -1);
                if (f.length != 4) {
                    throw new UsageException(command + ": " + source + " line " + lineNo + " is not a query line"
                            + " (number, query, label, parameters, tab-separated)");
                }
                QueryInstances.Instance i = drawn.instance(k);
                if (!f[0].equals(Long.toString(k)) || !f[1].equals(i.query()) || !f[3].equals(i.parameters())) {
                    throw new UsageException(command + ": " + source + " line " + lineNo + " (" + f[0] + " " + f[1] + " "
                            + f[3] + ") is not the query its header draws there (" + k + " " + i.query() + " "
                            + i.parameters() + "): the queries were edited, reordered or mixed; make them again with"
                            + " runner bulk_query_gen");
                }
                k++;
            }
            return new Read(header, k);
        } catch (IOException e) {
            throw new UsageException(command + ": cannot read " + source + ": " + e.getMessage());
        }
    }

    private static boolean looksBinary(String line) {
        return line.chars().anyMatch(c -> (c < 0x20 && c != '\t') || c == 0xFFFD);
    }

    private static Map<String, String> header(String line, String command, String source) {
        Map<String, String> h = new LinkedHashMap<>();
        for (String part : line.substring(MAGIC.length()).strip().split(" +")) {
            int eq = part.indexOf('=');
            if (eq > 0) {
                h.put(part.substring(0, eq), part.substring(eq + 1));
            }
        }
        for (String key : ComparisonsQueries.HEADER_KEYS) {
            if (!h.containsKey(key)) {
                throw new UsageException(command + ": " + source + "'s header has no " + key + "=: make the queries"
                        + " again with runner bulk_query_gen");
            }
        }
        return h;
    }
}
