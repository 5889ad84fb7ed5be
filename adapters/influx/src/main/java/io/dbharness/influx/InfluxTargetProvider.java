package io.dbharness.influx;

import io.dbharness.http.Response;

import io.dbharness.core.api.Capability;
import io.dbharness.core.api.TargetAdapter;
import io.dbharness.core.api.TargetException;
import io.dbharness.core.api.TargetProvider;
import io.dbharness.core.api.TimeSeriesIngest;
import io.dbharness.core.api.TimeSeriesQuery;
import io.dbharness.core.api.UsageException;
import io.dbharness.core.config.Option;
import io.dbharness.core.config.OptionDef;
import io.dbharness.core.config.ValueType;
import io.dbharness.core.encode.LineOptions;
import io.dbharness.core.config.Settings;

import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;
import java.util.Set;

/**
 * Target {@code influx}: options, picking the API from {@code /ping}, credentials.
 *
 * <p>Option names: the CLI declares a name once and shows the first provider's description and environment
 * variables, and {@code influx} sorts before {@code postgres}. Reusing postgres's {@code url}, {@code database}
 * and {@code password} would have hidden {@code PGDATABASE}/{@code PGPASSWORD} from the help (and the values
 * differ in kind: a JDBC URL, a PG password), so the server, database and password get their own names;
 * {@code username}, {@code org}, {@code bucket}, {@code token}, {@code precision}, {@code batch-lines} and
 * {@code gzip} are new names, free to be shared by other line-protocol targets with the same meaning.
 */
public final class InfluxTargetProvider implements TargetProvider {

    public static final String ID = "influx";

    static final Option<InfluxApi> API = Option.of("influx-api", "API", "auto", "v1 (InfluxDB 1.x /write), v2"
            + " (/api/v2/write: 2.x, 3.x, 1.8+) or auto (from the X-Influxdb-Version header of /ping)",
            ValueType.choice(InfluxApi.class));

    private static final List<OptionDef> OPTIONS = List.of(
            OptionDef.of("influx-url", "URL", InfluxConfig.DEFAULT_URL, "InfluxDB HTTP address").withEnv("INFLUX_URL"),
            API.def(),
            OptionDef.of("influx-database", "DB", InfluxConfig.DEFAULT_DATABASE, "v1: database, created when absent"),
            OptionDef.of("retention-policy", "RP", null, "v1: retention policy (default: the database's default)"),
            OptionDef.of("username", "USER", null, "v1: user when auth is enabled").withEnv("INFLUX_USERNAME"),
            OptionDef.of("influx-password", "PASSWORD", null, "v1: password; prefer the INFLUX_PASSWORD variable")
                    .withEnv("INFLUX_PASSWORD").asSecret(),
            OptionDef.of("org", "ORG", null, "v2: organization").withEnv("INFLUX_ORG"),
            OptionDef.of("bucket", "BUCKET", null, "v2: bucket, created when absent").withEnv("INFLUX_BUCKET"),
            OptionDef.of("token", "TOKEN", null, "v2: API token (with --influx-api v1: InfluxDB 2's v1 compatibility"
                    + " API); prefer the INFLUX_TOKEN variable").withEnv("INFLUX_TOKEN").asSecret(),
            LineOptions.BATCH_LINES.def(),
            OptionDef.flag("gzip", "Compress write bodies (Content-Encoding: gzip)"),
            LineOptions.PRECISION.def());

    @Override
    public String id() {
        return ID;
    }

    @Override
    public String description() {
        return "InfluxDB over HTTP line protocol (v1 /write or v2 /api/v2/write); queries in InfluxQL (v1) or Flux (v2)";
    }

    @Override
    public List<OptionDef> options() {
        return OPTIONS;
    }

    @Override
    public java.util.Optional<String> serverOption() {
        return java.util.Optional.of("influx-url");
    }

    @Override
    public Set<Class<? extends Capability>> capabilities() {
        return Set.of(TimeSeriesIngest.class, TimeSeriesQuery.class, io.dbharness.core.api.ServerTelemetry.class);
    }

    @Override
    public void check(Settings settings) {
        InfluxConfig.from(settings);
    }

