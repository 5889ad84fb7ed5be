package io.dbharness.live;

import io.dbharness.core.result.MetricsPush;

import java.io.PrintStream;
import java.util.List;

/**
 * {@code --metrics-push}: the live figures and events written to an InfluxDB as line protocol
 * ({@link InfluxLines}) after every interval, by {@link LinePush}'s thread: this exporter only renders and queues.
 */
public final class InfluxPush implements LiveExporter {

    private final LinePush push;
    private final InfluxLines lines;

    public InfluxPush(PushOptions target, PrintStream err) {
        this(new LinePush(target, err), target);
    }

    InfluxPush(LinePush push, PushOptions target) {
        this.push = push;
        this.lines = new InfluxLines(target.precision());
    }

    @Override
    public synchronized void updated(LiveFigures figures) {
        push.offer(lines.series(figures.snapshot()), true);
    }

    /** Queued for the next interval's push: an event alone does not make a request. */
    @Override
    public synchronized void event(LiveEvent event) {
        push.offer(List.of(lines.event(event)), false);
    }

    /** Pushes what is queued and waits for it, bounded: a run's end, before its result is written. */
    public void flush() {
        push.flush(LinePush.LONGEST_PUSH);
    }

    @Override
    public void close() {
        push.close();
    }

    /** What the pushes did so far, for the result: failures are said in the summary. */
    public MetricsPush counts() {
        return push.counts();
    }
}
