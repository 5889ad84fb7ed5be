package io.dbharness.core.measure;

import io.dbharness.core.api.UsageException;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;

/**
 * Which disks and network interfaces of a server host count ({@code --server-devices}). Names are separated by
 * commas or blanks; BenchmarkSQL's {@code osCollectorDevices} syntax is taken as it is ({@code net_eth0 blk_sda}),
 * and a plain name ({@code sda}, {@code eth0}) is a disk or an interface, whichever the host has. Where none is named
 * (no disk, or no interface): every disk that is not virtual, stacked or a partition, and every interface but
 * loopback, which counts too when the host is this machine's loopback address (a server on it talks to us through
 * {@code lo}).
 */
public final class DeviceFilter {

    /** The default: every real disk and interface. */
    public static final DeviceFilter DEFAULT = new DeviceFilter(Set.of(), Set.of(), Set.of());

    /**
     * Devices whose IO is counted elsewhere or nowhere: memory, loop and network block devices, device-mapper and md
     * (their disks carry the IO), CD drives, and partitions (their disk's line holds their IO). By name, since a
     * remote host's /sys is not at hand; node_exporter leaves out partitions, ram and loop devices the same way.
     */
    private static final Pattern NOT_A_DISK = Pattern.compile(
            "(loop|ram|zram|nbd|dm-|md|sr|fd)\\d.*|(h|s|v|xv)d[a-z]+\\d+|(nvme\\d+n\\d+|mmcblk\\d+)p\\d+");

    private final Set<String> disks;
    private final Set<String> interfaces;
    private final Set<String> either;

    private DeviceFilter(Set<String> disks, Set<String> interfaces, Set<String> either) {
        this.disks = disks;
        this.interfaces = interfaces;
        this.either = either;
    }

    /** The filter {@code list} names; {@link #DEFAULT} when it is null or blank. */
    public static DeviceFilter parse(String list) {
        if (list == null || list.isBlank()) {
            return DEFAULT;
        }
        Set<String> disks = new LinkedHashSet<>();
        Set<String> interfaces = new LinkedHashSet<>();
        Set<String> either = new LinkedHashSet<>();
        for (String item : list.strip().split("[,\\s]+")) {
            if (item.startsWith("blk_") && item.length() > 4) {
                disks.add(item.substring(4));
            } else if (item.startsWith("net_") && item.length() > 4) {
                interfaces.add(item.substring(4));
            } else if (item.startsWith("/dev/") && item.length() > 5) {
                disks.add(item.substring(5));
            } else if (!item.isEmpty()) {
                either.add(item);
            }
        }
        return new DeviceFilter(Set.copyOf(disks), Set.copyOf(interfaces), Set.copyOf(either));
    }

    /** Whether devices were named (else every real one counts). */
    public boolean named() {
        return !disks.isEmpty() || !interfaces.isEmpty() || !either.isEmpty();
    }

    /**
     * The reading with only what counts. Disks and interfaces are chosen apart: naming only disks (BenchmarkSQL's
     * {@code blk_sda}) keeps every real interface, naming only interfaces every real disk, so a figure that was not
     * asked about is still measured rather than shown as 0.
     */
    public HostReading apply(HostReading all, boolean loopbackHost) {
        Set<String> hasDisks = all.disks() == null ? Set.of() : all.disks().devices().keySet();
        Set<String> hasIfaces = all.network() == null ? Set.of() : all.network().interfaces().keySet();
        boolean disksNamed = !disks.isEmpty() || either.stream().anyMatch(hasDisks::contains);
        boolean ifacesNamed = !interfaces.isEmpty() || either.stream().anyMatch(hasIfaces::contains);
        return all.only(d -> disksNamed ? disks.contains(d) || either.contains(d) : realDisk(d),
                i -> ifacesNamed ? interfaces.contains(i) || either.contains(i) : loopbackHost || !i.equals("lo"));
    }

    /**
     * Refuses a name the host has no disk or interface of, in one line naming the host and what it has.
     *
     * @param all a reading of every disk and interface the host reports
     */
    public void requirePresent(String host, HostReading all) {
        Set<String> hasDisks = all.disks() == null ? Set.of() : all.disks().devices().keySet();
        Set<String> hasIfaces = all.network() == null ? Set.of() : all.network().interfaces().keySet();
        List<String> missing = new ArrayList<>();
        disks.stream().filter(d -> !hasDisks.contains(d)).forEach(d -> missing.add("disk " + d));
        interfaces.stream().filter(i -> !hasIfaces.contains(i)).forEach(i -> missing.add("interface " + i));
        either.stream().filter(n -> !hasDisks.contains(n) && !hasIfaces.contains(n)).forEach(missing::add);
        if (!missing.isEmpty()) {
            throw new UsageException("--server-devices: host " + host + " has no " + String.join(", ", new TreeSet<>(missing))
                    + " (its disks: " + names(hasDisks) + "; its interfaces: " + names(hasIfaces) + ")");
        }
    }

    /** A whole, real disk by its name alone (see {@link #NOT_A_DISK}). */
    public static boolean realDisk(String name) {
        return !NOT_A_DISK.matcher(name.toLowerCase(Locale.ROOT)).matches();
    }

    private static String names(Set<String> names) {
        return names.isEmpty() ? "none" : String.join(" ", new TreeSet<>(names));
    }

    @Override
    public String toString() {
        List<String> out = new ArrayList<>();
        disks.forEach(d -> out.add("blk_" + d));
        interfaces.forEach(i -> out.add("net_" + i));
        out.addAll(either);
        return named() ? String.join(",", out) : "default";
    }
}