    @Override
    public TargetAdapter open(Settings settings) throws TargetException {
        InfluxConfig config = InfluxConfig.from(settings);
        InfluxHttp anonymous = new InfluxHttp(config.baseUri());
        Response ping = anonymous.ping();
        if (!ping.ok()) {
            throw InfluxErrors.status(ping, "answer /ping at " + config.endpoint(), "an anonymous client");
        }
        String version = ping.header("X-Influxdb-Version").orElse("");
        InfluxApi api = config.api() != InfluxApi.AUTO ? config.api() : InfluxApi.fromVersion(version).orElseThrow(() ->
                new UsageException(config.endpoint() + " did not say its version in /ping (X-Influxdb-Version: '"
                        + version + "'); set --influx-api v1 or v2"));
        StoreAdmin admin;
        String who;
        InfluxHttp http;
        InfluxQl ql;
        if (api == InfluxApi.V1) {
            if (config.username().isEmpty() && !config.password().isEmpty()) {
                throw new UsageException("INFLUX_PASSWORD (--influx-password) is set but --username is not");
            }
            if (compatibility(settings, config)) {
                // InfluxDB 2's v1 compatibility API (/write, /query): a token in place of a user
                who = "the token";
                http = anonymous.withAuthorization("Token " + config.token());
            } else {
                refuseTokenOnV1(settings, config);
                who = config.username().isEmpty() ? "the anonymous user" : "user '" + config.username() + "'";
                http = anonymous.withAuthorization(config.username().isEmpty() ? null
                        : basic(config.username(), config.password()));
            }
            ql = new InfluxQl(http, who);
            admin = new V1Admin(http, ql, config, who);
        } else {
            config.requireV2();
            who = config.token().isEmpty() ? "a client without token" : "the token";
            http = anonymous.withAuthorization(config.token().isEmpty() ? null : "Token " + config.token());
            ql = new InfluxQl(http, who);
            admin = new V2Admin(http, ql, config, who);
        }
        try {
            admin.checkCredentials();
        } catch (TargetException | RuntimeException e) {
            admin.close();
            throw e;
        }
        return new InfluxTarget(config, api, version.isEmpty() ? "unknown" : version, http, admin, ql, who);
    }

    /**
     * {@code --influx-api v1} with a {@code --token} written for this run: InfluxDB 2's v1 compatibility API, which
     * takes the token for {@code /write} and {@code /query} (influxdb-comparisons' {@code -use-compatibility}). Only
     * when both are explicit: a v1 server found by {@code auto} has no tokens, and a token merely left in the
     * environment is not meant for it.
     */
    private static boolean compatibility(Settings settings, InfluxConfig config) {
        if (config.api() != InfluxApi.V1 || config.token().isEmpty() || settings.source("token") != Settings.Source.EXPLICIT) {
            return false;
        }
        if (!config.username().isEmpty()) {
            throw new UsageException("--token with --influx-api v1 is InfluxDB 2's v1 compatibility API, which takes the"
                    + " token alone: drop --username (or --token)");
        }
        return true;
    }

    /**
     * v1 has no tokens: a --token the user wrote for this run would be silently ignored, so it is refused; an
     * INFLUX_TOKEN merely left in the environment (for other v2 servers) only earns a warning. (With an explicit
     * {@code --influx-api v1} a token is InfluxDB 2's compatibility API: {@link #compatibility}.)
     */
    private static void refuseTokenOnV1(Settings settings, InfluxConfig config) {
        if (config.token().isEmpty()) {
            return;
        }
        String why = config.endpoint() + " speaks the InfluxDB v1 API, which takes --username and INFLUX_PASSWORD";
        if (settings.source("token") == Settings.Source.EXPLICIT) {
            throw new UsageException("--token is for the v2 API, but " + why + "; drop --token (or give --influx-api v2 if"
                    + " the server serves it, or --influx-api v1 for InfluxDB 2's v1 compatibility API)");
        }
        System.err.println("warning: INFLUX_TOKEN is ignored: " + why);
    }

    private static String basic(String user, String password) {
        return "Basic " + Base64.getEncoder().encodeToString((user + ":" + password).getBytes(StandardCharsets.UTF_8));
    }

    /** InfluxQL unless {@code --influx-api v2} says Flux: which one {@code auto} picks needs the server. */
    @Override
    public java.util.Optional<io.dbharness.core.api.QueryLanguage> queryLanguage(Settings settings) {
        InfluxConfig config = InfluxConfig.from(settings);
        return java.util.Optional.of(new InfluxQueryLanguage(config,
                config.api() == InfluxApi.V2 ? InfluxLanguage.FLUX : InfluxLanguage.INFLUXQL));
    }
}
