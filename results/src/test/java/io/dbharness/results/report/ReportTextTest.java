package io.dbharness.results.report;

import io.dbharness.core.api.Verification;
import io.dbharness.core.result.RunResult;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static io.dbharness.results.report.Runs.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The Markdown summary and the CSV tables, to the character, for a small known case. */
class ReportTextTest {

    @TempDir
    Path dir;

    private static List<RunResult> twoTargets() {
        return List.of(run("20261201-100000-iot-insert-noop-aaaa").build(),
                run("20261201-100030-iot-insert-noop-cccc").rows(110_000).build(),
                run("20261201-100100-iot-insert-file-bbbb").target("file").rows(50_000).label("tuned")
                        .verification(Verification.failed(50_000, 49_990, "49,990 rows in file, expected 50,000")).build());
    }

    @Test
    void markdownSummaryForPullRequests() throws Exception {
        Report.writeFiles(twoTargets(), dir);
        assertEquals("""
                # dbharness report: iot-insert on noop, file

                3 runs in 2 configurations.
                Settings that differ between configurations: label, target.
                Harness 0.1.0-SNAPSHOT (abc1234).

                ## Runs

                | run | label | target | workload | headline | value | rows | skipped rows | points | p50 ms | p99 ms | errors | verification | exit code | stop reason | run id |
                |---|---|---|---|---|---:|---:|---:|---:|---:|---:|---:|---|---:|---|---|
                | noop #1 |  | noop | iot-insert | rows/s | 10,000 | 100,000 | 0 | 1,000,000 | 3.00 | 10.0 | 0 | PASSED | 0 | COMPLETED | 20261201-100000-iot-insert-noop-aaaa |
                | noop #2 |  | noop | iot-insert | rows/s | 11,000 | 110,000 | 0 | 1,100,000 | 3.00 | 10.0 | 0 | PASSED | 0 | COMPLETED | 20261201-100030-iot-insert-noop-cccc |
                | file tuned | tuned | file | iot-insert | rows/s | 5,000 | 50,000 | 0 | 500,000 | 3.00 | 10.0 | 0 | FAILED | 0 | COMPLETED | 20261201-100100-iot-insert-file-bbbb |

                ## Configurations (mean of the repetitions, 95% confidence interval)

                | configuration | workload | runs | headline | mean | ± 95% CI % | p99 ms | p99 ± 95% CI % |
                |---|---|---:|---|---:|---:|---:|---:|
                | noop | iot-insert | 2 | rows/s | 10,500 | ± 60.5% | 10.0 | ± 0.0% |
                | file tuned | iot-insert | 1 | rows/s | 5,000 |  | 10.0 |  |

                ## Latency per operation type

                | run | group | type | completed | errors | ops/s | mean ms | p50 ms | p90 ms | p99 ms | p99.9 ms | max ms |
                |---|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|
                | noop #1 | main | insert | 5 | 0 | 0.5 | 4.00 | 3.00 | 10.0 | 10.0 | 10.0 | 10.0 |
                | noop #2 | main | insert | 5 | 0 | 0.5 | 4.00 | 3.00 | 10.0 | 10.0 | 10.0 | 10.0 |
                | file tuned | main | insert | 5 | 0 | 0.5 | 4.00 | 3.00 | 10.0 | 10.0 | 10.0 | 10.0 |

                ## Verification

                | run | status | expected | actual | unknown landed | message | failure |
                |---|---|---:|---:|---:|---|---|
                | noop #1 | PASSED | 100,000 | 100,000 |  | 100,000 rows in table telematics as reported |  |
                | noop #2 | PASSED | 100,000 | 100,000 |  | 100,000 rows in table telematics as reported |  |
                | file tuned | FAILED | 50,000 | 49,990 |  | 49,990 rows in file, expected 50,000 |  |

                ## Provenance

                | run | harness | commit | product | version | endpoint | settings | seed | host | cores | memory | jvm | start | ddl |
                |---|---|---|---|---|---|---|---|---|---:|---:|---|---|---|
                | noop #1 | 0.1.0-SNAPSHOT | abc1234 | noop | 17.2 | embedded | fsync=on | 42 | box | 2 | 8.0 GB | OpenJDK 17.0.2 | 2026-12-01T10:00:00Z | CREATE TABLE telematics (ts timestamptz, tag\\_id int) |
                | noop #2 | 0.1.0-SNAPSHOT | abc1234 | noop | 17.2 | embedded | fsync=on | 42 | box | 2 | 8.0 GB | OpenJDK 17.0.2 | 2026-12-01T10:00:00Z | CREATE TABLE telematics (ts timestamptz, tag\\_id int) |
                | file tuned | 0.1.0-SNAPSHOT | abc1234 | file | 17.2 | embedded | fsync=on | 42 | box | 2 | 8.0 GB | OpenJDK 17.0.2 | 2026-12-01T10:00:00Z | CREATE TABLE telematics (ts timestamptz, tag\\_id int) |
                """, Files.readString(dir.resolve("report.md")));
    }

