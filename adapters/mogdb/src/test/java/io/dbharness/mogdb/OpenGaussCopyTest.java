package io.dbharness.mogdb;

import org.junit.jupiter.api.Test;

import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.SQLException;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * A connection of the openGauss driver gets the openGauss copy API. No openGauss server runs here, so the
 * connection is a stand-in that only answers what the selection asks.
 */
class OpenGaussCopyTest {

    @Test
    void openGaussConnectionUnwrapsToTheOpenGaussCopyApi() {
        Object ogConnection = Proxy.newProxyInstance(getClass().getClassLoader(), new Class<?>[]{org.opengauss.PGConnection.class},
                (p, m, a) -> {
                    if (m.getName().equals("getCopyAPI")) {
                        throw new SQLException("openGauss copy API reached");
                    }
                    throw new UnsupportedOperationException(m.getName());
                });
        Connection pooled = (Connection) Proxy.newProxyInstance(getClass().getClassLoader(), new Class<?>[]{Connection.class},
                (p, m, a) -> switch (m.getName()) {
                    case "isWrapperFor" -> a[0] == org.opengauss.PGConnection.class;
                    case "unwrap" -> {
                        if (a[0] != org.opengauss.PGConnection.class) {
                            throw new SQLException("unwrapped as " + a[0]);
                        }
                        yield ogConnection;
                    }
                    default -> throw new UnsupportedOperationException(m.getName());
                });
        MogDbFlavor f = new MogDbFlavor(MogDbIngestMode.COPY, MogDbDdl.of(MogDbDdl.Storage.ROW, null, MogDbDdl.PartitionInterval.NONE));
        SQLException e = assertThrows(SQLException.class, () -> f.copyChannel(pooled));
        assertEquals("openGauss copy API reached", e.getMessage());
    }
}
