package io.dbharness.influx;

import io.dbharness.core.api.QueryLanguage;
import io.dbharness.core.api.QueryReader;
import io.dbharness.core.api.SeriesSchema;
import io.dbharness.core.api.TargetException;
import io.dbharness.core.api.TimeSeriesQuery;


/**
 * Queries on InfluxDB: InfluxQL over the v1 API's {@code /query} ({@link InfluxQlReader}), Flux over the v2
 * API through influxdb-client-java ({@link FluxReader}); the catalogue's texts are resources of each language.
 */
final class InfluxQuery implements TimeSeriesQuery {

    private final InfluxConfig config;
    private final InfluxLanguage language;
    private final InfluxQueryLanguage texts;
    private final InfluxHttp http;
    private final InfluxQl ql;
    private final StoreAdmin admin;
    private final String who;

    InfluxQuery(InfluxConfig config, InfluxApi api, InfluxHttp http, InfluxQl ql, StoreAdmin admin, String who) {
        this.config = config;
        this.language = api == InfluxApi.V1 ? InfluxLanguage.INFLUXQL : InfluxLanguage.FLUX;
        this.texts = new InfluxQueryLanguage(config, language);
        this.http = http;
        this.ql = ql;
        this.admin = admin;
        this.who = who;
    }

    @Override
    public QueryLanguage language() {
        return texts;
    }

    /** A measurement exists only through its points: without any it is absent, as is one in a missing store. */
    @Override
    public TableState tableState(SeriesSchema schema) throws TargetException {
        return admin.storeExists() && admin.hasPoints(schema.tableName()) ? TableState.HAS_ROWS : TableState.ABSENT;
    }

    @Override
    public QueryReader openReader() {
        return language == InfluxLanguage.INFLUXQL
                ? new InfluxQlReader(ql, http, config.database(), config.opTimeout(), who)
                : new FluxReader(config, http, who);
    }
}
