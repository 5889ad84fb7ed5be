package io.dbharness.core.measure;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Predicate;

/**
 * Reads the counters out of the texts of Linux's /proc files: the client host's own, and a server host's read over
 * SSH, parsed by the same code. Pure functions of the text, apart from the question which block devices count, so
 * tests feed real excerpts. Each returns null for a text it cannot read: the figure is then unknown, never a reason
 * to fail the run. No split or regex: a sample is a handful of small files every watch interval, parsed in place.
 */
public final class ProcText {

    /**
     * The aggregate {@code cpu} line of /proc/stat, in clock ticks since boot (any unit will do: only shares of
     * the total are taken).
     *
     * @param cores the {@code cpuN} lines counted, 0 when the text holds only the aggregate line
     */
    public record Cpu(long userTicks, long systemTicks, long iowaitTicks, long idleTicks, long totalTicks, int cores) {
    }

    /** From /proc/meminfo. */
    public record Memory(long usedBytes, long totalBytes) {
    }

    /**
     * One block device's counters of /proc/diskstats since boot; a counter a source did not give is -1 (an exporter
     * without one of node_exporter's disk series), and the figures made from it are then unknown, never 0.
     *
     * @param ioMillis   time its requests took, reads and writes, queue included (the kernel's iostats fields 4
     *                   and 8)
     * @param busyMillis time it had at least one request in flight (iostats field 10, {@code io_ticks}): its busy
     *                   time
     */
    public record Disk(long reads, long writes, long readBytes, long writeBytes, long ioMillis, long busyMillis) {
    }

