package io.dbharness.core.api;

import javax.sql.DataSource;

/** Plain JDBC access for workloads that speak SQL themselves (queries, TPC-C, verification). */
public interface SqlAccess extends Capability {
    DataSource dataSource();
}
