package io.dbharness.hosts;

import io.dbharness.core.config.HostOptions;
import io.dbharness.core.config.Settings;
import io.dbharness.core.measure.HostSource;
import org.apache.sshd.client.SshClient;
import org.apache.sshd.client.session.ClientSession;

import java.lang.management.ManagementFactory;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Map;

/**
 * What a sample over SSH costs, on this machine's sshd (hosts/README.md): the way {@link SshSource} samples (one
 * exec channel for the run, a shell loop of built-ins) against an exec channel per sample running {@code cat}s, in
 * turns. Per sample: the wall time, this process's CPU, and the CPU of the sshd's processes (the sessions and their
 * shells, read from /proc). Not a test: {@code mvn -q -pl hosts -am test-compile exec:java
 * -Dexec.mainClass=io.dbharness.hosts.SshSamplingCost -Dexec.classpathScope=test -Dexec.args=200}.
 */
public final class SshSamplingCost {

    /** The four files as an exec channel per sample would read them. */
    static final String PER_SAMPLE = "grep ^cpu /proc/stat; echo @; cat /proc/meminfo; echo @;"
            + " cat /proc/diskstats; echo @; cat /proc/net/dev; echo @; echo @@";

    private SshSamplingCost() {
    }

    public static void main(String[] args) throws Exception {
        int n = args.length > 0 ? Integer.parseInt(args[0]) : 200;
        var os = (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
        long tick = 100; // USER_HZ
        try (Sshd sshd = Sshd.start()) {
            System.setProperty(SshSourceProvider.SSH_DIR_PROPERTY, sshd.clientDir().toString());
            System.setProperty(SshSourceProvider.AUTH_SOCK_PROPERTY, "");
            Settings settings = Settings.resolve(HostOptions.OPTIONS, Map.of("ssh-accept-new-host-keys", "true"), Map.of());
            long open0 = System.nanoTime();
            long openCpu0 = os.getProcessCpuTime();
            try (HostSource stream = new SshSourceProvider().open(URI.create(sshd.spec()), settings);
                 SshClient client = SshClient.setUpDefaultClient()) {
                // the first connection of this JVM: classes loaded, Bouncy Castle registered, key exchange, login
                System.out.printf("opening the source (once, before the run's clock): %.0f ms, client CPU %.0f ms%n",
                        (System.nanoTime() - open0) / 1e6, (os.getProcessCpuTime() - openCpu0) / 1e6);
                client.setHostConfigEntryResolver(org.apache.sshd.client.config.hosts.HostConfigEntryResolver.EMPTY);
                client.setServerKeyVerifier(KnownHosts.of(sshd.clientDir().resolve("known_hosts"), false, "127.0.0.1", sshd.port()));
                client.start();
                try (ClientSession session = client.connect(System.getProperty("user.name"), "127.0.0.1", sshd.port())
                        .verify(SshSource.CONNECT_TIMEOUT).getSession()) {
                    SshKeys.find(null, sshd.clientDir(), false).pairs().forEach(session::addPublicKeyIdentity);
                    session.auth().verify(SshSource.CONNECT_TIMEOUT);
                    String[] names = {"one exec channel for the run, shell built-ins (SshSource)", "an exec channel per sample, cat"};
                    double[][] wall = new double[2][n];
                    long[] ours = new long[2];
                    long[] host = new long[2];
                    for (int i = 0; i < n + 10; i++) { // 10 rounds of warm-up, not counted
                        for (int m = 0; m < 2; m++) {
                            long h0 = treeTicks(sshd.process());
                            long c0 = os.getProcessCpuTime();
                            long t0 = System.nanoTime();
                            if (m == 0) {
                                stream.read();
                            } else {
                                session.executeRemoteCommand(PER_SAMPLE);
                            }
                            if (i >= 10) {
                                wall[m][i - 10] = (System.nanoTime() - t0) / 1e6;
                                ours[m] += os.getProcessCpuTime() - c0;
                                host[m] += treeTicks(sshd.process()) - h0;
                            }
                        }
                    }
                    System.out.printf("%d samples each, in turns; load average %s%n", n,
                            Files.readString(Path.of("/proc/loadavg")).strip());
                    for (int m = 0; m < 2; m++) {
                        Arrays.sort(wall[m]);
                        System.out.printf("%s: %.1f ms per sample (median; p10 %.1f, p90 %.1f), client CPU %.2f ms,"
                                        + " sshd side CPU %.2f ms per sample%n", names[m], wall[m][n / 2], wall[m][n / 10],
                                wall[m][n * 9 / 10], ours[m] / 1e6 / n, host[m] * 1000.0 / tick / n);
                    }
                }
            }
        }
    }

    /**
     * CPU ticks of the sshd's live descendants, each with what its reaped children used (the per-sample shells and
     * cats of the second way end up in their session's).
     */
    private static long treeTicks(ProcessHandle sshd) {
        return sshd.descendants().mapToLong(p -> {
            try {
                String stat = Files.readString(Path.of("/proc", String.valueOf(p.pid()), "stat"));
                String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
                return Long.parseLong(f[11]) + Long.parseLong(f[12]) + Long.parseLong(f[13]) + Long.parseLong(f[14]);
            } catch (Exception e) {
                return 0; // gone meanwhile
            }
        }).sum();
    }
}
