package io.dbharness.questdb;

import java.util.HashMap;
import java.util.Map;

/** The contract again with line protocol version 1 (text), which servers before QuestDB 9 read. */
@org.junit.jupiter.api.Tag("server")
class QuestDbTargetContractV1Test extends QuestDbTargetContractTest {

    @Override
    protected Map<String, String> options() throws Exception {
        Map<String, String> options = new HashMap<>(super.options());
        options.put("questdb-protocol-version", "1");
        return options;
    }
}
