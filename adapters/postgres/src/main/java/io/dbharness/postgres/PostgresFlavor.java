package io.dbharness.postgres;

import io.dbharness.core.dialect.StatementTexts;

/** Plain PostgreSQL: the generic statements, any server that speaks the protocol, embedded when none is named. */
/**
 * @param trackCommits     {@code --pg-track-commits} (on by default)
 * @param trackingAskedFor whether it was given explicitly: then a server that cannot is an error, not a silent no
 */
record PostgresFlavor(IngestMode ingestMode, boolean trackCommits, boolean trackingAskedFor) implements PgFlavor {

    private static final StatementTexts DIALECT = PgFlavor.GENERIC;

    @Override
    public String product() {
        return "PostgreSQL";
    }

    @Override
    public StatementTexts dialect() {
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

    /**
     * On PostgreSQL itself from release 10, where {@code txid_status} appeared; not the products that say
     * "PostgreSQL" too. Unless {@code --pg-track-commits=false}: the explicit transaction and the extra round
     * trip per batch cost about 8 % of a local 10-metric ingest (benchmarks/README.md); without them a
     * COMMIT whose answer is lost leaves its rows of unknown fate (and, under the default --max-errors 0,
     * ends the run).
     */
    @Override
    public boolean tracksCommits(String version) {
        if (!trackCommits) {
            return false;
        }
        java.util.regex.Matcher m = RELEASE.matcher(version);
        String v = version.toLowerCase(java.util.Locale.ROOT);
        boolean other = v.contains("-yb-") || v.contains("greenplum") || v.contains("matrixdb") || v.contains("opengauss")
                || v.contains("mogdb") || v.contains("cockroach") || v.contains("redshift");
        boolean can = !other && m.lookingAt() && Integer.parseInt(m.group(1)) >= 10;
        if (!can && trackingAskedFor) {
            throw new io.dbharness.core.api.UsageException("--pg-track-commits needs PostgreSQL 10 or later (txid_status);"
                    + " the server is " + version.split(",")[0]);
        }
        return can;
    }

    private static final java.util.regex.Pattern RELEASE = java.util.regex.Pattern.compile("PostgreSQL (\\d+)");
}
