package io.dbharness.postgres;

import org.apache.commons.compress.archivers.tar.TarArchiveEntry;
import org.apache.commons.compress.archivers.tar.TarArchiveOutputStream;
import org.apache.commons.compress.compressors.xz.XZCompressorOutputStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The unpacked binaries are reused only when nobody else could have changed them: a tree planted under the
 * expected name by another user, or one that group or others may write to, is never run. A small archive of
 * the same shape as the real one keeps this fast; the real one is unpacked by every embedded-server test.
 */
@org.junit.jupiter.api.Timeout(60)
class PgBinariesTest {

    private Path base;

    @BeforeEach
    void makeBase() throws IOException {
        // like java.io.tmpdir: reachable by others, so a tree chowned to nobody is the planted case
        base = Files.createTempDirectory("dbharness-pgbin-test-");
        Files.setPosixFilePermissions(base, PgBinaries.perms(0755));
    }

    @AfterEach
    void removeBase() {
        EmbeddedServer.deleteTree(base);
    }

    /** bin/postgres (a shell script), a library and its symbolic link, a file in a directory the archive does not list. */
    private static byte[] archive(String marker) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (TarArchiveOutputStream tar = new TarArchiveOutputStream(new XZCompressorOutputStream(bytes))) {
            TarArchiveEntry bin = new TarArchiveEntry("bin/");
            bin.setMode(040755);
            tar.putArchiveEntry(bin);
            tar.closeArchiveEntry();
            file(tar, "bin/postgres", 0755, "#!/bin/sh\necho " + marker + "\n");
            file(tar, "lib/libpq.so.5", 0644, "lib");
            TarArchiveEntry link = new TarArchiveEntry("lib/libpq.so", TarArchiveEntry.LF_SYMLINK);
            link.setLinkName("libpq.so.5");
            tar.putArchiveEntry(link);
            tar.closeArchiveEntry();
            file(tar, "share/timezone/UTC", 0644, "TZif");
        }
        return bytes.toByteArray();
    }

    private static void file(TarArchiveOutputStream tar, String name, int mode, String text) throws IOException {
        byte[] b = text.getBytes(StandardCharsets.UTF_8);
        TarArchiveEntry e = new TarArchiveEntry(name);
        e.setMode(mode);
        e.setSize(b.length);
        tar.putArchiveEntry(e);
        tar.write(b);
        tar.closeArchiveEntry();
    }

    private Path expectedHome(byte[] archive) {
        return base.resolve("dbharness-pg-bin-" + PgBinaries.sha256(archive));
    }

    private static boolean isRoot() throws IOException {
        return (Integer) Files.getAttribute(Path.of("/proc/self"), "unix:uid") == 0;
    }

    private static int uidOfNobody() throws Exception {
        Process p = new ProcessBuilder("id", "-u", "nobody").start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
        assumeTrue(p.waitFor() == 0, "no user 'nobody' here");
        return Integer.parseInt(out);
    }

    @Test
    void unpacksUnderTheArchivesSha256AndReusesItsOwnTree() throws Exception {
        byte[] archive = archive("ours");
        Path home = PgBinaries.install(archive, base);
        assertEquals(expectedHome(archive), home);
        assertEquals(64, PgBinaries.sha256(archive).length());
        assertTrue(Files.isExecutable(home.resolve("bin/postgres")));
        assertTrue(Files.isSymbolicLink(home.resolve("lib/libpq.so")));
        // world-readable and -searchable for the server user (nobody, when we are root), writable by us alone
        for (Path p : new Path[] {home, home.resolve("bin"), home.resolve("share/timezone")}) {
            assertEquals(PgBinaries.perms(0755), Files.getPosixFilePermissions(p), p.toString());
        }
        assertEquals(PgBinaries.perms(0755), Files.getPosixFilePermissions(home.resolve("bin/postgres")));
        assertEquals(PgBinaries.perms(0644), Files.getPosixFilePermissions(home.resolve("lib/libpq.so.5")));
        assertTrue(PgBinaries.trusted(home));

        Files.writeString(home.resolve("reused"), "yes");
        assertEquals(home, PgBinaries.install(archive, base), "a trusted tree is reused");
        assertTrue(Files.exists(home.resolve("reused")));
        try (var entries = Files.list(base)) {
            assertEquals(1, entries.count(), "no scratch directory left behind");
        }
    }

    @Test
    void aTrustedTreeIsReusedWithoutReadingTheArchive() throws Exception {
        byte[] archive = archive("ours");
        int[] reads = {0};
        PgBinaries.ArchiveBytes counted = () -> {
            reads[0]++;
            return archive;
        };
        Path home = PgBinaries.install("crc32-0000abcd-42", counted, base);
        assertEquals(base.resolve("dbharness-pg-bin-crc32-0000abcd-42"), home);
        assertEquals(home, PgBinaries.install("crc32-0000abcd-42", counted, base));
        assertEquals(1, reads[0], "read to unpack it, not to reuse it");
    }

    @Test
    void anArchiveInAJarIsNamedByItsEntrysCrcAndSizeElseByItsSha256() throws Exception {
        byte[] archive = archive("ours");
        Path jar = base.resolve("binaries.jar");
        try (var out = new java.util.jar.JarOutputStream(Files.newOutputStream(jar))) {
            out.putNextEntry(new java.util.jar.JarEntry("postgres-linux-x86_64.txz"));
            out.write(archive);
            out.closeEntry();
        }
        java.util.zip.CRC32 crc = new java.util.zip.CRC32();
        crc.update(archive);
        java.net.URL inJar = new java.net.URL("jar:" + jar.toUri() + "!/postgres-linux-x86_64.txz");
        assertEquals(String.format("crc32-%08x-%d", crc.getValue(), archive.length), PgBinaries.keyOf(inJar));

        Path file = Files.write(base.resolve("postgres-linux-x86_64.txz"), archive);
        assertEquals(PgBinaries.sha256(archive), PgBinaries.keyOf(file.toUri().toURL()));
    }

    @Test
    void aTreeWhereGroupOrOthersMayWriteIsNotReused() throws Exception {
        byte[] archive = archive("ours");
        Path home = PgBinaries.install(archive, base);
        Path postgres = home.resolve("bin/postgres");
        Files.setPosixFilePermissions(postgres, PgBinaries.perms(0775));
        assertFalse(PgBinaries.trusted(home));
        Path fresh = PgBinaries.install(archive, base);
        assertNotEquals(home, fresh);
        assertTrue(PgBinaries.trusted(fresh));
        assertEquals(PgBinaries.perms(0775), Files.getPosixFilePermissions(postgres), "the loosened tree is left alone");

        Files.setPosixFilePermissions(postgres, PgBinaries.perms(0755));
        Files.setPosixFilePermissions(home.resolve("share"), PgBinaries.perms(0757));
        assertFalse(PgBinaries.trusted(home), "a directory others may write to");
        assertNotEquals(home, PgBinaries.install(archive, base));
        Files.setPosixFilePermissions(home.resolve("share"), PgBinaries.perms(0755));
        assertEquals(home, PgBinaries.install(archive, base), "tight again: reused");
    }

    @Test
    void aTreePlantedByAnotherUserIsNeverRun() throws Exception {
        assumeTrue(isRoot(), "handing a tree to another user needs root");
        int nobody = uidOfNobody();
        byte[] archive = archive("ours");
        // what a local attacker would leave at the predictable name: a complete, tight tree of their own
        Path planted = expectedHome(archive);
        Files.createDirectories(planted.resolve("bin"));
        Files.writeString(planted.resolve("bin/postgres"), "#!/bin/sh\necho planted\n");
        Files.setPosixFilePermissions(planted.resolve("bin/postgres"), PgBinaries.perms(0755));
        try (var all = Files.walk(planted)) {
            for (Path p : (Iterable<Path>) all::iterator) {
                Files.setAttribute(p, "unix:uid", nobody, LinkOption.NOFOLLOW_LINKS);
                if (Files.isDirectory(p)) {
                    Files.setPosixFilePermissions(p, PgBinaries.perms(0755));
                }
            }
        }
        assertFalse(PgBinaries.trusted(planted));
        Path home = PgBinaries.install(archive, base);
        assertNotEquals(planted, home);
        assertTrue(PgBinaries.trusted(home));
        assertTrue(Files.readString(home.resolve("bin/postgres")).contains("ours"));
        assertTrue(Files.readString(planted.resolve("bin/postgres")).contains("planted"), "left as it was");
    }

    @Test
    void aSymbolicLinkAtTheExpectedNameIsNotFollowed() throws Exception {
        byte[] archive = archive("ours");
        Path elsewhere = PgBinaries.install(archive("elsewhere"), base);
        Files.createSymbolicLink(expectedHome(archive), elsewhere);
        Path home = PgBinaries.install(archive, base);
        assertNotEquals(expectedHome(archive), home);
        assertTrue(Files.readString(home.resolve("bin/postgres")).contains("ours"));
    }

    @Test
    void theCacheDirectoryIsUsedWhenTheServerUserCanReachIt() throws Exception {
        assumeTrue(System.getenv("XDG_CACHE_HOME") == null, "XDG_CACHE_HOME decides here");
        String savedHome = System.getProperty("user.home");
        Path userHome = base.resolve("home");
        Files.createDirectories(userHome);
        try {
            System.setProperty("user.home", userHome.toString());
            Files.setPosixFilePermissions(userHome, PgBinaries.perms(0755));
            assertEquals(userHome.resolve(".cache/dbharness"), PgBinaries.cacheBase());
            assertEquals(PgBinaries.perms(0755), Files.getPosixFilePermissions(userHome.resolve(".cache/dbharness")));

            // a cache others may write to is not used
            Files.setPosixFilePermissions(userHome.resolve(".cache/dbharness"), PgBinaries.perms(0777));
            assertEquals(Path.of(System.getProperty("java.io.tmpdir")), PgBinaries.cacheBase());
            Files.setPosixFilePermissions(userHome.resolve(".cache/dbharness"), PgBinaries.perms(0755));

            if (isRoot()) {
                // root's home is usually 0700: nobody could not run the server from there
                Files.setPosixFilePermissions(userHome, PgBinaries.perms(0700));
                assertEquals(Path.of(System.getProperty("java.io.tmpdir")), PgBinaries.cacheBase());
            }
        } finally {
            System.setProperty("user.home", savedHome);
            Files.setPosixFilePermissions(userHome, PgBinaries.perms(0755));
        }
    }
}
