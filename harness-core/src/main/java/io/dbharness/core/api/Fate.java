package io.dbharness.core.api;

/**
 * What an attempt left in the target. A failure says NOT_APPLIED when nothing of it can have been stored
 * (refused, rolled back, never sent whole) and UNKNOWN when it may have been (the connection died or the
 * deadline passed after the whole request went out, before the answer came). APPLIED is what a later
 * {@link Operation#resolve()} may find out about an UNKNOWN attempt.
 */
public enum Fate {
    NOT_APPLIED, UNKNOWN, APPLIED
}
