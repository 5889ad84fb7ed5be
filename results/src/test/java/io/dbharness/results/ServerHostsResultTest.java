package io.dbharness.results;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.dbharness.core.result.HostSample;
import io.dbharness.core.result.IntervalSample;
import io.dbharness.core.result.RunResult;
import io.dbharness.core.result.ServerHostUsage;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.OptionalLong;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The server hosts' figures in the result file: written, read back whole, valid, and absent where not sampled. */
class ServerHostsResultTest {

    static final HostSample DB1 = Samples.HOST.toBuilder().harnessCpuCores(-1).diskBusyPercent(95).build();

    /** Two hosts, the second stopped answering 7.5 s into the run and is missing from the intervals after. */
    static RunResult withServerHosts() {
        RunResult base = Samples.full();
        List<ServerHostUsage> hosts = List.of(
                new ServerHostUsage("db1:9100", "node_exporter", OptionalInt.of(8), OptionalLong.of(32_000_000_000L),
                        DB1, DB1, List.of("nvme0n1"), List.of("eth0"), OptionalDouble.empty(), null),
                new ServerHostUsage("db2", "ssh", OptionalInt.of(4), OptionalLong.of(16_000_000_000L), DB1, DB1,
                        List.of("sda"), List.of("eth0", "eth1"), OptionalDouble.of(7.5),
                        "java.net.ConnectException: Connection refused"));
        List<IntervalSample> intervals = base.intervals().stream()
                .map(i -> i.withServerHosts(i.endSeconds() <= 10 ? Map.of("db1:9100", DB1, "db2", DB1) : Map.of("db1:9100", DB1)))
                .toList();
        return base.toBuilder().resources(base.resources().withServerHosts(hosts)).intervals(intervals).build();
    }

    @Test
    void serverHostsAreWrittenReadBackWholeAndValid() throws Exception {
        RunResult r = withServerHosts();
        String json = ResultFiles.toJson(r);
        assertEquals(List.of(), SchemaCheck.errors(json));
        assertEquals(r, ResultFiles.parse(json, "test"));
        JsonNode tree = SchemaCheck.JSON.readTree(json);
        assertEquals("db2", tree.at("/resources/serverHosts/1/host").asText());
        assertEquals(7.5, tree.at("/resources/serverHosts/1/stoppedAtSeconds").asDouble());
        assertTrue(tree.at("/resources/serverHosts/0/stoppedAtSeconds").isMissingNode(), "answered to the end: absent");
        assertEquals(95, tree.at("/intervals/0/serverHosts/db1:9100/diskBusyPercent").asDouble());
        assertTrue(tree.at("/intervals/1/serverHosts/db2").isMissingNode(), "stopped: not in the interval after");
    }

    @Test
    void aRunWithoutServerHostsWritesNoneOfTheirFields() throws Exception {
        JsonNode tree = SchemaCheck.JSON.readTree(ResultFiles.toJson(Samples.full()));
        assertTrue(tree.at("/resources/serverHosts").isMissingNode());
        for (JsonNode i : tree.get("intervals")) {
            assertFalse(i.has("serverHosts"), i.toString());
        }
    }

    /** A /3 file written before the disks' busy share reads it as unknown, never as an idle 0. */
    @Test
    void aFileWrittenBeforeTheBusyShareReadsItAsUnknown() throws Exception {
        ObjectNode tree = (ObjectNode) SchemaCheck.JSON.readTree(ResultFiles.toJson(Samples.full()));
        ((ObjectNode) tree.at("/resources/mean")).remove("diskBusyPercent");
        ((ObjectNode) tree.at("/resources/peak")).remove("diskBusyPercent");
        for (JsonNode i : tree.get("intervals")) {
            if (i.get("host") instanceof ObjectNode h) {
                h.remove("diskBusyPercent");
            }
        }
        assertEquals(List.of(), SchemaCheck.errors(tree.toString()), "old /3 files stay valid");
        RunResult r = ResultFiles.parse(tree.toString(), "old");
        assertEquals(-1, r.resources().mean().diskBusyPercent());
        assertEquals(-1, r.resources().peak().diskBusyPercent());
        assertEquals(-1, r.intervals().get(0).host().diskBusyPercent());
    }
}
