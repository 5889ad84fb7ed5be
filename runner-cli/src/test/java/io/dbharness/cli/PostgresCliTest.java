package io.dbharness.cli;

import io.dbharness.postgres.EmbeddedPostgres;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.sql.Connection;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Server-side bad input through the command line, against a running (embedded) PostgreSQL. */
@org.junit.jupiter.api.Tag("server")
class PostgresCliTest {

    @RegisterExtension
    static final EmbeddedPostgres pg = new EmbeddedPostgres();

    @TempDir
    Path tmp;

    private CliRun run(String... args) {
        List<String> all = new ArrayList<>(List.of("--url", pg.url(), "--user", "postgres", "--results", tmp.toString(),
                "--no-watch", "--tag-num", "50", "--total-metrics-count", "4", "--ts-end", "2022-04-18 09:00:02"));
        all.addAll(List.of(args));
        return CliRun.withEnv(Map.of(), all.toArray(String[]::new));
    }

    @Test
    void unreachableServerIsExitThreeInOneLine() {
        CliRun r = CliRun.withEnv(Map.of(), "--url", "jdbc:postgresql://127.0.0.1:1/postgres", "--results", tmp.toString());
        assertEquals(3, r.exitCode(), r.err());
        assertTrue(r.oneLineError().contains("127.0.0.1:1"), r.err());
    }

    @Test
    void refusedCredentialsAreExitThreeAndThePasswordIsNeverPrinted() {
        CliRun r = CliRun.withEnv(Map.of("PGPASSWORD", "s3cret-Pa55"), "--url", pg.url(), "--user", "nobody_here",
                "--results", tmp.toString());
        assertEquals(3, r.exitCode(), r.err());
        String msg = r.oneLineError();
        assertTrue(msg.contains("nobody_here"), msg);
        assertFalse(r.err().contains("s3cret-Pa55") || r.out().contains("s3cret-Pa55"));
    }

    @Test
    void aDatabaseThatDoesNotExistIsExitTwoNamingIt() {
        String server = pg.url().replaceFirst("^jdbc:postgresql://([^/]+)/.*$", "$1");
        CliRun r = CliRun.withEnv(Map.of(), "--host", server.substring(0, server.lastIndexOf(':')),
                "--port", server.substring(server.lastIndexOf(':') + 1), "--user", "postgres", "--database", "x",
                "--results", tmp.toString());
        assertEquals(2, r.exitCode(), r.err());
        assertEquals("database \"x\" does not exist on PostgreSQL at " + server + "; create it or pick another with --database",
                r.oneLineError());
    }

    @Test
    void anUnknownSslmodeInTheUrlIsExitTwo() {
        CliRun r = CliRun.withEnv(Map.of(), "--url", pg.url().replaceFirst("\\?.*$", "") + "?sslmode=bogus", "--user", "postgres",
                "--results", tmp.toString());
        assertEquals(2, r.exitCode(), r.err());
        assertEquals("invalid value 'bogus' for sslmode in --url: expected disable|allow|prefer|require|verify-ca|verify-full",
                r.oneLineError());
    }

    @Test
    void nonEmptyTableNeedsAppendOrClean() {
        assertEquals(0, run("--table-name", "cli_refuse", "--clean").exitCode());
        CliRun refused = run("--table-name", "cli_refuse");
        assertEquals(2, refused.exitCode(), refused.err());
        assertTrue(refused.oneLineError().contains("use --append to add to it or --clean to drop and recreate it"), refused.err());

        CliRun appended = run("--table-name", "cli_refuse", "--append", "--verify");
        assertEquals(0, appended.exitCode(), appended.err());
        assertTrue(appended.out().contains("200 rows"), appended.out()); // 100 before + 100 written

        CliRun cleaned = run("--table-name", "cli_refuse", "--clean", "--verify", "--pg-ingest", "insert-multirow");
        assertEquals(0, cleaned.exitCode(), cleaned.err());
    }

    @Test
    void aTargetThatRefusesThePreparationIsExitTwoWithItsReason() throws Exception {
        try (Connection c = pg.connect();
             java.sql.Statement st = c.createStatement()) {
            st.execute("DROP ROLE IF EXISTS cli_reader");
            st.execute("CREATE ROLE cli_reader LOGIN");
            st.execute("REVOKE CREATE ON SCHEMA public FROM PUBLIC");
        }
        CliRun r = CliRun.withEnv(Map.of(), "--url", pg.url(), "--user", "cli_reader", "--results", tmp.toString(),
                "--no-watch", "--tag-num", "5", "--table-name", "cli_denied");
        assertEquals(2, r.exitCode(), r.err());
        assertTrue(r.oneLineError().contains("permission denied"), r.err());
    }
}
