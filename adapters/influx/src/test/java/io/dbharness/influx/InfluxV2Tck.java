package io.dbharness.influx;

import io.dbharness.core.api.SeriesSchema;
import io.dbharness.tck.FaultProxy;
import io.dbharness.tck.Faults;

import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * A real InfluxDB 2 for the v2 contract tests, named as for {@link InfluxV2ServerTest}: {@code DBHARNESS_INFLUX2_URL}
 * (plain {@code http://}: the faults go through a local {@link FaultProxy}), {@code DBHARNESS_INFLUX2_TOKEN} (a token
 * that may create buckets in the org, the secret that must show nowhere) and {@code DBHARNESS_INFLUX2_ORG}; the
 * bucket {@code dbharness_tck} is created when absent. The count goes through InfluxQL, which serves a bucket only
 * through a DBRP mapping: give the bucket one, or the counting clauses fail saying the target cannot count.
 */
final class InfluxV2Tck implements Faults {

    private static InfluxV2Tck instance;

    final String token;
    private final String org;
    private final FaultProxy proxy;

    private InfluxV2Tck(String token, String org, FaultProxy proxy) {
        this.token = token;
        this.org = org;
        this.proxy = proxy;
    }

    /** The server, or the test skipped saying which variables are missing. */
    static synchronized InfluxV2Tck get() throws Exception {
        List<String> missing = new ArrayList<>();
        for (String v : new String[] {InfluxV2ServerTest.URL_VAR, InfluxV2ServerTest.TOKEN_VAR, InfluxV2ServerTest.ORG_VAR}) {
            String value = System.getenv(v);
            if (value == null || value.isBlank()) {
                missing.add(v);
            }
        }
        assumeTrue(missing.isEmpty(), "no InfluxDB 2 named: set " + InfluxV2ServerTest.URL_VAR + ", "
                + InfluxV2ServerTest.TOKEN_VAR + " and " + InfluxV2ServerTest.ORG_VAR
                + " to run the v2 contract (missing: " + String.join(", ", missing) + ")");
        URI url = URI.create(System.getenv(InfluxV2ServerTest.URL_VAR).trim());
        assumeTrue("http".equals(url.getScheme()), InfluxV2ServerTest.URL_VAR + " is " + url.getScheme()
                + ": the v2 contract's faults go through a local TCP proxy, which needs plain http");
        if (instance == null) {
            instance = new InfluxV2Tck(System.getenv(InfluxV2ServerTest.TOKEN_VAR).trim(),
                    System.getenv(InfluxV2ServerTest.ORG_VAR).trim(),
                    new FaultProxy(url.getHost(), url.getPort() < 0 ? 80 : url.getPort()));
        }
        return instance;
    }

    Map<String, String> options() {
        return Map.of("influx-url", "http://" + proxy.hostPort(), "influx-api", "v2", "org", org,
                "bucket", "dbharness_tck", "token", token);
    }

    @Override
    public void cut() {
        proxy.cutAll();
    }

    @Override
    public Stall stall(SeriesSchema schema) {
        return proxy.stall();
    }

    @Override
    public HeldAnswer holdNextAnswer() {
        return proxy.holdNextAnswer("POST /api/v2/write");
    }
}
