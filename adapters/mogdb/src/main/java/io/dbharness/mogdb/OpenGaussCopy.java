package io.dbharness.mogdb;

import io.dbharness.postgres.CopyChannel;
import org.opengauss.PGConnection;
import org.opengauss.copy.CopyIn;
import org.opengauss.copy.CopyManager;

import java.sql.Connection;
import java.sql.SQLException;

/**
 * COPY through the openGauss driver: a pgjdbc fork whose copy API lives under {@code org.opengauss}, so the
 * stock driver's {@link CopyChannel#postgres} cannot unwrap its connections.
 */
final class OpenGaussCopy {

    private OpenGaussCopy() {
    }

    static CopyChannel channel(Connection connection) throws SQLException {
        CopyManager copy = connection.unwrap(PGConnection.class).getCopyAPI();
        return CopyChannel.of(copy::copyIn, CopyIn::writeToCopy, CopyIn::endCopy, CopyIn::isActive, CopyIn::cancelCopy);
    }
}