    /** The counted block devices by name, in the text's order. */
    public record Disks(Map<String, Disk> devices) {
        public Disks {
            devices = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(devices));
        }
    }

    /** One interface's bytes of /proc/net/dev since boot. */
    public record Traffic(long receiveBytes, long transmitBytes) {
    }

    /** The counted interfaces by name, in the text's order. */
    public record Network(Map<String, Traffic> interfaces) {
        public Network {
            interfaces = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(interfaces));
        }
    }

    /** /proc/diskstats counts sectors of 512 bytes whatever the device's own sector size. */
    private static final long SECTOR_BYTES = 512;

    private ProcText() {
    }

    /**
     * {@code cpu  user nice system idle iowait irq softirq steal guest guest_nice}: user takes nice, system takes
     * irq and softirq; the total leaves guest out because user already holds it.
     */
    public static Cpu cpu(String stat) {
        int at = lineStarting(stat, "cpu ");
        if (at < 0) {
            return null;
        }
        Cursor c = new Cursor(stat, at + 4);
        long[] f = new long[8];
        int n = 0;
        while (n < f.length && c.hasNumber()) {
            f[n++] = c.nextLong();
        }
        if (n < 5) { // iowait came with Linux 2.5.41: anything older is not worth guessing about
            return null;
        }
        long user = f[0] + f[1];
        long system = f[2] + f[5] + f[6];
        long total = 0;
        for (int i = 0; i < n; i++) {
            total += f[i];
        }
        int cores = 0;
        for (int i = stat.indexOf("\ncpu"); i >= 0; i = stat.indexOf("\ncpu", i + 4)) {
            if (i + 4 < stat.length() && stat.charAt(i + 4) >= '0' && stat.charAt(i + 4) <= '9') {
                cores++;
            }
        }
        return new Cpu(user, system, f[4], f[3], total, cores);
    }

    /** Used is MemTotal less MemAvailable (what the kernel could hand out without swapping), both in kB. */
    public static Memory memory(String meminfo) {
        long total = kilobytes(meminfo, "MemTotal:");
        long available = kilobytes(meminfo, "MemAvailable:");
        if (total < 0 || available < 0) {
            return null;
        }
        return new Memory((total - available) * 1024, total * 1024);
    }

    /**
     * {@code major minor name reads merged sectors msReading writes merged sectors msWriting inFlight msBusy ...},
     * the devices {@code counted} accepts (whole disks: a partition's IO is in its disk's line already).
     */
    public static Disks disks(String diskstats, Predicate<String> counted) {
        Map<String, Disk> devices = new LinkedHashMap<>();
        Cursor c = new Cursor(diskstats, 0);
        while (c.more()) {
            int lineEnd = c.lineEnd();
            c.nextLong();
            c.nextLong();
            String name = c.nextWord();
            if (name == null) {
                return null;
            }
            if (counted.test(name)) {
                long[] f = c.numbers(10, lineEnd);
                if (f == null) {
                    return null;
                }
                devices.put(name, new Disk(f[0], f[4], f[2] * SECTOR_BYTES, f[6] * SECTOR_BYTES, f[3] + f[7], f[9]));
            }
            c.pos = lineEnd + 1;
        }
        return new Disks(devices);
    }

    /**
     * Every interface but loopback ({@code lo}): it is not the network, and traffic to a server on localhost
     * already shows in the run's own bytes written.
     */
    public static Network network(String netDev) {
        return network(netDev, name -> !name.equals("lo"));
    }

    /** Two header lines, then {@code name: rxBytes packets errs drop fifo frame compressed multicast txBytes ...}. */
    public static Network network(String netDev, Predicate<String> counted) {
        Map<String, Traffic> interfaces = new LinkedHashMap<>();
        boolean any = false;
        Cursor c = new Cursor(netDev, 0);
        while (c.more()) {
            int lineEnd = c.lineEnd();
            int colon = netDev.indexOf(':', c.pos);
            if (colon >= 0 && colon < lineEnd) {
                String name = netDev.substring(c.pos, colon).strip();
                if (counted.test(name)) {
                    c.pos = colon + 1; // an old kernel writes "eth0:123": no space after the colon
                    long[] f = c.numbers(9, lineEnd);
                    if (f == null) {
                        return null;
                    }
                    interfaces.put(name, new Traffic(f[0], f[8]));
                }
                any = true;
            }
            c.pos = lineEnd + 1;
        }
        return any ? new Network(interfaces) : null;
    }

    private static long kilobytes(String meminfo, String key) {
        int at = lineStarting(meminfo, key);
        if (at < 0) {
            return -1;
        }
        Cursor c = new Cursor(meminfo, at + key.length());
        return c.hasNumber() ? c.nextLong() : -1;
    }

    /** Where the line that starts with {@code prefix} begins, -1 when there is none. */
    private static int lineStarting(String text, String prefix) {
        if (text.startsWith(prefix)) {
            return 0;
        }
        int i = text.indexOf("\n" + prefix);
        return i < 0 ? -1 : i + 1;
    }

    /** Walks a text number by number, skipping blanks (spaces and tabs, not line ends). */
    private static final class Cursor {
        private final String s;
        int pos;

        Cursor(String s, int pos) {
            this.s = s;
            this.pos = pos;
        }

        boolean more() {
            while (pos < s.length() && Character.isWhitespace(s.charAt(pos))) {
                pos++;
            }
            return pos < s.length();
        }

        int lineEnd() {
            int e = s.indexOf('\n', pos);
            return e < 0 ? s.length() : e;
        }

        boolean hasNumber() {
            skipBlanks();
            return pos < s.length() && s.charAt(pos) >= '0' && s.charAt(pos) <= '9';
        }

        /** The unsigned decimal at the cursor; 0 when there is none (callers ask {@link #hasNumber} first). */
        long nextLong() {
            skipBlanks();
            long v = 0;
            while (pos < s.length()) {
                char ch = s.charAt(pos);
                if (ch < '0' || ch > '9') {
                    break;
                }
                v = v * 10 + (ch - '0');
                pos++;
            }
            return v;
        }

        /** The next {@code n} numbers, all before {@code lineEnd}; null when the line holds fewer. */
        long[] numbers(int n, int lineEnd) {
            long[] f = new long[n];
            for (int i = 0; i < n; i++) {
                if (!hasNumber() || pos > lineEnd) {
                    return null;
                }
                f[i] = nextLong();
            }
            return f;
        }

        String nextWord() {
            skipBlanks();
            int from = pos;
            while (pos < s.length() && !Character.isWhitespace(s.charAt(pos))) {
                pos++;
            }
            return pos > from ? s.substring(from, pos) : null;
        }

        private void skipBlanks() {
            while (pos < s.length() && (s.charAt(pos) == ' ' || s.charAt(pos) == '\t')) {
                pos++;
            }
        }
    }
}
