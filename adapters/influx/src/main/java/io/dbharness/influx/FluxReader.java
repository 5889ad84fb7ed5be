package io.dbharness.influx;

import com.influxdb.client.InfluxDBClient;
import com.influxdb.exceptions.InfluxException;
import com.influxdb.query.FluxColumn;
import com.influxdb.query.FluxRecord;
import com.influxdb.query.FluxTable;
import io.dbharness.core.api.CompiledQuery;
import io.dbharness.core.api.QueryAnswer;
import io.dbharness.core.api.QueryParams;
import io.dbharness.core.api.QueryReader;
import io.dbharness.core.api.TargetException;
import io.dbharness.core.api.TargetException.Kind;
import okhttp3.Dispatcher;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * One worker's Flux queries, through influxdb-client-java's {@code QueryApi} on a client of its own: okhttp's
 * call timeout is {@code --op-timeout} (connect, request and the whole answer), and {@link #cancel()} cancels
 * the calls of this reader's dispatcher only. The annotated CSV's tables are flattened into one answer.
 */
final class FluxReader implements QueryReader {

    /** Columns of the annotated CSV's framing, not of the data. */
    private static final List<String> FRAMING = List.of("result", "table");

    private final InfluxDBClient client;
    private final Dispatcher dispatcher = new Dispatcher();
    private final InfluxHttp http;
    private final String org;
    private final String who;
    private volatile boolean cancelled;
    private boolean broken;

    FluxReader(InfluxConfig config, InfluxHttp http, String who) {
        this.client = V2Admin.client(config, config.opTimeout(), dispatcher);
        this.http = http;
        this.org = config.org();
        this.who = who;
    }

    @Override
    public QueryAnswer run(CompiledQuery query, QueryParams params, boolean keepRows) throws TargetException {
        InfluxStatement s = (InfluxStatement) query;
        String what = "query " + s.name();
        cancelled = false;
        List<FluxTable> tables;
        try {
            tables = client.getQueryApi().query(s.statement(params), org);
        } catch (InfluxException e) {
            TargetException t = error(e, what);
            broken |= t.connectionLost();
            throw t;
        }
        if (cancelled) { // the client may end a cut answer quietly; a cancelled one is not an answer
            broken = true;
            throw new TargetException(Kind.TIMEOUT, null, what + " on InfluxDB at " + http.endpoint() + ": cancelled", null);
        }
        return flatten(tables, keepRows);
    }

    /** Every table's records as rows; columns by name in order of first appearance, null where a table has none. */
    static QueryAnswer flatten(List<FluxTable> tables, boolean keepRows) {
        List<String> columns = new ArrayList<>();
        Map<String, Integer> index = new HashMap<>();
        List<Object[]> rows = new ArrayList<>();
        long count = 0;
        for (FluxTable t : tables) {
            count += t.getRecords().size();
            if (!keepRows) {
                continue;
            }
            List<String> labels = new ArrayList<>();
            for (FluxColumn c : t.getColumns()) {
                if (!FRAMING.contains(c.getLabel())) {
                    labels.add(c.getLabel());
                    index.computeIfAbsent(c.getLabel().toLowerCase(Locale.ROOT), l -> {
                        columns.add(l);
                        return columns.size() - 1;
                    });
                }
            }
            for (FluxRecord r : t.getRecords()) {
                Object[] row = new Object[columns.size()];
                for (String l : labels) {
                    row[index.get(l.toLowerCase(Locale.ROOT))] = value(r.getValueByKey(l));
                }
                rows.add(row);
            }
        }
        int n = columns.size();
        rows.replaceAll(r -> r.length == n ? r : Arrays.copyOf(r, n));
        return new QueryAnswer(columns, rows, count);
    }

    /** Flux's types as {@link QueryAnswer} allows them: long, double, string and time as they are, the rest as text. */
    private static Object value(Object v) {
        if (v == null || v instanceof Long || v instanceof Double || v instanceof String || v instanceof Instant) {
            return v;
        }
        return v instanceof byte[] b ? java.util.Base64.getEncoder().encodeToString(b) : v.toString();
    }

    private TargetException error(InfluxException e, String what) {
        if (cancelled) {
            return new TargetException(Kind.TIMEOUT, null, what + " on InfluxDB at " + http.endpoint() + ": cancelled", e);
        }
        return InfluxErrors.client(e, http.endpoint(), what, who);
    }

    @Override
    public boolean reconnect() throws TargetException {
        http.requirePing(who);
        boolean reopened = broken;
        broken = false;
        return reopened;
    }

    /** From another thread: okhttp cancels the calls of this reader's dispatcher, synchronous ones included. */
    @Override
    public void cancel() {
        cancelled = true;
        dispatcher.cancelAll();
    }

    /** The client shuts its okhttp down (connection pool, dispatcher). */
    @Override
    public void close() {
        client.close();
    }
}
