package io.dbharness.tck;

/**
 * What a target documents about a write whose outcome was lost with its connection (its README's table "what a
 * write cut off by a lost connection or a timeout means"): what the engine can do about it.
 */
public enum LostWrites {
    /**
     * The target tracks commits: after reconnecting, {@code resolveLastWrite()} says whether the write was
     * stored (APPLIED, with what it stored) or not (NOT_APPLIED). PostgreSQL 10+ through {@code txid_status}.
     */
    SETTLED,
    /** Writing the same rows twice stores them once ({@code idempotent()}): a write in doubt is sent again. */
    RESENT,
    /** Neither: a write whose whole request went out and whose answer was lost stays of unknown fate. */
    IN_DOUBT
}
