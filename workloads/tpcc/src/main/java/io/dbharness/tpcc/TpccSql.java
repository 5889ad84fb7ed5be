package io.dbharness.tpcc;

import io.dbharness.core.api.SqlAccess;
import io.dbharness.core.api.UsageException;
import io.dbharness.core.dialect.StatementTexts;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * The workload's SQL for one target: {@code sql/<dialect>/<id>.sql} for each dialect the target speaks, most
 * specific first, over the generic PostgreSQL texts. A product changes only what it must (YugabyteDB's keys,
 * MatrixDB's distribution) by a file of the same name in its directory.
 */
final class TpccSql {

    static final String GENERIC = "postgres";
    private static final String ROOT = "io/dbharness/tpcc/sql/";

    private final StatementTexts dialect;
    private final List<String> dialects;

    private TpccSql(List<String> dialects) {
        this.dialects = List.copyOf(dialects);
        List<String> dirs = new ArrayList<>();
        for (String d : dialects) {
            dirs.add(ROOT + d);
            if (d.equals(GENERIC)) {
                break;
            }
        }
        this.dialect = new StatementTexts(dirs, "sql", TpccSql.class.getClassLoader());
    }

    /** The texts for {@code access}'s dialects; refused when it speaks no PostgreSQL. */
    static TpccSql of(SqlAccess access, String targetName) {
        return forDialects(access.dialects(), targetName);
    }

    static TpccSql forDialects(List<String> dialects, String targetName) {
        if (!dialects.contains(GENERIC)) {
            throw new UsageException("target '" + targetName + "' cannot run tpcc: its SQL (" + String.join(", ", dialects)
                    + ") has no TPC-C schema here; the PostgreSQL family can (postgres, yugabyte, matrixdb, mogdb)");
        }
        return new TpccSql(dialects);
    }

    String get(String id) {
        return dialect.get(id);
    }

    String render(String id, Map<String, String> values) {
        return dialect.render(id, values);
    }

    /** Where a text comes from, for the result and tests. */
    String source(String id) {
        return dialect.source(id);
    }

    /** A script's statements: split at a {@code ;} that ends a line. */
    List<String> statements(String id) {
        return Arrays.stream(get(id).split(";\\s*(\\n|$)")).map(String::strip).filter(s -> !s.isEmpty()).toList();
    }

    /** The most specific dialect with texts of its own here, for the result: {@code yugabyte}, or {@code postgres}. */
    String name() {
        for (String d : dialects) {
            if (d.equals(GENERIC) || TpccSql.class.getClassLoader().getResource(ROOT + d + "/create_tables.sql") != null) {
                return d;
            }
        }
        return GENERIC;
    }
}
