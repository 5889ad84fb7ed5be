package io.dbharness.postgres;

/** Plain PostgreSQL: the generic statements, any server that speaks the protocol, embedded when none is named. */
record PostgresFlavor(IngestMode ingestMode) implements PgFlavor {

    private static final SqlDialect DIALECT = SqlDialect.postgres();

    @Override
    public String product() {
        return "PostgreSQL";
    }

    @Override
    public SqlDialect dialect() {
        return DIALECT;
    }

    /** Any server speaking the protocol is a PostgreSQL target's business; product targets are stricter. */
    @Override
    public boolean recognises(String version) {
        return true;
    }

    @Override
    public boolean embeddedByDefault() {
        return true;
    }
}
