package io.dbharness.core.config;

import io.dbharness.core.api.Shard;
import io.dbharness.core.api.UsageException;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.time.Instant;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The options of a run split across processes, validated.
 *
 * @param shard      this process's shard, null for an unsharded run
 * @param startAt    when the measured run starts (every shard waits for it after preparing); empty: at once
 * @param schemaWait how long shards after 0 wait for shard 0's preparation
 */
public record ShardOptions(Shard shard, Optional<Instant> startAt, Duration schemaWait) {

    /** Kubernetes' Indexed Job gives each pod its index in this variable. */
    public static final String INDEX_ENV = "JOB_COMPLETION_INDEX";

    private static final int MAX_SHARDS = 100_000;

    public static final Option<String> SHARD = Option.of("shard", "I/N", null,
            "Run shard I of N (0 <= I < N): N processes with the same flags together do what one does", ValueType.text());
    public static final Option<Integer> SHARDS = Option.of("shards", "N", null,
            "Run as one of N shards, the index taken from $" + INDEX_ENV + " (a Kubernetes Indexed Job)",
            ValueType.integer(1, MAX_SHARDS));
    public static final Option<String> RUN_GROUP = Option.of("run-group", "ID", null,
            "Id the shards of one run share (default: derived from the flags; give distinct ids to separate runs)",
            ValueType.printable("an id", 128));
    public static final Option<Instant> START_AT = Option.of("start-at", "TIMESTAMP", null,
            "Start the measured run at this instant (2026-12-02T10:00:00Z), after preparing: shards measure the same window",
            ValueType.instant());
    public static final Option<Duration> SCHEMA_WAIT = Option.of("schema-wait", "DURATION", "5m",
            "How long shards after 0 wait for shard 0 to prepare the schema", ValueType.duration(Duration.ofMillis(1)));

    public static final List<OptionDef> OPTIONS = Option.defs(List.of(SHARD, SHARDS, RUN_GROUP, START_AT, SCHEMA_WAIT));

    /**
     * Whether the run is split over processes ({@code --shard} or {@code --shards}): a target that lives inside
     * one process (an embedded server, a file) cannot be shared by them and refuses it.
     */
    public static boolean requested(Settings s) {
        return s.isSet("shard") || s.isSet("shards");
    }

    /**
     * Options that differ between the shards of one run, or name the shard: not part of the default run group. The
     * server's account needs one shard only ({@code runner merge} carries one part's), so the others may leave it off;
     * so do the server hosts' ({@code runner merge} keeps one account per host).
     */
    public static final Set<String> PER_SHARD = Stream.concat(Stream.of("shard", "shards", "run-group", "start-at",
            "server-telemetry"), HostOptions.OPTIONS.stream().map(OptionDef::name)).collect(Collectors.toUnmodifiableSet());

    private static final Pattern POSITION = Pattern.compile("(\\d{1,9})/(\\d{1,9})");

    public ShardOptions {
        startAt = startAt == null ? Optional.empty() : startAt;
    }

    /**
     * @param identity what makes two runs the same run besides the options (target and workload ids), for the
     *                 default run group
     */
    public static ShardOptions from(Settings s, Map<String, String> env, String identity) {
        Duration wait = s.get(SCHEMA_WAIT);
        Optional<Instant> startAt = s.find(START_AT);
        int[] at = position(s, env);
        if (at == null) {
            if (s.isSet("run-group")) {
                throw new UsageException("--run-group names the shards of one run: give --shard I/N or --shards N too");
            }
            return new ShardOptions(null, startAt, wait);
        }
        String group = s.find(RUN_GROUP).orElseGet(() -> defaultGroup(s, identity + " in " + at[1] + " shards"));
        return new ShardOptions(new Shard(at[0], at[1], group), startAt, wait);
    }

    /** {index, count}, or null when the run is not sharded. */
    private static int[] position(Settings s, Map<String, String> env) {
        boolean one = s.isSet("shard");
        boolean many = s.isSet("shards");
        if (one && many) {
            throw new UsageException("give --shard I/N or --shards N (index from $" + INDEX_ENV + "), not both");
        }
        if (one) {
            String raw = s.string("shard").strip();
            Matcher m = POSITION.matcher(raw);
            if (!m.matches()) {
                throw s.bad("shard", raw, "I/N with 0 <= I < N, e.g. 0/3");
            }
            return checked(s, "shard", raw, Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2)));
        }
        if (many) {
            int count = s.get(SHARDS);
            String index = env.get(INDEX_ENV);
            if (index == null || index.isBlank()) {
                throw new UsageException("--shards " + count + " takes the shard's index from $" + INDEX_ENV
                        + ", which is not set (outside a Kubernetes Indexed Job give --shard I/" + count + ")");
            }
            if (!index.strip().matches("\\d{1,9}") || Integer.parseInt(index.strip()) >= count) {
                throw new UsageException("$" + INDEX_ENV + " is '" + index + "': expected a shard index from 0 to "
                        + (count - 1) + " for --shards " + count);
            }
            return new int[]{Integer.parseInt(index.strip()), count};
        }
        return null;
    }

    private static int[] checked(Settings s, String name, String raw, int index, int count) {
        if (count < 1 || count > MAX_SHARDS || index >= count) {
            throw s.bad(name, raw, "I/N with 0 <= I < N and 1 <= N <= " + MAX_SHARDS + ", e.g. 0/3");
        }
        return new int[]{index, count};
    }

    /**
     * The same for every shard given the same flags: a digest of the resolved options but the per-shard ones.
     * Two separate runs with the same flags get the same group too, so they should name theirs.
     */
    static String defaultGroup(Settings s, String identity) {
        Map<String, String> shared = new TreeMap<>(s.masked());
        PER_SHARD.forEach(shared::remove);
        try {
            MessageDigest md = MessageDigest.getInstance("SHA-256");
            byte[] d = md.digest((identity + "\n" + shared).getBytes(StandardCharsets.UTF_8));
            return "flags-" + HexFormat.of().formatHex(d, 0, 6);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The shard count, 1 for an unsharded run. */
    public int count() {
        return shard == null ? 1 : shard.count();
    }
}
