package io.dbharness.yugabyte;

import com.yugabyte.PGConnection;
import com.yugabyte.copy.CopyIn;
import com.yugabyte.copy.CopyManager;
import io.dbharness.postgres.CopyChannel;

import java.sql.Connection;
import java.sql.SQLException;

/**
 * COPY through the YugabyteDB driver. It is a fork of pgjdbc with the same API under {@code com.yugabyte}, so a
 * connection it opened does not unwrap to {@code org.postgresql.PGConnection}: the shared channel cannot be used.
 */
final class YugabyteCopy {

    private YugabyteCopy() {
    }

    /** Whether {@code connection} (possibly a pool proxy) was opened by the YugabyteDB driver. */
    static boolean isYugabyteConnection(Connection connection) throws SQLException {
        return connection.isWrapperFor(PGConnection.class);
    }

    static CopyChannel channel(Connection connection) throws SQLException {
        CopyManager copy = connection.unwrap(PGConnection.class).getCopyAPI();
        return CopyChannel.of(copy::copyIn, CopyIn::writeToCopy, CopyIn::endCopy, CopyIn::isActive, CopyIn::cancelCopy);
    }
}
