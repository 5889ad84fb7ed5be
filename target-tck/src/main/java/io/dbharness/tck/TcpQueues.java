package io.dbharness.tck;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * What the kernel holds for a local server that does not read (Linux, {@code /proc/net/tcp}): the state that shows
 * a server frozen with SIGSTOP has been sent a request, which its stall waits for.
 */
public final class TcpQueues {

    private TcpQueues() {
    }

    /** Bytes received and not yet read by the process, summed over the connections whose local port is {@code port}. */
    public static long unreadBytes(int port) throws IOException {
        long sum = 0;
        for (String table : List.of("/proc/net/tcp", "/proc/net/tcp6")) {
            Path p = Path.of(table);
            if (!Files.isReadable(p)) {
                continue;
            }
            for (String line : Files.readAllLines(p)) {
                String[] f = line.trim().split("\\s+");
                // sl local_address rem_address st tx_queue:rx_queue ...; the header's second field is "local_address"
                if (f.length < 5 || !f[1].contains(":") || f[1].equals("local_address")) {
                    continue;
                }
                int localPort = Integer.parseInt(f[1].substring(f[1].lastIndexOf(':') + 1), 16);
                if (localPort != port || f[3].equals("0A")) { // 0A: listening, its queue is the accept backlog
                    continue;
                }
                sum += Long.parseLong(f[4].substring(f[4].indexOf(':') + 1), 16);
            }
        }
        return sum;
    }
}
