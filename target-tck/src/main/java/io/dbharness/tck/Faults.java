package io.dbharness.tck;

import io.dbharness.core.api.SeriesSchema;

/**
 * What a contract needs done to a target's server, given by the target's test class: the kit knows the API, the
 * test class knows how to hurt its server (terminate backends, kill and restart it, hold a lock, freeze it with
 * SIGSTOP, or put a {@link FaultProxy} in front of it and close its sockets).
 */
public interface Faults {

    /**
     * Cuts every connection the target under test holds to its server, as a terminated backend, a restart or a
     * reset does; returns once they are cut (a server restarted answers again).
     */
    void cut() throws Exception;

    /**
     * From now on, operations on {@code schema}'s table (writes; reads too where the contract stalls queries) do not
     * complete: they wait for a lock, for a frozen server, for bytes a proxy holds. Closing the stall lets them go.
     */
    Stall stall(SeriesSchema schema) throws Exception;

    /**
     * The next write reaches the server whole and the server stores it, but its answer never reaches the target
     * (a proxy holds it) until {@link HeldAnswer#cut()}. For {@link Clause#LOST_ANSWER}.
     */
    default HeldAnswer holdNextAnswer() throws Exception {
        throw new UnsupportedOperationException("no holdNextAnswer(): give it, or declare LOST_ANSWER not applicable");
    }

    /** A stall in place. */
    interface Stall extends AutoCloseable {

        /** Returns once an operation is seen held by the stall (a backend waiting for the lock, bytes unread); fails after a minute. */
        void awaitStalled() throws Exception;

        /** Lets what was held go on (a frozen server runs again, a lock is released). */
        @Override
        void close() throws Exception;
    }

    /** The answer of one write, held. */
    interface HeldAnswer {

        /** Returns once the server has answered the write (and so has stored it) and the answer is held; fails after a minute. */
        void awaitHeld() throws Exception;

        /** Cuts the connection the answer was held on: the target never gets it. */
        void cut() throws Exception;
    }
}
