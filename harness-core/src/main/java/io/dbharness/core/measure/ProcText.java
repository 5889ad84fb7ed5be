package io.dbharness.core.measure;

import java.util.function.Predicate;

/**
 * Reads the counters out of the texts of Linux's /proc files. Pure functions of the text, apart from the
 * question which block devices count, so tests feed real excerpts. Each returns null for a text it cannot read:
 * the figure is then unknown, never a reason to fail the run. No split or regex: a sample is a handful of small
 * files every watch interval, parsed in place.
 */
final class ProcText {

    /** The aggregate {@code cpu} line of /proc/stat, in clock ticks since boot. */
    record Cpu(long userTicks, long systemTicks, long iowaitTicks, long totalTicks) {
    }

    /** From /proc/meminfo. */
    record Memory(long usedBytes, long totalBytes) {
    }

    /** Sums over the counted block devices of /proc/diskstats since boot. */
    record Disks(long reads, long writes, long readBytes, long writeBytes, long ioMillis) {
    }

    /** Sums over the interfaces of /proc/net/dev since boot, loopback left out. */
    record Network(long receiveBytes, long transmitBytes) {
    }

    /** /proc/diskstats counts sectors of 512 bytes whatever the device's own sector size. */
    private static final long SECTOR_BYTES = 512;

    private ProcText() {
    }

    /**
     * {@code cpu  user nice system idle iowait irq softirq steal guest guest_nice}: user takes nice, system takes
     * irq and softirq; the total leaves guest out because user already holds it.
     */
    static Cpu cpu(String stat) {
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
        return new Cpu(user, system, f[4], total);
    }

    /** Used is MemTotal less MemAvailable (what the kernel could hand out without swapping), both in kB. */
    static Memory memory(String meminfo) {
        long total = kilobytes(meminfo, "MemTotal:");
        long available = kilobytes(meminfo, "MemAvailable:");
        if (total < 0 || available < 0) {
            return null;
        }
        return new Memory((total - available) * 1024, total * 1024);
    }

    /**
     * {@code major minor name reads merged sectors msReading writes merged sectors msWriting ...}, summed over
     * the devices {@code counted} accepts (whole disks: a partition's IO is in its disk's line already).
     */
    static Disks disks(String diskstats, Predicate<String> counted) {
        long reads = 0;
        long writes = 0;
        long readSectors = 0;
        long writeSectors = 0;
        long millis = 0;
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
                long[] f = c.numbers(8, lineEnd);
                if (f == null) {
                    return null;
                }
                reads += f[0];
                readSectors += f[2];
                millis += f[3] + f[7];
                writes += f[4];
                writeSectors += f[6];
            }
            c.pos = lineEnd + 1;
        }
        return new Disks(reads, writes, readSectors * SECTOR_BYTES, writeSectors * SECTOR_BYTES, millis);
    }

    /**
     * Two header lines, then {@code name: rxBytes packets errs drop fifo frame compressed multicast txBytes ...}.
     * Loopback ({@code lo}) is left out: it is not the network, and traffic to a server on localhost already shows
     * in the run's own bytes written.
     */
    static Network network(String netDev) {
        long rx = 0;
        long tx = 0;
        boolean any = false;
        Cursor c = new Cursor(netDev, 0);
        while (c.more()) {
            int lineEnd = c.lineEnd();
            int colon = netDev.indexOf(':', c.pos);
            if (colon >= 0 && colon < lineEnd) {
                String name = netDev.substring(c.pos, colon).strip();
                if (!name.equals("lo")) {
                    c.pos = colon + 1; // an old kernel writes "eth0:123": no space after the colon
                    long[] f = c.numbers(9, lineEnd);
                    if (f == null) {
                        return null;
                    }
                    rx += f[0];
                    tx += f[8];
                }
                any = true;
            }
            c.pos = lineEnd + 1;
        }
        return any ? new Network(rx, tx) : null;
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