    @Test
    void csvOfEveryTablePlainNumbersQuotedText() throws Exception {
        List<Path> files = Report.writeFiles(twoTargets(), dir);
        assertEquals(List.of("report.html", "report.md", "runs.csv", "configurations.csv", "latency.csv", "verification.csv",
                "provenance.csv"), files.stream().map(f -> f.getFileName().toString()).toList());
        assertEquals(crlf("""
                run,label,target,workload,headline,value,rows,skipped rows,points,p50 ms,p99 ms,errors,verification,exit code,stop reason,run id
                noop #1,,noop,iot-insert,rows/s,10000,100000,0,1000000,3.001,10.007,0,PASSED,0,COMPLETED,20261201-100000-iot-insert-noop-aaaa
                noop #2,,noop,iot-insert,rows/s,11000,110000,0,1100000,3.001,10.007,0,PASSED,0,COMPLETED,20261201-100030-iot-insert-noop-cccc
                file tuned,tuned,file,iot-insert,rows/s,5000,50000,0,500000,3.001,10.007,0,FAILED,0,COMPLETED,20261201-100100-iot-insert-file-bbbb
                """), Files.readString(dir.resolve("runs.csv")));
        assertEquals(crlf("""
                configuration,workload,runs,headline,mean,± 95% CI %,p99 ms,p99 ± 95% CI %
                noop,iot-insert,2,rows/s,10500,60.51,10.007,0
                file tuned,iot-insert,1,rows/s,5000,,10.007,
                """), Files.readString(dir.resolve("configurations.csv")));
        assertEquals(crlf("""
                run,status,expected,actual,unknown landed,message,failure
                noop #1,PASSED,100000,100000,,"100,000 rows in table telematics as reported",
                noop #2,PASSED,100000,100000,,"100,000 rows in table telematics as reported",
                file tuned,FAILED,50000,49990,,"49,990 rows in file, expected 50,000",
                """), Files.readString(dir.resolve("verification.csv")));
    }

    /** The server's account: its table and the top statements, in Markdown and CSV alike. */
    @Test
    void serverTablesInMarkdownAndCsv() throws Exception {
        List<Path> files = Report.writeFiles(List.of(Runs.run("20261201-100000-tpcc-postgres-dddd").target("postgres")
                .workload("tpcc").rows(0).tpmC(1000).server().build()), dir);
        List<String> names = files.stream().map(f -> f.getFileName().toString()).toList();
        assertTrue(names.containsAll(List.of("server.csv", "statements.csv")), names.toString());
        String md = Files.readString(dir.resolve("report.md"));
        assertTrue(md.contains("""
                ## Server (its own account of each run)

                | run | server time | looks | commits | WAL bytes | WAL syncs | stored at start | stored at end | bytes per row | bytes per point | not had |
                |---|---|---:|---:|---:|---:|---:|---:|---:|---:|---|
                | postgres | 42% CPU, 31% Lock, 17% IO:WalSync, 10% other (PostgreSQL wait events of our backends) | 50 | 15,000 | 60.0 MB | 8,000 | 1.0 MB | 16.0 MB | 150.0 | 15.0 |  |
                """), md);
        assertTrue(md.contains("""
                ## Top statements (server time during the run)

                | run | rank | calls | total ms | mean ms | rows | statement |
                |---|---:|---:|---:|---:|---:|---|
                | postgres | 1 | 4,000 | 9,000.5 | 2.25 | 4,000 | UPDATE district SET d\\_next\\_o\\_id = d\\_next\\_o\\_id + 1 WHERE d\\_w\\_id = $1 |
                """), md);
        assertEquals(crlf("""
                run,rank,calls,total ms,mean ms,rows,statement
                postgres,1,4000,9000.5,2.25,4000,UPDATE district SET d_next_o_id = d_next_o_id + 1 WHERE d_w_id = $1
                """), Files.readString(dir.resolve("statements.csv")));
    }

    /** RFC 4180 ends records with CRLF. */
    private static String crlf(String s) {
        return s.replace("\n", "\r\n");
    }
}
