package io.dbharness.questdb;

import io.dbharness.core.api.TargetProvider;
import io.dbharness.tck.Faults;
import io.dbharness.tck.LostWrites;
import io.dbharness.tck.TargetContract;

import java.util.Map;

/** The questdb target: line protocol over HTTP, each post its own transaction, no deduplication. */
@org.junit.jupiter.api.Tag("server")
class QuestDbTargetContractTest extends TargetContract {

    @Override
    protected TargetProvider provider() {
        return new QuestDbTargetProvider();
    }

    @Override
    protected Map<String, String> options() throws Exception {
        return QuestDbTck.get().options();
    }

    @Override
    protected Faults faults() throws Exception {
        return QuestDbTck.get();
    }

    /** Only the PostgreSQL wire checks credentials: QuestDB's open-source HTTP endpoint has none. */
    @Override
    protected Map<String, String> refusedCredentials(String secret) {
        return Map.of("questdb-password", secret);
    }

    @Override
    protected LostWrites lostWrites() {
        return LostWrites.IN_DOUBT;
    }
}
