package io.dbharness.questdb;

import java.io.IOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Map;
import java.util.TreeMap;

/**
 * What the embedded server's tables hold on disk: each table's partitions, symbol dictionaries and metadata, in the
 * file system's whole blocks as {@code du} counts them, once the server has closed its idle writers. A writer keeps
 * pages ahead of its rows in every column file of the partition it writes (16 MiB each, allocated), and closing it
 * trims them; the write-ahead log ({@code wal*}) and the sequencer's log ({@code txn_seq}) are not the table's data.
 * QuestDB's own {@code table_storage()} counts all of these, which is why a remote server's size is not measured.
 */
final class TableDisk {

    private TableDisk() {
    }

    /**
     * The bytes of {@code table}, or of every user table when it is null (QuestDB's {@code sys.*} tables are not in
     * {@code tables()}); call once the WAL is applied. -1 when a writer was busy before or after the count (the
     * server still writing), whose pages ahead of its rows would be counted.
     */
    static long bytes(EmbeddedQuestDb server, Connection c, String table) throws SQLException, IOException {
        Map<String, String> dirs = directories(c, table);
        server.closeIdleWriters();
        if (!server.writersIdle(dirs.values())) {
            return -1;
        }
        long sum = 0;
        for (String dir : dirs.values()) {
            sum += bytes(server.tablesDir().resolve(dir));
        }
        return server.writersIdle(dirs.values()) ? sum : -1;
    }

    /** Each table's directory by its name; names compare case-insensitively, as QuestDB's do. */
    private static Map<String, String> directories(Connection c, String table) throws SQLException {
        Map<String, String> out = new TreeMap<>();
        try (Statement st = c.createStatement();
             ResultSet rs = st.executeQuery("SELECT table_name, directoryName FROM tables()")) {
            while (rs.next()) {
                if (table == null || table.equalsIgnoreCase(rs.getString(1))) {
                    out.put(rs.getString(1), rs.getString(2));
                }
            }
        }
        return out;
    }

    /** One table's directory, its WAL and sequencer left out; 0 for a table dropped meanwhile. */
    static long bytes(Path table) throws IOException {
        if (!Files.isDirectory(table)) {
            return 0;
        }
        long block = Math.max(1, Files.getFileStore(table).getBlockSize());
        long[] sum = {0};
        try {
            Files.walkFileTree(table, new SimpleFileVisitor<>() {
                @Override
                public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attrs) {
                    String name = dir.getFileName().toString();
                    boolean log = table.equals(dir.getParent()) && (name.startsWith("wal") || name.equals("txn_seq"));
                    return log ? FileVisitResult.SKIP_SUBTREE : FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) {
                    sum[0] += (attrs.size() + block - 1) / block * block;
                    return FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult visitFileFailed(Path file, IOException e) throws IOException {
                    if (e instanceof NoSuchFileException) {
                        return FileVisitResult.CONTINUE; // a partition QuestDB replaced meanwhile (an out-of-order merge)
                    }
                    throw e;
                }
            });
        } catch (NoSuchFileException e) {
            return 0;
        }
        return sum[0];
    }
}
