package io.dbharness.questdb;

import io.dbharness.core.api.TargetProvider;
import io.dbharness.tck.Faults;
import io.dbharness.tck.QueryContract;

import java.util.Map;

/** The questdb target's queries, over its PostgreSQL wire. */
@org.junit.jupiter.api.Tag("server")
class QuestDbQueryContractTest extends QueryContract {

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
}
