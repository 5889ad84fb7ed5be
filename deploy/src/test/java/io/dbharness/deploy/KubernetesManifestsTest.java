package io.dbharness.deploy;

import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.EnvVar;
import io.fabric8.kubernetes.api.model.PersistentVolumeClaim;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.Secret;
import io.fabric8.kubernetes.api.model.Volume;
import io.fabric8.kubernetes.api.model.apps.DaemonSet;
import io.fabric8.kubernetes.api.model.VolumeMount;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static io.dbharness.deploy.Manifests.arg;
import static io.dbharness.deploy.Manifests.env;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The manifests in deploy/kubernetes, read by fabric8's model classes: what a sharded run and its merge need. */
class KubernetesManifestsTest {

    /** Every manifest and what it must be; a new YAML file must be added here (the first test says so). */
    private static final Map<String, Class<?>> KINDS = Map.of(
            "job.yaml", Job.class,
            "merge-job.yaml", Job.class,
            "pvc.yaml", PersistentVolumeClaim.class,
            "secret.example.yaml", Secret.class,
            "fetch-pod.yaml", Pod.class,
            "node-exporter.yaml", DaemonSet.class);

    private static final Pattern VAR = Pattern.compile("\\$\\(([A-Za-z_][A-Za-z0-9_]*)\\)");

    private final Job shards = Manifests.load("job.yaml", Job.class);
    private final Job merge = Manifests.load("merge-job.yaml", Job.class);
    private final PersistentVolumeClaim pvc = Manifests.load("pvc.yaml", PersistentVolumeClaim.class);

