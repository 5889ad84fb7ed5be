package io.dbharness.local;

import io.dbharness.core.api.TargetProvider;
import io.dbharness.tck.Clause;
import io.dbharness.tck.NotApplicable;
import io.dbharness.tck.TargetContract;
import org.junit.jupiter.api.Nested;

import java.util.Map;

/** The noop target, in its default encoding and in line protocol (which skips rows without a value). */
class NoopTargetContractTest {

    abstract static class Noop extends TargetContract {

        @Override
        protected TargetProvider provider() {
            return new NoopTargetProvider();
        }

        @Override
        protected NotApplicable notApplicable() {
            return NotApplicable.because("noop discards every row: nothing to count, no table to create, refuse or append to",
                            Clause.COUNT, Clause.SCHEMA_MODES)
                    .and("noop runs inside the harness: no connection to cut, nothing that can stall, no answer to lose",
                            Clause.RECONNECT, Clause.OP_TIMEOUT, Clause.CANCEL, Clause.LOST_WRITE, Clause.LOST_ANSWER)
                    .and("noop takes no credentials", Clause.AUTHENTICATION, Clause.SECRETS);
        }
    }

    @Nested
    class CopyBinary extends Noop {
        @Override
        protected Map<String, String> options() {
            return Map.of();
        }
    }

    @Nested
    class LineProtocol extends Noop {
        @Override
        protected Map<String, String> options() {
            return Map.of("format", "line-protocol");
        }
    }
}
