package io.dbharness.core.measure;

import io.dbharness.core.api.UsageException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

@Timeout(30)
class DeviceFilterTest {

    /** Every device of the partitions fixture and the VM's interfaces, as a source hands them over. */
    private static HostReading all() {
        return new HostReading(0, null, null, ProcText.disks(ProcTextTest.fixture("diskstats-partitions"), n -> true),
                ProcText.network(ProcTextTest.fixture("before/net/dev"), n -> true));
    }

    @Test
    void byDefaultWholeRealDisksAndEveryInterfaceButLoopbackUnlessTheHostIsLoopback() {
        HostReading r = DeviceFilter.DEFAULT.apply(all(), false);
        assertEquals(List.of("nvme0n1", "sda"), List.copyOf(r.disks().devices().keySet()));
        assertFalse(r.network().interfaces().containsKey("lo"));
        assertTrue(DeviceFilter.DEFAULT.apply(all(), true).network().interfaces().containsKey("lo"));
        for (String no : List.of("sda1", "nvme0n1p2", "dm-0", "loop0", "ram0", "md127", "mmcblk0p1", "xvda3", "sr0")) {
            assertFalse(DeviceFilter.realDisk(no), no);
        }
        for (String yes : List.of("sda", "vdb", "xvda", "nvme1n1", "mmcblk0", "hdc")) {
            assertTrue(DeviceFilter.realDisk(yes), yes);
        }
    }

    @Test
    void benchmarkSqlsSyntaxAndPlainNamesPickDisksAndInterfaces() {
        HostReading bsql = DeviceFilter.parse("net_eth0 blk_sda").apply(all(), false);
        assertEquals(List.of("sda"), List.copyOf(bsql.disks().devices().keySet()));
        assertEquals(List.of("eth0"), List.copyOf(bsql.network().interfaces().keySet()));
        HostReading plain = DeviceFilter.parse("nvme0n1,lo").apply(all(), false);
        assertEquals(List.of("nvme0n1"), List.copyOf(plain.disks().devices().keySet()));
        assertEquals(List.of("lo"), List.copyOf(plain.network().interfaces().keySet()), "named: counted even on a remote host");
        HostReading disksOnly = DeviceFilter.parse("blk_sda").apply(all(), false);
        assertEquals(List.of("sda"), List.copyOf(disksOnly.disks().devices().keySet()));
        assertEquals(List.of("ifb0", "ifb1", "eth0"), List.copyOf(disksOnly.network().interfaces().keySet()),
                "no interface named: every real one, not none (the network is still measured)");
        HostReading ifaceOnly = DeviceFilter.parse("eth0").apply(all(), false);
        assertEquals(List.of("nvme0n1", "sda"), List.copyOf(ifaceOnly.disks().devices().keySet()));
        assertEquals(List.of("eth0"), List.copyOf(ifaceOnly.network().interfaces().keySet()));
        assertEquals("blk_sda,net_eth0", DeviceFilter.parse(" blk_sda , net_eth0 ").toString());
        assertEquals(DeviceFilter.DEFAULT, DeviceFilter.parse("  "));
    }

    @Test
    void aNameTheHostHasNotIsRefusedNamingWhatItHas() {
        DeviceFilter.parse("blk_sda net_eth0 sda1").requirePresent("db1:9100", all());
        UsageException e = assertThrows(UsageException.class,
                () -> DeviceFilter.parse("blk_sdz,net_eth9,nope").requirePresent("db1:9100", all()));
        assertEquals("--server-devices: host db1:9100 has no disk sdz, interface eth9, nope (its disks: dm-0 loop0"
                + " nvme0n1 nvme0n1p1 nvme0n1p2 ram0 sda sda1; its interfaces: eth0 ifb0 ifb1 lo)", e.getMessage());
        DeviceFilter.DEFAULT.requirePresent("db1", new HostReading(0, null, null, new ProcText.Disks(Map.of()), null));
    }
}
