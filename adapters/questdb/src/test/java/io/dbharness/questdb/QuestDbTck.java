package io.dbharness.questdb;

import io.dbharness.core.api.SeriesSchema;
import io.dbharness.tck.Contract;
import io.dbharness.tck.FaultProxy;
import io.dbharness.tck.Faults;

import java.util.Map;

/**
 * What the questdb target's contract tests share: an embedded QuestDB whose PostgreSQL-wire password carries the
 * contract's secret, with a {@link FaultProxy} in front of each of its endpoints (HTTP for writes, the wire for
 * DDL, counts and queries). The server runs in this JVM, so its faults are the proxies': connections cut, everything
 * held, the answer to the next {@code POST /write} held.
 */
final class QuestDbTck implements Faults {

    static final String PASSWORD = "pw-" + Contract.SECRET;

    private static QuestDbTck instance;

    private final FaultProxy http;
    private final FaultProxy pg;

    private QuestDbTck(EmbeddedQuestDb server) throws Exception {
        this.http = new FaultProxy("127.0.0.1", server.httpPort());
        this.pg = new FaultProxy("127.0.0.1", server.pgPort());
    }

    static synchronized QuestDbTck get() throws Exception {
        if (instance == null) {
            EmbeddedQuestDb server = EmbeddedQuestDb.start(Map.of("QDB_PG_PASSWORD", PASSWORD));
            Runtime.getRuntime().addShutdownHook(new Thread(server::close, "questdb-tck-stop"));
            instance = new QuestDbTck(server);
        }
        return instance;
    }

    Map<String, String> options() {
        return Map.of("questdb-http", "http://" + http.hostPort(), "questdb-pg", pg.hostPort(), "questdb-password", PASSWORD);
    }

    @Override
    public void cut() {
        http.cutAll();
        pg.cutAll();
    }

    @Override
    public Stall stall(SeriesSchema schema) {
        http.hold();
        pg.hold();
        return new Stall() {
            @Override
            public void awaitStalled() throws Exception {
                io.dbharness.tck.Await.until("a request held by a proxy in front of QuestDB",
                        () -> http.heldBytes() + pg.heldBytes() > 0);
            }

            @Override
            public void close() {
                http.release();
                pg.release();
            }
        };
    }

    @Override
    public HeldAnswer holdNextAnswer() {
        return http.holdNextAnswer("POST /write");
    }
}
