package io.dbharness.iot;

import io.dbharness.core.api.QueryCatalogue;
import io.dbharness.core.api.QueryCatalogue.Column;
import io.dbharness.core.api.QueryCatalogue.Kind;
import io.dbharness.core.api.QueryCatalogue.Query;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The query catalogues of this module's data models ({@link io.dbharness.core.api.GeneratorProvider#catalogue()}),
 * with the names their origins use: over mxbench's telematics table mxbench's own and ones after MaibornWolff and
 * TSBS; over TSBS's devops data TSBS's 15 devops query types (with influxdb-comparisons' names as aliases); over
 * MaibornWolff's events their five; over TSBS's trucks its 13 iot query types. Each target has its own text of each (resources beside its adapter,
 * {@link io.dbharness.core.api.QueryLanguage#resourceName per model}).
 */
public final class Catalogues {

    private Catalogues() {
    }

    private static final Duration HOUR = Duration.ofHours(1);
    private static final Column TS = Column.of("ts", Kind.TIME);
    private static final Column TAG_ID = Column.of("tag_id", Kind.TAG);
    private static final Column MINUTE = Column.of("minute", Kind.TIME);
    private static final Column COUNT = Column.of("count", Kind.COUNT);
    private static final Column MIN = Column.of("min_value", Kind.VALUE);
    private static final Column MAX = Column.of("max_value", Kind.VALUE);
    private static final Column MEAN = new Column("mean", Kind.MEAN, "count", null);

    /** mxbench's telematics model's: mxbench's queries, and ones after MaibornWolff and TSBS. */
    public static final QueryCatalogue TELEMATICS = telematics();
    static final QueryCatalogue DEVOPS = devops();
    static final QueryCatalogue EVENTS = events();
    /** TSBS's fleets ({@code pkg/data/usecases/iot/truck.go}), {@code {choice}} of the queries over one fleet. */
    static final List<String> FLEETS = TrucksModel.FLEETS;
    static final QueryCatalogue TRUCKS = trucks();

    private static QueryCatalogue telematics() {
        QueryCatalogue t = new QueryCatalogue(TelematicsProvider.NAME);
        t.add(new Query("single-tag-latest", "mxbench", "the newest row of one device", 1, Optional.empty(), false,
                List.of(TS, TAG_ID), true));
        t.add(new Query("multi-tag-latest", "mxbench", "the newest row of each of --query-tags devices", -1,
                Optional.empty(), false, List.of(TS, TAG_ID), true));
        t.add(new Query("single-tag-detail", "mxbench", "every row of one device over an hour", 1, Optional.of(HOUR),
                false, List.of(TS, TAG_ID), true));
        t.add(new Query("count", "MaibornWolff", "how many values of the metric the table holds", 0, Optional.empty(),
                false, List.of(COUNT), false));
        t.add(new Query("min-max", "MaibornWolff", "minimum and maximum of the metric over the table", 0,
                Optional.empty(), false, List.of(MIN, MAX), false));
        t.add(new Query("stats", "MaibornWolff", "count, minimum, maximum and average of the metric", 0,
                Optional.empty(), false, List.of(COUNT, MIN, MAX, MEAN), false));
        t.add(new Query("stats-per-device", "MaibornWolff", "count, minimum, maximum and average of the metric per device",
                0, Optional.empty(), false, List.of(TAG_ID, COUNT, MIN, MAX, MEAN), false));
        t.add(new Query("newest-per-device", "MaibornWolff", "the newest value of the metric of every device, with its time",
                0, Optional.empty(), false, List.of(TAG_ID, TS, Column.of("value", Kind.VALUE)), false));
        t.add(new Query("1-device-1-hr", "TSBS", "maximum of the metric per minute for one device over an hour", 1,
                Optional.of(HOUR), false, List.of(MINUTE, MAX), false));
        t.add(new Query("1-device-12-hr", "TSBS", "maximum of the metric per minute for one device over 12 hours", 1,
                Optional.of(Duration.ofHours(12)), false, List.of(MINUTE, MAX), false));
        t.add(new Query("8-device-1-hr", "TSBS", "maximum of the metric per minute over 8 devices for an hour", 8,
                Optional.of(HOUR), false, List.of(MINUTE, MAX), false));
        t.add(new Query("groupby-time", "TSBS", "average of the metric per minute over all devices for an hour (with the count)",
                0, Optional.of(HOUR), false, List.of(MINUTE, MEAN, COUNT), false));
        t.add(new Query("high-metric", "TSBS", "devices whose metric passed the threshold within an hour, with their maximum",
                0, Optional.of(HOUR), true, List.of(TAG_ID, MAX), false));
        t.add(new Query("lastpoint", "TSBS", "the newest row of every device", 0, Optional.empty(), false,
                List.of(TS, TAG_ID), true));
        return t;
    }

    /**
     * TSBS's devops query types ({@code cmd/tsbs_generate_queries/uses/devops}): the metrics are TSBS's first N
     * CPU fields, the windows its durations; each answer adds the count an average needs to compare exactly.
     */
    private static QueryCatalogue devops() {
        QueryCatalogue d = new QueryCatalogue(DevopsProvider.NAME);
        Column time = Column.of("time", Kind.TIME);
        Column hostname = Column.of("hostname", Kind.TEXT);
        Column minute = Column.of("minute", Kind.TIME);
        Column hour = Column.of("hour", Kind.TIME);
        List<String> fields = DevopsModel.CPU_FIELDS;
        for (int metrics : new int[] {1, 5}) {
            for (int[] hostsHours : new int[][] {{1, 1}, {1, 12}, {8, 1}}) {
                List<Column> cols = new ArrayList<>(List.of(minute));
                fields.subList(0, metrics).forEach(f -> cols.add(Column.value("max_" + f, f)));
                d.add(new Query("single-groupby-" + metrics + "-" + hostsHours[0] + "-" + hostsHours[1], "TSBS",
                        "maximum of " + (metrics == 1 ? "usage_user" : "the first " + metrics + " CPU fields")
                                + " per minute for " + hostsHours[0] + (hostsHours[0] == 1 ? " host" : " hosts")
                                + " over " + hostsHours[1] + (hostsHours[1] == 1 ? " hour" : " hours"),
                        hostsHours[0], Optional.of(Duration.ofHours(hostsHours[1])), false, List.copyOf(cols), false));
            }
        }
        for (int hosts : new int[] {1, 8}) {
            List<Column> cols = new ArrayList<>(List.of(hour));
            fields.forEach(f -> cols.add(Column.value("max_" + f, f)));
            d.add(new Query("cpu-max-all-" + hosts, "TSBS", "maximum of every CPU field per hour for " + hosts
                    + (hosts == 1 ? " host" : " hosts") + " over 8 hours", hosts, Optional.of(Duration.ofHours(8)), false,
                    List.copyOf(cols), false));
        }
        for (String n : List.of("1", "5", "all")) {
            int metrics = n.equals("all") ? fields.size() : Integer.parseInt(n);
            List<Column> cols = new ArrayList<>(List.of(hour, hostname));
            fields.subList(0, metrics).forEach(f -> cols.add(Column.mean("mean_" + f, f)));
            cols.add(COUNT);
            d.add(new Query("double-groupby-" + n, "TSBS", "average of " + (metrics == 1 ? "usage_user"
                    : metrics == fields.size() ? "every CPU field" : "the first " + metrics + " CPU fields")
                    + " per host and hour, every host, over 12 hours (with the count)", 0, Optional.of(Duration.ofHours(12)),
                    false, List.copyOf(cols), false));
        }
        d.add(new Query("high-cpu-all", "TSBS", "every row with usage_user above 90 within 12 hours, every host", 0,
                Optional.of(Duration.ofHours(12)), false, List.of(time, hostname), true));
        d.add(new Query("high-cpu-1", "TSBS", "every row with usage_user above 90 within 12 hours, one host", 1,
                Optional.of(Duration.ofHours(12)), false, List.of(time, hostname), true));
        d.add(new Query("lastpoint", "TSBS", "the newest row of every host", 0, Optional.empty(), false,
                List.of(time, hostname), true));
        d.add(new Query("groupby-orderby-limit", "TSBS", "maximum of usage_user per minute for the 5 minutes before"
                + " a random time", 0, Optional.of(HOUR), false, List.of(minute, Column.value("max_usage_user",
                "usage_user")), false));
        // influxdb-comparisons' names for the same queries (bulk_query_gen -query-type)
        d.alias("1-host-1-hr", "single-groupby-1-1-1");
        d.alias("1-host-12-hr", "single-groupby-1-1-12");
        d.alias("8-host-1-hr", "single-groupby-1-8-1");
        d.alias("groupby", "double-groupby-1");
        return d;
    }

    /** MaibornWolff's five ({@code simulator/modules/postgres.py}), with the count an average needs. */
    private static QueryCatalogue events() {
        QueryCatalogue e = new QueryCatalogue(EventsProvider.NAME);
        Column max = Column.value("max_temperature", "temperature");
        Column min = Column.value("min_temperature", "temperature");
        Column mean = Column.mean("avg_temperature", "temperature");
        e.add(new Query("count-events", "MaibornWolff", "how many events the table holds", 0, Optional.empty(), false,
                List.of(COUNT), false));
        e.add(new Query("temperature-min-max", "MaibornWolff", "maximum and minimum temperature", 0, Optional.empty(),
                false, List.of(max, min), false));
        e.add(new Query("temperature-stats", "MaibornWolff", "maximum, average and minimum temperature (with the count)",
                0, Optional.empty(), false, List.of(max, mean, min, COUNT), false));
        e.add(new Query("temperature-stats-per-device", "MaibornWolff", "maximum, average and minimum temperature per"
                + " device (with the count)", 0, Optional.empty(), false,
                List.of(Column.of("device_id", Kind.TEXT), max, mean, min, COUNT), false));
        e.add(new Query("newest-per-device", "MaibornWolff", "the newest temperature of every device", 0,
                Optional.empty(), false, List.of(Column.of("device_id", Kind.TEXT),
                        Column.value("temperature", "temperature")), false));
        return e;
    }

    /**
     * TSBS's 13 iot query types ({@code cmd/tsbs_generate_queries/uses/iot}), as its TimescaleDB texts answer them
     * with the tags as columns of each table: a truck is its {@code name}, the series key. Each reads one of the two
     * tables; averages come with the count they are over, and ratios are normalised as the float8 values they are
     * (the columns name a float8 field of the table for their type).
     */
    private static QueryCatalogue trucks() {
        QueryCatalogue t = new QueryCatalogue(TrucksProvider.NAME);
        String readings = TruckTable.READINGS.table();
        String diagnostics = TruckTable.DIAGNOSTICS.table();
        Column name = Column.of("name", Kind.TEXT);
        Column driver = Column.of("driver", Kind.TEXT);
        Column fleet = Column.of("fleet", Kind.TEXT);
        Column model = Column.of("model", Kind.TEXT);
        Column day = Column.of("day", Kind.TIME);
        List<Column> location = List.of(name, driver, Column.value("latitude", "latitude"),
                Column.value("longitude", "longitude"));
        t.add(new Query("last-loc", "TSBS", "the newest location of every truck of a fleet, with its driver", 0,
                Optional.empty(), false, location, false, readings, FLEETS));
        t.add(new Query("single-last-loc", "TSBS", "the newest location of one truck, with its driver", 1,
                Optional.empty(), false, location, false, readings, List.of()));
        t.add(new Query("low-fuel", "TSBS", "the trucks of a fleet whose newest diagnostics show under 10 % fuel", 0,
                Optional.empty(), false, List.of(name, driver, Column.value("fuel_state", "fuel_state")), false,
                diagnostics, FLEETS));
        t.add(new Query("high-load", "TSBS", "the trucks of a fleet whose newest diagnostics show over 90 % of their"
                + " load capacity", 0, Optional.empty(), false, List.of(name, driver,
                Column.value("current_load", "current_load")), false, diagnostics, FLEETS));
        t.add(new Query("stationary-trucks", "TSBS", "the trucks (and drivers) of a fleet averaging a velocity under 1"
                + " over 10 minutes", 0, Optional.of(Duration.ofMinutes(10)), false, List.of(name, driver), false,
                readings, FLEETS));
        t.add(new Query("long-driving-sessions", "TSBS", "the trucks (and drivers) of a fleet that drove (a 10-minute"
                + " average velocity over 1) in more than 22 of the 24 ten-minute periods of 4 hours", 0,
                Optional.of(Duration.ofHours(4)), false, List.of(name, driver), false, readings, FLEETS));
        t.add(new Query("long-daily-sessions", "TSBS", "the trucks (and drivers) of a fleet that drove in more than"
                + " 60 ten-minute periods of 24 hours (over 10 hours)", 0, Optional.of(Duration.ofHours(24)), false,
                List.of(name, driver), false, readings, FLEETS));
        t.add(new Query("avg-vs-projected-fuel-consumption", "TSBS", "per fleet, the average fuel consumption while"
                + " moving against the trucks' nominal one (with the counts)", 0, Optional.empty(), false,
                List.of(fleet, new Column("avg_fuel_consumption", Kind.MEAN, "fuel_count", "fuel_consumption"),
                        new Column("projected_fuel_consumption", Kind.MEAN, "count", "fuel_consumption")), false,
                readings, List.of()));
        t.add(new Query("avg-daily-driving-duration", "TSBS", "per truck, fleet and driver, the average whole hours"
                + " driven a day (with the number of days)", 0, Optional.empty(), false, List.of(fleet, name, driver,
                new Column("avg_daily_hours", Kind.MEAN, "days", "velocity")), false, readings, List.of()));
        t.add(new Query("avg-daily-driving-session", "TSBS", "per truck and day, the average length in seconds of"
                + " its driving sessions (with their number)", 0, Optional.empty(), false, List.of(name, day,
                new Column("duration", Kind.MEAN, "sessions", "velocity")), false, readings, List.of()));
        t.add(new Query("avg-load", "TSBS", "per fleet, model and load capacity, the trucks' average load as a share"
                + " of capacity (with the number of trucks)", 0, Optional.empty(), false, List.of(fleet, model,
                Column.of("load_capacity", Kind.TEXT), new Column("avg_load_percentage", Kind.MEAN, "trucks",
                        "current_load")), false, diagnostics, List.of()));
        t.add(new Query("daily-activity", "TSBS", "per fleet, model and day, the ten-minute periods in which trucks"
                + " were in service (average status under 1), in days", 0, Optional.empty(), false, List.of(fleet,
                model, day, Column.value("daily_activity", "current_load")), false, diagnostics, List.of()));
        t.add(new Query("breakdown-frequency", "TSBS", "per model, how often a truck broke down (a ten-minute period"
                + " with status 0 at least half the time after one without)", 0, Optional.empty(), false,
                List.of(model, COUNT), false, diagnostics, List.of()));
        return t;
    }
}