    @Test
    void everyManifestLoadsAsItsKindWithNoFieldTheModelDoesNotKnow() throws IOException {
        List<String> files;
        try (Stream<Path> s = Files.list(Manifests.DIR)) {
            files = s.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".yaml") || n.endsWith(".yml"))
                    .filter(n -> !n.equals("kustomization.yaml")).sorted().toList();
        }
        assertEquals(new TreeSet<>(KINDS.keySet()), new TreeSet<>(files), "the manifests this test knows");
        for (String f : files) {
            Object o = Manifests.loadAny(f);
            assertEquals(KINDS.get(f), o.getClass(), f);
            assertEquals(List.of(), Manifests.unknownFields(o), f + ": fields the Kubernetes model does not have");
        }
    }

    @Test
    void theShardJobIsAnIndexedJobOfNPodsThatAreNotRetried() {
        var spec = shards.getSpec();
        assertEquals("Indexed", spec.getCompletionMode());
        int n = spec.getCompletions();
        assertTrue(n >= 2, "completions " + n);
        assertEquals(n, spec.getParallelism(), "parallelism = completions: every shard runs at once");
        assertEquals(0, spec.getBackoffLimit(), "a retried shard would write its rows twice");
        PodSpec pod = spec.getTemplate().getSpec();
        assertEquals("Never", pod.getRestartPolicy());
        Container runner = only(pod.getContainers());
        String shardsArg = arg(runner, "--shards").orElseThrow(() -> new AssertionError("no --shards"));
        assertEquals(Integer.toString(n), expand(runner, shardsArg), "--shards is the Job's completions");
        assertTrue(arg(runner, "--shard").isEmpty(), "--shard i/n: the index comes from JOB_COMPLETION_INDEX");
    }

    @Test
    void theShardsShareARunGroupFromTheJobsUidAndAStartTime() {
        Container runner = only(shards.getSpec().getTemplate().getSpec().getContainers());
        assertEquals("$(RUN_GROUP)", arg(runner, "--run-group").orElseThrow());
        EnvVar group = env(runner, "RUN_GROUP");
        assertNotNull(group.getValueFrom().getFieldRef(), "RUN_GROUP from the downward API");
        assertEquals("metadata.labels['batch.kubernetes.io/controller-uid']",
                group.getValueFrom().getFieldRef().getFieldPath());
        assertEquals("$(START_AT)", arg(runner, "--start-at").orElseThrow());
        EnvVar start = env(runner, "START_AT");
        assertEquals("dbharness-run", start.getValueFrom().getConfigMapKeyRef().getName());
        assertEquals("start-at", start.getValueFrom().getConfigMapKeyRef().getKey());
        assertTrue(arg(runner, "--schema-wait").isPresent(), "shards > 0 wait for shard 0's schema");
    }

    @Test
    void everyVariableTheArgsNameIsDefinedInTheContainer() {
        // Kubernetes leaves an undefined $(VAR) as it is, without a word: --results would be a folder named so
        List<Container> all = new ArrayList<>(shards.getSpec().getTemplate().getSpec().getContainers());
        all.addAll(merge.getSpec().getTemplate().getSpec().getInitContainers());
        all.addAll(merge.getSpec().getTemplate().getSpec().getContainers());
        for (Container c : all) {
            for (String a : c.getArgs()) {
                Matcher m = VAR.matcher(a);
                while (m.find()) {
                    env(c, m.group(1));
                }
            }
        }
    }

    @Test
    void theShardsReadTheDatabaseNodesFromTheConfigMapAndTheExporterListensWhereTheReadmeSays() throws IOException {
        Container runner = only(shards.getSpec().getTemplate().getSpec().getContainers());
        assertEquals("$(SERVER_HOSTS)", arg(runner, "--server-hosts").orElseThrow(() -> new AssertionError("no --server-hosts")));
        var ref = env(runner, "SERVER_HOSTS").getValueFrom().getConfigMapKeyRef();
        assertEquals("dbharness-run", ref.getName());
        assertEquals("server-hosts", ref.getKey());

        DaemonSet exporter = Manifests.load("node-exporter.yaml", DaemonSet.class);
        PodSpec pod = exporter.getSpec().getTemplate().getSpec();
        assertTrue(pod.getHostNetwork(), "on the host's network: a node's exporter is at the node's address");
        Container c = only(pod.getContainers());
        int port = c.getPorts().get(0).getHostPort();
        assertEquals(port, c.getPorts().get(0).getContainerPort());
        assertTrue(c.getArgs().contains("--web.listen-address=:" + port), c.getArgs().toString());
        // the node's figures, not the container's: the host's /proc and /sys, mounted read-only
        for (String host : List.of("/proc", "/sys")) {
            Volume v = pod.getVolumes().stream().filter(x -> x.getHostPath() != null && x.getHostPath().getPath().equals(host))
                    .findFirst().orElseThrow(() -> new AssertionError("no hostPath " + host));
            VolumeMount m = c.getVolumeMounts().stream().filter(x -> x.getName().equals(v.getName())).findFirst().orElseThrow();
            assertTrue(m.getReadOnly(), host + " read-only");
            assertTrue(c.getArgs().contains("--path." + host.substring(1) + "fs=" + m.getMountPath()), c.getArgs().toString());
        }
        String readme = Files.readString(Manifests.DIR.resolve("README.md"));
        assertTrue(readme.contains("--from-literal=server-hosts="), "README step 4 sets server-hosts");
        assertTrue(readme.contains("{.status.hostIP}:" + port + "/metrics"), "README's URLs name the exporter's port " + port);
    }

    @Test
    void theShardsServeTheirLiveFiguresWhereTheirScrapeAnnotationsSay() {
        var template = shards.getSpec().getTemplate();
        Container runner = only(template.getSpec().getContainers());
        Map<String, String> annotations = template.getMetadata().getAnnotations();
        assertEquals("true", annotations.get("prometheus.io/scrape"));
        assertEquals("/metrics", annotations.get("prometheus.io/path"));
        String port = annotations.get("prometheus.io/port");
        assertEquals("0.0.0.0:" + port, arg(runner, "--metrics-listen").orElseThrow(() -> new AssertionError(
                "no --metrics-listen")), "every interface: the pod's address is scraped");
        assertTrue(runner.getPorts().stream().anyMatch(p -> String.valueOf(p.getContainerPort()).equals(port)),
                "the container declares port " + port);
    }

    @Test
    void thePasswordComesFromASecretAndNeverFromALiteral() {
        Container runner = only(shards.getSpec().getTemplate().getSpec().getContainers());
        EnvVar pw = env(runner, "PGPASSWORD");
        assertNull(pw.getValue(), "PGPASSWORD must not be a literal");
        var ref = pw.getValueFrom().getSecretKeyRef();
        assertNotNull(ref, "PGPASSWORD from a secretKeyRef");
        assertFalse(runner.getArgs().contains("--password"), "a password on the command line shows in ps and the API");
        Secret example = Manifests.load("secret.example.yaml", Secret.class);
        assertEquals(ref.getName(), example.getMetadata().getName());
        assertTrue(example.getStringData().containsKey(ref.getKey()), "the example has the key the Job reads");
    }

    @Test
    void eachShardWritesUnderTheSharedReadWriteManyVolume() {
        assertEquals(List.of("ReadWriteMany"), pvc.getSpec().getAccessModes(), "shards on several nodes write to it");
        assertTrue(new Quantity("1Mi").getNumericalAmount().compareTo(
                pvc.getSpec().getResources().getRequests().get("storage").getNumericalAmount()) < 0);
        PodSpec pod = shards.getSpec().getTemplate().getSpec();
        Container runner = only(pod.getContainers());
        String results = arg(runner, "--results").orElseThrow(() -> new AssertionError("no --results"));
        assertEquals(pvc.getMetadata().getName(), claimUnder(pod, runner, results), "--results " + results);
        assertTrue(results.contains("$(RUN_GROUP)"), "one folder per run group: " + results);
    }

    @Test
    void theShardsAskForCpuAndMemoryAndHaveLimits() {
        Container runner = only(shards.getSpec().getTemplate().getSpec().getContainers());
        var res = runner.getResources();
        for (String r : List.of("cpu", "memory")) {
            Quantity request = res.getRequests().get(r);
            Quantity limit = res.getLimits().get(r);
            assertNotNull(request, "request " + r);
            assertNotNull(limit, "limit " + r);
            assertTrue(request.getNumericalAmount().compareTo(limit.getNumericalAmount()) <= 0, r + " request <= limit");
        }
        assertTrue(res.getRequests().get("cpu").getNumericalAmount().intValue() >= 2, "a loader needs cores");
    }

    @Test
    void theMergeJobMergesTheGroupsFolderAndReportsTheMergedResult() {
        PodSpec pod = merge.getSpec().getTemplate().getSpec();
        assertEquals("Never", pod.getRestartPolicy());
        Container step1 = only(pod.getInitContainers());
        Container step2 = only(pod.getContainers());
        assertEquals("merge", step1.getArgs().get(0));
        assertEquals("report", step2.getArgs().get(0));
        String shardResults = arg(only(shards.getSpec().getTemplate().getSpec().getContainers()), "--results").orElseThrow();
        assertEquals(shardResults, step1.getArgs().get(1), "merge reads the folder the shards wrote");
        String out = arg(step1, "--out").orElseThrow(() -> new AssertionError("merge without --out"));
        assertTrue(out.endsWith(".json"), out);
        // merge reads a folder's *.json, not its subfolders: merged.json directly in it would be read back as a part
        assertFalse(Path.of(out).getParent().equals(Path.of(shardResults)), "--out " + out + " beside the parts");
        assertTrue(Path.of(out).startsWith(Path.of(shardResults)), "--out " + out + " in the group's folder");
        assertEquals(out, step2.getArgs().get(1), "report reads what merge wrote");
        assertTrue(arg(step2, "--out").isPresent(), "report --out");
        for (Container c : List.of(step1, step2)) {
            assertEquals(pvc.getMetadata().getName(), claimUnder(pod, c, out), c.getName() + " mounts the shards' claim");
            var ref = env(c, "RUN_GROUP").getValueFrom().getConfigMapKeyRef();
            assertEquals("dbharness-run", ref.getName());
            assertEquals("run-group", ref.getKey());
        }
    }

    @Test
    void theFetchPodMountsTheSameClaimReadOnly() {
        Pod fetch = Manifests.load("fetch-pod.yaml", Pod.class);
        Container c = only(fetch.getSpec().getContainers());
        assertEquals(pvc.getMetadata().getName(), claimUnder(fetch.getSpec(), c, "/results/x"));
        assertTrue(c.getVolumeMounts().get(0).getReadOnly());
    }

    @Test
    void everyFlagInTheManifestsIsOneTheRunnerTakes() {
        Set<String> run = RunnerOptions.of();
        assertTrue(run.contains("--target") && run.contains("--results"), "read the runner's options: " + run);
        checkFlags(only(shards.getSpec().getTemplate().getSpec().getContainers()).getArgs(), run);
        for (Container c : merge.getSpec().getTemplate().getSpec().getInitContainers()) {
            checkFlags(c.getArgs(), RunnerOptions.of(c.getArgs().get(0)));
        }
        for (Container c : merge.getSpec().getTemplate().getSpec().getContainers()) {
            checkFlags(c.getArgs(), RunnerOptions.of(c.getArgs().get(0)));
        }
    }

    @Test
    void theKustomizationSetsTheShardCountInEveryPlaceItIsWritten() {
        Map<String, Object> k = Manifests.loadMap("kustomization.yaml");
        @SuppressWarnings("unchecked")
        List<String> resources = (List<String>) k.get("resources");
        for (String r : resources) {
            assertTrue(Files.isRegularFile(Manifests.DIR.resolve(r)), "kustomization names " + r);
        }
        assertTrue(resources.containsAll(List.of("pvc.yaml", "job.yaml")) && !resources.contains("merge-job.yaml"),
                "the merge runs after the shards, not with them: " + resources);
        String text = k.toString();
        assertTrue(text.contains("SHARDS=" + shards.getSpec().getCompletions()), "SHARDS= the Job's completions");
        for (String path : List.of("spec.completions", "spec.parallelism",
                "spec.template.spec.containers.[name=runner].env.[name=SHARDS].value")) {
            assertTrue(text.contains(path), "kustomization sets " + path);
        }
        assertEquals("runner", only(shards.getSpec().getTemplate().getSpec().getContainers()).getName());
    }

    @Test
    void theDockerfileRunsTheJarAsANonRootUserOnTheOfficialJre() throws IOException {
        List<String> lines = Files.readAllLines(Manifests.DIR.resolve("Dockerfile"));
        assertTrue(lines.contains("FROM eclipse-temurin:17-jre"), "base image");
        assertTrue(lines.stream().anyMatch(l -> l.matches("USER (?!0\\b|root\\b)\\S+")), "non-root USER");
        assertTrue(lines.contains("ENTRYPOINT [\"java\", \"-jar\", \"/app/runner.jar\"]"), "entrypoint");
        assertTrue(lines.stream().anyMatch(l -> l.startsWith("COPY ") && l.contains("runner-cli/target/runner.jar /app/runner.jar")));
        Pod fetch = Manifests.load("fetch-pod.yaml", Pod.class);
        long uid = fetch.getSpec().getSecurityContext().getRunAsUser();
        assertTrue(lines.contains("USER " + uid + ":" + uid), "the image's user is the pods' runAsUser " + uid);
    }

    private static void checkFlags(List<String> args, Set<String> known) {
        for (String a : args) {
            if (a.startsWith("--")) {
                assertTrue(known.contains(a), a + " is no runner option (runner --help lists " + known + ")");
            }
        }
    }

    /** The claim of the volume mounted at the longest mount path that holds {@code path}. */
    private static String claimUnder(PodSpec pod, Container c, String path) {
        VolumeMount mount = c.getVolumeMounts().stream().filter(m -> Path.of(path).startsWith(Path.of(m.getMountPath())))
                .max((a, b) -> a.getMountPath().length() - b.getMountPath().length())
                .orElseThrow(() -> new AssertionError(path + " is on no volume of " + c.getName()));
        Volume v = pod.getVolumes().stream().filter(x -> x.getName().equals(mount.getName())).findFirst()
                .orElseThrow(() -> new AssertionError("no volume " + mount.getName()));
        assertNotNull(v.getPersistentVolumeClaim(), path + " is on volume " + v.getName() + ", no claim");
        return v.getPersistentVolumeClaim().getClaimName();
    }

    /** An arg with its $(VAR)s replaced by the container's literal env values. */
    private static String expand(Container c, String arg) {
        Matcher m = VAR.matcher(arg);
        StringBuilder sb = new StringBuilder();
        while (m.find()) {
            String value = env(c, m.group(1)).getValue();
            assertNotNull(value, m.group(1) + " must be a literal to compare with completions");
            m.appendReplacement(sb, Matcher.quoteReplacement(value));
        }
        return m.appendTail(sb).toString();
    }

    private static <T> T only(List<T> list) {
        assertEquals(1, list.size(), "one container");
        return list.get(0);
    }
}
