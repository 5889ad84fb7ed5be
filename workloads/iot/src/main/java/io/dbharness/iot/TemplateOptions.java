package io.dbharness.iot;

import io.dbharness.core.api.MetricType;
import io.dbharness.core.api.UsageException;
import io.dbharness.core.config.Option;
import io.dbharness.core.config.OptionDef;
import io.dbharness.core.config.Settings;
import io.dbharness.core.config.ValueType;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * influx-stress's {@code insert} template and sizes, validated once.
 *
 * @param tagKeys   the template's tag keys, in its order
 * @param tagValues each tag's value before influx-stress's {@code -N}
 * @param fields    the field keys, integers first then floats as influx-stress writes them (their values in the
 *                  template are ignored, as influx-stress does)
 * @param fieldTypes int8 for a field whose template value ends in {@code i}, float8 otherwise
 * @param passes    times every series is written: {@code points / series}
 */
record TemplateOptions(String template, String tableName, List<String> tagKeys, List<String> tagValues, List<String> fields,
                       List<MetricType> fieldTypes, long series, long points, long passes, long startMicros) {

    static final String DEFAULT_TEMPLATE = "ctr,some=tag n=0i";

    private static final Option<Long> SERIES = Option.of("series", "N", "100000",
            "template: series, spread over the template's tags (influx-stress's -s)", ValueType.longInteger(1, 100_000_000L));
    private static final Option<Long> POINTS = Option.of("points", "N", "1000000", "template: points in all, a whole"
            + " number of passes over the series (influx-stress's -n); pass p is at --ts-start + p seconds",
            ValueType.longInteger(1, Long.MAX_VALUE));

    static final List<OptionDef> OPTIONS = List.of(
            OptionDef.of("template", "'KEY FIELDS'", DEFAULT_TEMPLATE, "template: influx-stress's series key and fields;"
                    + " an 'i' suffix makes integer fields, none float"),
            SERIES.def(), POINTS.def());

    static TemplateOptions from(Settings s) {
        String template = s.string("template").trim();
        String[] parts = template.split("\\s+");
        if (parts.length != 2) {
            throw s.bad("template", template, "a series key and fields separated by one space, e.g. '" + DEFAULT_TEMPLATE + "'");
        }
        String[] key = parts[0].split(",");
        if (key.length < 2 || key[0].isEmpty()) {
            throw s.bad("template", template, "a measurement with at least one tag, e.g. 'ctr,some=tag' (influx-stress"
                    + " spreads the series over the tags)");
        }
        List<String> tagKeys = new ArrayList<>();
        List<String> tagValues = new ArrayList<>();
        for (int i = 1; i < key.length; i++) {
            String[] kv = key[i].split("=", -1);
            if (kv.length != 2 || kv[0].isEmpty() || kv[1].isEmpty()) {
                throw s.bad("template", template, "tags as key=value, e.g. 'ctr,some=tag' ('" + key[i] + "' is not)");
            }
            tagKeys.add(kv[0]);
            tagValues.add(kv[1]);
        }
        List<String> ints = new ArrayList<>();
        List<String> floats = new ArrayList<>();
        for (String field : parts[1].split(",")) {
            String[] kv = field.split("=", -1);
            if (kv.length != 2 || kv[0].isEmpty() || kv[1].isEmpty()) {
                throw s.bad("template", template, "fields as key=value, e.g. 'n=0i' ('" + field + "' is not)");
            }
            (kv[1].endsWith("i") ? ints : floats).add(kv[0]);
        }
        List<String> fields = new ArrayList<>(ints);
        fields.addAll(floats);
        List<MetricType> types = new ArrayList<>(java.util.Collections.nCopies(ints.size(), MetricType.INT8));
        types.addAll(java.util.Collections.nCopies(floats.size(), MetricType.FLOAT8));
        List<String> names = new ArrayList<>(tagKeys);
        names.addAll(fields);
        names.add(key[0]);
        for (String name : names) {
            if (name.length() > 63) {
                throw s.bad("template", template, "names of at most 63 characters (PostgreSQL's limit; '"
                        + name.substring(0, 20) + "...' has " + name.length() + ")");
            }
        }
        java.util.Set<String> seen = new java.util.HashSet<>(List.of("time"));
        for (String name : names.subList(0, names.size() - 1)) {
            if (!seen.add(name)) {
                throw s.bad("template", template, "tag and field keys that differ from each other and from 'time'"
                        + " (the time column); '" + name + "' is not");
            }
        }
        long series = s.get(SERIES);
        long points = s.get(POINTS);
        if (points % series != 0) {
            throw s.bad("points", Long.toString(points), "a multiple of --series " + series + " (whole passes over the series)");
        }
        if (IotOptions.given(s, "ts-end")) {
            throw new UsageException("--ts-end does not apply to --generator template: pass p over the series is at"
                    + " --ts-start + p seconds, and --points sets how many passes");
        }
        Instant start = IotOptions.withinRange(s, "ts-start");
        long startMicros = start.getEpochSecond() * 1_000_000L + start.getNano() / 1000;
        IotOptions.refuseLatePoints(startMicros + (points / series - 1) * 1_000_000L,
                "--points " + points + " over --series " + series + " from --ts-start");
        String table = IotOptions.given(s, "table-name") ? s.string("table-name") : key[0];
        return new TemplateOptions(template, table, List.copyOf(tagKeys), List.copyOf(tagValues), List.copyOf(fields),
                List.copyOf(types), series, points, points / series, startMicros);
    }
}
