package io.dbharness.influx;

import io.dbharness.core.api.CompiledQuery;
import io.dbharness.core.api.QueryAnswer;
import io.dbharness.core.api.QueryParams;
import io.dbharness.core.api.QueryReader;
import io.dbharness.core.api.TargetException;

import java.time.Duration;

/**
 * One worker's InfluxQL queries: a GET of {@code /query} each, bounded by {@code --op-timeout} and cancellable
 * ({@link InfluxHttp.Call}); after a lost connection or a timeout it waits for {@code /ping}, as the writers do.
 */
final class InfluxQlReader implements QueryReader {

    private final InfluxQl ql;
    private final InfluxHttp http;
    private final InfluxHttp.Call call;
    private final String database;
    private final String who;
    /** A call failed at the connection: the next {@link #reconnect} has a new connection to report. */
    private boolean broken;

    InfluxQlReader(InfluxQl ql, InfluxHttp http, String database, Duration opTimeout, String who) {
        this.ql = ql;
        this.http = http;
        this.call = http.openCall(opTimeout);
        this.database = database;
        this.who = who;
    }

    @Override
    public QueryAnswer run(CompiledQuery query, QueryParams params, boolean keepRows) throws TargetException {
        InfluxStatement s = (InfluxStatement) query;
        try {
            return ql.select(call, database, s.statement(params), "query " + s.name(), keepRows);
        } catch (TargetException e) {
            broken |= e.connectionLost();
            throw e;
        }
    }

    @Override
    public boolean reconnect() throws TargetException {
        http.requirePing(who);
        boolean reopened = broken;
        broken = false;
        return reopened;
    }

    @Override
    public void cancel() {
        call.cancel();
    }

    /** Whether a query is under way: a {@link #cancel()} now ends it. */
    boolean inFlight() {
        return call.inFlight();
    }

    @Override
    public void close() {
        // the shared client keeps its connections
    }
}
