package io.dbharness.results;

import io.dbharness.core.result.HostSample;
import io.dbharness.core.result.RunResult;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The summary's {@code server hosts} line and a series table's server columns, from a real run's host and its variants. */
class ServerHostRowsTest {

    /** The value of the summary's row labelled {@code label}, its wrapped lines joined. */
    private static String row(String summary, String label) {
        StringBuilder b = new StringBuilder();
        boolean in = false;
        for (String line : summary.split("\n")) {
            if (!line.startsWith("│ ")) {
                in = false;
                continue;
            }
            String[] cells = line.substring(2, line.length() - 2).split(" │ ", 2);
            if (cells.length < 2) {
                continue;
            }
            if (cells[0].strip().equals(label)) {
                in = true;
                b.append(cells[1].strip());
            } else if (in && cells[0].isBlank()) {
                b.append(' ').append(cells[1].strip());
            } else {
                in = false;
            }
        }
        return b.toString();
    }

    @Test
    void theRealHostsLineSaysItsCpuIopsAwaitAndNetwork() {
        RunResult r = ServerHostSamples.real();
        String line = row(SummaryTable.render(r), "server hosts");
        String host = ServerHostSamples.host().host();
        assertTrue(Pattern.matches(Pattern.quote(host) + ": CPU \\d+\\.\\d% busy \\(iowait \\d+\\.\\d%\\), [\\d,.]+ IOPS, await [\\d.]+ ms"
                + " \\(disks \\d+\\.\\d% busy\\), net in / out [\\d,.]+ / [\\d,.]+ MB/s", line), line);
        HostSample m = ServerHostSamples.host().mean();
        assertTrue(line.contains("CPU " + Fmt.oneDecimal(m.cpuUserPercent() + m.cpuSystemPercent()) + "% busy"), line);
        assertTrue(line.contains(Fmt.rate(m.diskReadsPerSecond() + m.diskWritesPerSecond()) + " IOPS"), line);
    }

    @Test
    void aFigureTheHostCouldNotTellIsMissingNeverZero() {
        RunResult r = ServerHostSamples.withHost(s -> s.toBuilder().diskReadsPerSecond(-1).diskWritesPerSecond(-1)
                .diskAwaitMillis(-1).diskBusyPercent(-1).build());
        String line = row(SummaryTable.render(r), "server hosts");
        assertTrue(line.contains("IOPS missing, await missing, net in / out"), line);
        assertEquals(List.of("missing", "missing"), ServerHostFigures.cells(r).subList(1, 3));
        assertTrue(ServerHostFigures.cells(r).get(0).endsWith("%"), ServerHostFigures.cells(r).toString());
    }

    @Test
    void severalHostsGetATotalAndALineEach() {
        // two more nodes, each twice as busy in writes and a quarter as busy in CPU as the measured one
        RunResult r = ServerHostSamples.hosts(3, s -> s.toBuilder().diskWritesPerSecond(2 * s.diskWritesPerSecond())
                .cpuUserPercent(s.cpuUserPercent() / 4).cpuSystemPercent(s.cpuSystemPercent() / 4).build());
        String summary = SummaryTable.render(r);
        HostSample m = ServerHostSamples.host().mean();
        int cores = ServerHostSamples.host().cores().orElseThrow();
        String total = row(summary, "server hosts");
        assertTrue(total.startsWith("3 hosts, " + (3 * cores) + " cores, in all: CPU "), total);
        // CPU over all the cores: (1 + 1/4 + 1/4) / 3 of the measured host's; IOPS summed
        double busy = (m.cpuUserPercent() + m.cpuSystemPercent()) * 1.5 / 3;
        assertTrue(total.contains("CPU " + Fmt.oneDecimal(busy) + "% busy"), total);
        double iops = 3 * m.diskReadsPerSecond() + 5 * m.diskWritesPerSecond();
        assertTrue(total.contains(Fmt.rate(iops) + " IOPS"), total);
        assertTrue(row(summary, "server host db2:9100").startsWith("CPU " + Fmt.oneDecimal((m.cpuUserPercent()
                + m.cpuSystemPercent()) / 4) + "% busy"), summary);
        assertFalse(row(summary, "server host db3:9100").isEmpty(), summary);
        assertTrue(summary.contains("│ server host " + ServerHostSamples.host().host() + " "), summary);
    }

    @Test
    void aHostThatStoppedAnsweringSaysWhenAndWhy() {
        String line = row(SummaryTable.render(ServerHostSamples.stopped(2.5, "Connection refused")), "server hosts");
        assertTrue(line.endsWith("; samples stopped 2.5 s into the run: Connection refused"), line);
    }

    @Test
    void noTotalWhereAHostStoppedAnsweringPartWay() {
        // its means are over its first seconds, the others' over the run: a sum of the two is no figure of the run
        RunResult two = ServerHostSamples.hosts(2, x -> x);
        List<io.dbharness.core.result.ServerHostUsage> hs = new java.util.ArrayList<>(two.resources().serverHosts());
        io.dbharness.core.result.ServerHostUsage h = hs.get(1);
        hs.set(1, new io.dbharness.core.result.ServerHostUsage(h.host(), h.source(), h.cores(), h.memoryTotalBytes(),
                h.mean(), h.peak(), h.disks(), h.interfaces(), java.util.OptionalDouble.of(2.1), "Connection refused"));
        RunResult r = two.toBuilder().resources(two.resources().withServerHosts(hs)).build();
        String summary = SummaryTable.render(r);
        String total = row(summary, "server hosts");
        assertFalse(total.contains("in all"), total);
        assertTrue(total.endsWith(": no total, db2:9100 stopped answering 2.1 s into the run"), total);
        assertTrue(row(summary, "server host db2:9100").endsWith("; samples stopped 2.1 s into the run: Connection refused"),
                summary);
        assertEquals(List.of("missing", "missing", "missing", "missing"), ServerHostFigures.cells(r)); // sweep, find-max
    }

    @Test
    void aResultWithoutServerHostsHasNoLineAndNoColumns() {
        assertFalse(SummaryTable.render(Samples.full()).contains("server host"));
        assertEquals(List.of(), ServerHostFigures.of(Samples.full()));
        assertEquals(List.of("missing", "missing", "missing", "missing"), ServerHostFigures.cells(Samples.full()));
        assertEquals(List.of("-", "-", "-", "-"), ServerHostFigures.cells(null));
    }
}
