package io.dbharness.questdb;

import io.dbharness.core.api.MetricType;
import io.dbharness.core.api.RowBatch;
import io.dbharness.core.api.SeriesSchema;
import io.dbharness.core.encode.ByteSink;
import io.dbharness.core.encode.LinePrecision;
import io.dbharness.core.encode.LineProtocolEncoder;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.LocalDateTime;
import java.time.ZoneOffset;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The InfluxDB v2 write API ({@code POST /api/v2/write?precision=}) as QuestDB accepts it, with the shared
 * encoder's bytes in every precision: the path the influx target uses for InfluxDB 2.x, checked here against
 * a real server. QuestDB creates the table itself from the lines (tag as SYMBOL, fields as DOUBLE/LONG).
 */
@org.junit.jupiter.api.Tag("server")
class LineProtocolV2Test {

    @ParameterizedTest
    @EnumSource(LinePrecision.class)
    void v2WriteInEveryPrecision(LinePrecision precision) throws Exception {
        String table = "v2_" + precision.v2Name();
        try (Connection c = DriverManager.getConnection(EmbeddedQuestDbFixture.jdbcUrl(), "admin", "quest");
             Statement st = c.createStatement()) {
            st.execute("DROP TABLE IF EXISTS " + table);
            SeriesSchema schema = new SeriesSchema(table, MetricType.INT8, 3, 3);
            RowBatch batch = new RowBatch(MetricType.INT8, 3, 4);
            long t0 = QuestDbIngestTest.T0;
            for (int r = 0; r < 4; r++) {
                int row = batch.addRow(t0 + r * 1_000_000L, r);
                batch.setLong(row, r % 3, r * 10L - 7);
            }
            ByteSink sink = new ByteSink();
            new LineProtocolEncoder(schema, precision).encode(batch, sink);
            HttpResponse<String> response = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
                            URI.create(EmbeddedQuestDbFixture.httpUrl() + "/api/v2/write?precision=" + precision.v2Name()))
                    .POST(HttpRequest.BodyPublishers.ofByteArray(sink.toByteArray())).build(),
                    HttpResponse.BodyHandlers.ofString());
            assertEquals(204, response.statusCode(), response.body());
            WalApply.await(c, table);
            try (ResultSet rs = st.executeQuery("SELECT timestamp, tag_id, c0, c1, c2 FROM " + table + " ORDER BY timestamp")) {
                for (int r = 0; r < 4; r++) {
                    assertTrue(rs.next());
                    LocalDateTime ts = rs.getObject(1, LocalDateTime.class);
                    assertEquals(t0 + r * 1_000_000L, ts.toEpochSecond(ZoneOffset.UTC) * 1_000_000L + ts.getNano() / 1000);
                    assertEquals(Integer.toString(r), rs.getString(2));
                    assertEquals(r * 10L - 7, rs.getLong(3 + r % 3));
                }
                assertFalse(rs.next());
            }
        }
    }
}
