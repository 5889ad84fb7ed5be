package io.dbharness.live;

import io.dbharness.core.result.MetricsPush;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A push to a port nobody listens on (refused at once: no timing involved): every push fails and is counted, the
 * failure is said once, the backlog keeps the newest points up to its bound and counts the rest as dropped.
 */
@Timeout(60)
class LinePushTest {

    @Test
    void failedPushesAreCountedSaidOnceAndTheirPointsKeptUpToTheBound() throws Exception {
        int nobody;
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            nobody = s.getLocalPort();
        }
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        PrintStream e = new PrintStream(err, true, StandardCharsets.UTF_8);
        String url = "http://127.0.0.1:" + nobody + "/write?db=live";
        LinePush push = new LinePush(PushOptions.parse(url, ""), e, 5);
        for (int i = 0; i < 4; i++) {
            push.offer(List.of("m v=" + (3 * i) + " 1", "m v=" + (3 * i + 1) + " 2", "m v=" + (3 * i + 2) + " 3"));
            long before = i;
            awaitCount(push, before + 1); // each interval's push has failed before the next is offered
        }
        push.flush(Duration.ofSeconds(30));
        push.close();
        // 12 points offered, at most 5 kept at any time (7 dropped), none sent: all 12 unsent
        MetricsPush counts = push.counts();
        assertEquals(0, counts.sentPoints());
        assertEquals(12, counts.unsentPoints());
        assertEquals(counts.pushes(), counts.failedPushes());
        assertEquals(5, counts.failedPushes(), counts.toString()); // 4 offers and the flush
        String said = err.toString(StandardCharsets.UTF_8);
        assertEquals(1, said.lines().count(), said);
        assertTrue(said.startsWith("warning: --metrics-push " + url + " failed ("), said);
    }

    /** Waits (bounded by the test's timeout) until {@code n} pushes have failed. */
    private static void awaitCount(LinePush push, long n) throws InterruptedException {
        while (push.counts().failedPushes() < n) {
            Thread.sleep(5);
        }
    }
}
