package io.dbharness.iot;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The digest thread: answers in the order handed over, every one done after await, its CPU counted, the queue bounded. */
class AnswerDigesterTest {

    @Test
    @Timeout(30)
    void digestsInOrderOffTheCallersThreadAndAwaitWaitsForAll() {
        AnswerDigester d = new AnswerDigester();
        List<Integer> done = Collections.synchronizedList(new ArrayList<>());
        List<String> threads = Collections.synchronizedList(new ArrayList<>());
        for (int i = 0; i < 200; i++) {
            int n = i;
            d.submit(10, () -> {
                threads.add(Thread.currentThread().getName());
                done.add(n);
            });
        }
        d.await();
        assertEquals(200, done.size());
        for (int i = 0; i < 200; i++) {
            assertEquals(i, done.get(i));
        }
        assertTrue(threads.stream().allMatch("dbharness-answers"::equals), threads.toString());
    }

    @Test
    @Timeout(30)
    void theDigestsCpuTimeIsCounted() {
        AnswerDigester d = new AnswerDigester();
        var mx = ManagementFactory.getThreadMXBean();
        d.submit(1, () -> { // at least 50 ms of this thread's CPU, however slow the machine
            long start = mx.getCurrentThreadCpuTime();
            long x = 0;
            while (mx.getCurrentThreadCpuTime() - start < 50_000_000L) {
                x += Long.numberOfTrailingZeros(x + System.nanoTime());
            }
            assertTrue(x >= 0);
        });
        d.await();
        assertTrue(d.cpuSeconds().orElseThrow() >= 0.05, d.cpuSeconds().toString());
    }

    @Test
    @Timeout(30)
    void aWorkerHandingOverMoreThanFitsWaitsForTheDigests() throws Exception {
        AnswerDigester d = new AnswerDigester(100);
        CountDownLatch release = new CountDownLatch(1);
        d.submit(60, () -> {
            try {
                release.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        CountDownLatch handedOver = new CountDownLatch(1);
        Thread worker = new Thread(() -> {
            d.submit(60, () -> { }); // 60 + 60 > 100: waits until the first is digested
            handedOver.countDown();
        });
        worker.start();
        while (worker.getState() != Thread.State.WAITING) { // parked on the queue's room, not yet handed over
            Thread.onSpinWait();
        }
        assertEquals(1, handedOver.getCount());
        release.countDown();
        assertTrue(handedOver.await(20, TimeUnit.SECONDS));
        worker.join();
        d.await();
    }
}
