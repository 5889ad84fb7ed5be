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

    /** PostgreSQL itself from release 10, where {@code txid_status} appeared; not the products that say "PostgreSQL" too. */
    @Override
    public boolean tracksCommits(String version) {
        java.util.regex.Matcher m = RELEASE.matcher(version);
        String v = version.toLowerCase(java.util.Locale.ROOT);
        boolean other = v.contains("-yb-") || v.contains("greenplum") || v.contains("matrixdb") || v.contains("opengauss")
                || v.contains("mogdb") || v.contains("cockroach") || v.contains("redshift");
        return !other && m.lookingAt() && Integer.parseInt(m.group(1)) >= 10;
    }

    private static final java.util.regex.Pattern RELEASE = java.util.regex.Pattern.compile("PostgreSQL (\\d+)");
}
