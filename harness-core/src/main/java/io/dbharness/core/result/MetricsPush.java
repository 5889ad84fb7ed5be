package io.dbharness.core.result;

/**
 * What {@code --metrics-push} did over a run (over a series: up to its end): a push that failed never failed the run,
 * so the result says how many did and how many points were never sent.
 *
 * @param pushes        requests made
 * @param failedPushes  requests that failed (no answer within the timeout, refused, not 2xx); their points were kept
 *                      and sent again with the next one
 * @param sentPoints    points the server accepted
 * @param unsentPoints  points not sent by the end of the run: dropped beyond the bounded backlog while the server
 *                      failed, or still waiting after the last push failed (in a series, sent with the next run's)
 */
public record MetricsPush(long pushes, long failedPushes, long sentPoints, long unsentPoints) {

    /** Whether something was lost or failed: the summary says so. */
    public boolean hasTrouble() {
        return failedPushes > 0 || unsentPoints > 0;
    }

    /** Shards' pushes together. */
    public MetricsPush plus(MetricsPush o) {
        return o == null ? this : new MetricsPush(pushes + o.pushes, failedPushes + o.failedPushes,
                sentPoints + o.sentPoints, unsentPoints + o.unsentPoints);
    }
}
