package io.dbharness.live;

import io.dbharness.core.result.MetricsPush;

import java.io.PrintStream;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Sends line-protocol points to an InfluxDB ({@code --metrics-push}) on a thread of its own, so a slow or dead
 * server never slows the run: {@link #offer} only queues. Each wake-up posts everything queued in one request; a
 * push that fails keeps its points for the next one, the backlog bounded by dropping the oldest (counted). The
 * first failure is said in one line; {@link #counts()} go to the result.
 */
public final class LinePush implements AutoCloseable {

    /** Points kept while the server does not answer: some minutes of a run's figures. */
    static final int DEFAULT_BACKLOG = 200_000;
    static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(2);
    static final Duration REQUEST_TIMEOUT = Duration.ofSeconds(5);
    private static final String NO_ANSWER = "no answer within " + REQUEST_TIMEOUT.toSeconds() + " s";
    /** The longest one push takes: what {@link #flush} waits at most. */
    static final Duration LONGEST_PUSH = CONNECT_TIMEOUT.plus(REQUEST_TIMEOUT).plusSeconds(1);

    private final PushOptions target;
    private final PrintStream err;
    private final int backlogLimit;
    private final HttpClient client;
    private final Thread sender;
    // guarded by this
    private final Deque<String> backlog = new ArrayDeque<>();
    private boolean wanted;
    private boolean closed;
    private boolean said;
    /** Points of the request under way. */
    private int inFlight;
    private long pushes;
    private long failed;
    private long dropped;
    private long sent;

    public LinePush(PushOptions target, PrintStream err) {
        this(target, err, DEFAULT_BACKLOG);
    }

    LinePush(PushOptions target, PrintStream err, int backlogLimit) {
        this.target = target;
        this.err = err;
        this.backlogLimit = backlogLimit;
        this.client = HttpClient.newBuilder().connectTimeout(CONNECT_TIMEOUT).version(HttpClient.Version.HTTP_1_1)
                .build();
        this.sender = new Thread(this::loop, "dbharness-metrics-push");
        sender.setDaemon(true); // a push under way never keeps the JVM from exiting
        sender.start();
    }

    /** Queues {@code lines} (one point each) and has the sender push them now; never blocks on the network. */
    public void offer(List<String> lines) {
        offer(lines, true);
    }

    /** Queues {@code lines}; with {@code send} the sender pushes now, else they wait for the next push. */
    public synchronized void offer(List<String> lines, boolean send) {
        if (closed) {
            return;
        }
        backlog.addAll(lines);
        trim();
        if (send && !backlog.isEmpty()) {
            wanted = true;
            notifyAll();
        }
    }

    /** Drops the oldest points beyond the bound: the newest say most about the run as it is now. */
    private void trim() {
        while (backlog.size() > backlogLimit) {
            backlog.removeFirst();
            dropped++;
        }
    }

    private void loop() {
        while (true) {
            List<String> batch;
            synchronized (this) {
                while (!wanted && !closed) {
                    try {
                        wait();
                    } catch (InterruptedException e) {
                        return;
                    }
                }
                if (closed) {
                    return;
                }
                wanted = false;
                batch = new ArrayList<>(backlog);
                backlog.clear();
                inFlight = batch.size();
                pushes++;
            }
            boolean ok = post(batch);
            synchronized (this) {
                inFlight = 0;
                if (ok) {
                    sent += batch.size();
                } else { // kept for the next push, before anything queued since
                    failed++;
                    for (int i = batch.size() - 1; i >= 0; i--) {
                        backlog.addFirst(batch.get(i));
                    }
                    trim();
                }
                notifyAll(); // a flush waits for this
            }
        }
    }

    private boolean post(List<String> batch) {
        StringBuilder body = new StringBuilder();
        batch.forEach(line -> body.append(line).append('\n'));
        HttpRequest.Builder b = HttpRequest.newBuilder(target.writeUri()).timeout(REQUEST_TIMEOUT)
                .header("Content-Type", "text/plain; charset=utf-8")
                .POST(HttpRequest.BodyPublishers.ofString(body.toString()));
        target.authorization().ifPresent(a -> b.header("Authorization", a));
        String why;
        // the request's own timeout ends at the response's head: a server that then stalls its body would hold this
        // thread, and every later push, for ever; the whole exchange is bounded here
        CompletableFuture<HttpResponse<String>> exchange = client.sendAsync(b.build(),
                HttpResponse.BodyHandlers.ofString());
        try {
            HttpResponse<String> r = exchange.get(REQUEST_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
            // InfluxDB's write (1.x and 2.x, and what speaks its protocol) answers 204 No Content: any other 2xx is
            // some other server (a web page, a proxy's) that stored nothing, not a push that went through
            if (r.statusCode() == 204) {
                return true;
            }
            why = r.statusCode() / 100 == 2 ? "HTTP " + r.statusCode() + r.headers().firstValue("Content-Type")
                    .map(t -> " (" + t + ")").orElse("") + " where an InfluxDB write answers 204: is this its write URL?"
                    : "HTTP " + r.statusCode() + firstLine(r.body());
        } catch (TimeoutException e) {
            why = NO_ANSWER;
        } catch (ExecutionException e) {
            why = why(e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            why = "interrupted";
        } finally {
            exchange.cancel(true); // no effect once done; else gives the stalled exchange up
        }
        sayOnce(why);
        return false;
    }

    private static String why(Throwable failure) {
        if (failure instanceof java.net.http.HttpTimeoutException) {
            return NO_ANSWER;
        }
        if (failure instanceof java.net.ConnectException) {
            return "connection refused";
        }
        return failure.getMessage() == null ? failure.getClass().getSimpleName() : failure.getMessage();
    }

    private void sayOnce(String why) {
        synchronized (this) {
            if (said) {
                return;
            }
            said = true;
        }
        err.println("warning: --metrics-push " + target.shown() + " failed (" + why + "); the run goes on, the points"
                + " are kept and sent again with the next interval's; the failed pushes are counted in the result");
    }

    private static String firstLine(String body) {
        String b = body == null ? "" : body.strip();
        int nl = b.indexOf('\n');
        b = nl < 0 ? b : b.substring(0, nl);
        return b.isEmpty() ? "" : ": " + (b.length() > 200 ? b.substring(0, 200) + "..." : b);
    }

    /**
     * Pushes what is queued and waits until that push is over (sent or failed), at most {@code wait}: the end of a
     * run, so its result counts what became of its points. A frozen server holds it {@link #LONGEST_PUSH} at most.
     */
    public void flush(Duration wait) {
        long deadline = System.nanoTime() + wait.toNanos();
        synchronized (this) {
            if (closed) {
                return;
            }
            if (!backlog.isEmpty()) {
                wanted = true;
                notifyAll();
            }
            try {
                while ((wanted || inFlight > 0) && System.nanoTime() < deadline) {
                    wait(Math.max(1, (deadline - System.nanoTime()) / 1_000_000));
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /** What the pushes did so far; points queued or under way are not sent (yet): counted as unsent. */
    public synchronized MetricsPush counts() {
        return new MetricsPush(pushes, failed, sent, dropped + backlog.size() + inFlight);
    }

    /** Stops the sender; what it has not sent stays unsent (a last {@link #flush} has tried). */
    @Override
    public void close() {
        synchronized (this) {
            closed = true;
            notifyAll();
        }
        sender.interrupt();
    }
}
