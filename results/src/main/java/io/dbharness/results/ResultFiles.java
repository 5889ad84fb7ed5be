package io.dbharness.results;

import com.fasterxml.jackson.annotation.JsonAutoDetect.Visibility;
import com.fasterxml.jackson.annotation.PropertyAccessor;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import com.fasterxml.jackson.databind.introspect.AnnotatedMember;
import com.fasterxml.jackson.databind.introspect.JacksonAnnotationIntrospector;
import com.fasterxml.jackson.databind.util.NameTransformer;
import io.dbharness.core.api.Counts;
import io.dbharness.core.measure.HistogramCodec;
import io.dbharness.core.result.IntervalSample;
import io.dbharness.core.result.RunResult;
import io.dbharness.core.result.Totals;
import org.HdrHistogram.Histogram;

import java.io.IOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/** Reads and writes the one self-describing JSON file each run leaves behind ({@code <dir>/<runId>.json}). */
public final class ResultFiles {

    /**
     * Marker and version of the file layout written; a reader refuses any but this and {@link #FORMAT_2} instead
     * of guessing. Version 3: typed sections ({@code run}, {@code outcome}, {@code workloadFacts}...), an enum stop
     * reason and failed phase, and a figure that is unknown left out instead of -1.
     */
    public static final String FORMAT = "dbharness-result/3";

    /**
     * The previous layout, still read: 33 flat fields, the workload's facts as {@code workloadInfo} strings, -1 for
     * unknown. {@link ResultUpgrade} turns it into version 3 before binding.
     */
    public static final String FORMAT_2 = "dbharness-result/2";

    /** The JSON Schema (draft 2020-12) of {@link #FORMAT}, a resource beside this class. */
    public static final String SCHEMA = "dbharness-result-3.schema.json";

    /** Fields written for people and other tools but derived from the record, so ignored when reading. */
    private static final String[] DERIVED = {"format", "compressionRatio"};

    /** A section's field that is unknown or unset (null, an empty Optional) is left out of the file. */
    private static final com.fasterxml.jackson.annotation.JsonInclude.Value ABSENT_LEFT_OUT =
            com.fasterxml.jackson.annotation.JsonInclude.Value.construct(
                    com.fasterxml.jackson.annotation.JsonInclude.Include.NON_ABSENT,
                    com.fasterxml.jackson.annotation.JsonInclude.Include.ALWAYS);

    private static final JsonMapper MAPPER = JsonMapper.builder()
            .addModule(new JavaTimeModule())
            .addModule(new com.fasterxml.jackson.datatype.jdk8.Jdk8Module())
            .withConfigOverride(RunResult.class, o -> o.setInclude(ABSENT_LEFT_OUT))
            .withConfigOverride(io.dbharness.core.result.RunInfo.class, o -> o.setInclude(ABSENT_LEFT_OUT))
            .withConfigOverride(io.dbharness.core.result.Outcome.class, o -> o.setInclude(ABSENT_LEFT_OUT))
            .withConfigOverride(io.dbharness.core.api.WorkloadFacts.class, o -> o.setInclude(ABSENT_LEFT_OUT))
            .withConfigOverride(io.dbharness.core.api.WorkloadFacts.Loaded.class, o -> o.setInclude(ABSENT_LEFT_OUT))
            .withConfigOverride(io.dbharness.core.result.ResourceUsage.class, o -> o.setInclude(ABSENT_LEFT_OUT))
            .withConfigOverride(io.dbharness.core.result.ServerHostUsage.class, o -> o.setInclude(ABSENT_LEFT_OUT))
            // ISO-8601 strings: readable in the file and exact to the nanosecond
            .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS)
            // sorted maps make two result files diffable line by line
            .enable(SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS)
            .enable(SerializationFeature.INDENT_OUTPUT)
            // a later harness may add fields within the same format version; old readers still cope
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            // only record components are data; Verification.isFailed() and the like are derived
            .visibility(PropertyAccessor.IS_GETTER, Visibility.NONE)
            .annotationIntrospector(new CountsAsFields())
            .build();

    /**
     * Counts are written as fields of whatever holds them (a run's totals, an operation type, an interval), and so
     * are an interval group's totals: the file keeps one flat object per level, as it had before {@link Counts}.
     */
    private static final class CountsAsFields extends JacksonAnnotationIntrospector {
        @Override
        public NameTransformer findUnwrappingNameTransformer(AnnotatedMember member) {
            Class<?> type = member.getRawType();
            boolean flat = type == Counts.class
                    || type == Totals.class && member.getDeclaringClass() == IntervalSample.GroupInterval.class;
            return flat ? NameTransformer.NOP : super.findUnwrappingNameTransformer(member);
        }

        /** The server hosts' figures are written only by runs that sampled some: other files stay as they were. */
        @Override
        public com.fasterxml.jackson.annotation.JsonInclude.Value findPropertyInclusion(
                com.fasterxml.jackson.databind.introspect.Annotated a) {
            if (a instanceof AnnotatedMember m && m.getName().equals("serverHosts")
                    && (m.getDeclaringClass() == IntervalSample.class
                    || m.getDeclaringClass() == io.dbharness.core.result.ResourceUsage.class)) {
                return com.fasterxml.jackson.annotation.JsonInclude.Value.construct(
                        com.fasterxml.jackson.annotation.JsonInclude.Include.NON_EMPTY,
                        com.fasterxml.jackson.annotation.JsonInclude.Include.ALWAYS);
            }
            return super.findPropertyInclusion(a);
        }
    }

    private ResultFiles() {
    }

    /** Writes {@code dir/<runId>.json}, creating {@code dir}, and returns the file. */
    public static Path write(RunResult result, Path dir) throws IOException {
        String id = result.runId();
        if (id == null || id.isBlank() || id.contains("/") || id.contains("\\") || id.startsWith(".")) {
            throw new IllegalArgumentException("run id is not usable as a file name: " + id);
        }
        return publish(toJson(result), dir.resolve(id + ".json"), false);
    }

    /** Writes {@code file} (its directory created), replacing it: {@code runner merge --out FILE}. */
    public static Path writeTo(RunResult result, Path file) throws IOException {
        return publish(toJson(result), file, true);
    }

    /**
     * Writes to a temporary file, then publishes it whole, so a crash or a full disk never leaves a half file that
     * reports would choke on. Without {@code replace}, an existing file stays: a run never overwrites another's.
     * Search files ({@code SearchFiles}) are written the same way.
     */
    public static Path publish(String json, Path file, boolean replace) throws IOException {
        Path dir = file.toAbsolutePath().getParent();
        Files.createDirectories(dir);
        Path tmp = Files.createTempFile(dir, "." + file.getFileName(), ".tmp");
        try {
            Files.writeString(tmp, json);
            if (replace) {
                try {
                    Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
                } catch (AtomicMoveNotSupportedException e) {
                    Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING);
                }
            } else {
                try {
                    Files.createLink(file, tmp); // at once and, unlike a rename, never over an existing file
                } catch (FileAlreadyExistsException e) {
                    throw new FileAlreadyExistsException(file.toString(), null, "a result of that run id is there already");
                } catch (UnsupportedOperationException | IOException e) {
                    Files.move(tmp, file); // no hard links on this file system: a move that refuses to replace
                }
            }
        } finally {
            Files.deleteIfExists(tmp);
        }
        return file;
    }

    /** The file's content: the format marker first, the record, then the derived figures readers want at hand. */
    public static String toJson(RunResult result) {
        ObjectNode root = MAPPER.createObjectNode();
        root.put("format", FORMAT);
        root.setAll((ObjectNode) MAPPER.valueToTree(result));
        result.compressionRatio().ifPresent(ratio -> root.put("compressionRatio", ratio));
        for (JsonNode op : root.path("operations")) { // as files before Counts had it: ok plus rolled back
            ((ObjectNode) op).put("completed", op.path("operations").asLong() - op.path("errors").asLong());
        }
        try {
            return MAPPER.writeValueAsString(root) + System.lineSeparator();
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot encode result " + result.runId(), e);
        }
    }

    /**
     * Reads a file written by {@link #write}.
     *
     * @throws ResultFileException with a one-line message naming the file when it is not a usable result
     */
    public static RunResult read(Path file) {
        byte[] bytes;
        try {
            // bytes, not a String: Jackson detects the encoding, and binary junk becomes a JSON error, not a charset one
            bytes = Files.readAllBytes(file);
        } catch (NoSuchFileException e) {
            throw new ResultFileException("result file not found: " + file);
        } catch (IOException e) {
            throw new ResultFileException("cannot read result file " + file + ": " + oneLine(e.toString()));
        }
        return parse(bytes, file.toString());
    }

    /** Parses file content; {@code source} names it in messages. */
    public static RunResult parse(String json, String source) {
        return parse(json.getBytes(java.nio.charset.StandardCharsets.UTF_8), source);
    }

    private static RunResult parse(byte[] json, String source) {
        JsonNode tree;
        try {
            tree = MAPPER.readTree(json);
        } catch (JsonProcessingException e) {
            throw new ResultFileException(source + " is not valid JSON" + where(e) + ": " + oneLine(e.getOriginalMessage()));
        } catch (IOException e) {
            // cannot happen on an in-memory array, but readTree(byte[]) declares it
            throw new ResultFileException(source + " is not valid JSON: " + oneLine(e.getMessage()));
        }
        if (tree == null || !tree.isObject() || !tree.hasNonNull("format")) {
            throw new ResultFileException(source + " is not a dbharness result file (no \"format\": \"" + FORMAT + "\")");
        }
        String format = tree.get("format").asText();
        if (!FORMAT.equals(format) && !FORMAT_2.equals(format)) {
            throw new ResultFileException(source + " has result format " + format + "; this harness reads " + FORMAT
                    + " and " + FORMAT_2);
        }
        ObjectNode data;
        try {
            data = FORMAT_2.equals(format) ? ResultUpgrade.from2((ObjectNode) tree) : ((ObjectNode) tree).deepCopy();
        } catch (NumberFormatException e) {
            throw new ResultFileException("damaged result file " + source + ": workloadInfo " + oneLine(e.getMessage()));
        }
        data.remove(java.util.List.of(DERIVED));
        upgradeCounts(data);
        RunResult result;
        try {
            result = MAPPER.treeToValue(data, RunResult.class);
        } catch (JsonMappingException e) {
            throw new ResultFileException("damaged result file " + source + " at " + e.getPathReference() + ": "
                    + oneLine(e.getOriginalMessage()));
        } catch (JsonProcessingException | IllegalArgumentException | NullPointerException e) {
            throw new ResultFileException("damaged result file " + source + ": " + oneLine(String.valueOf(e.getMessage())));
        }
        requireFields(result, source);
        return result;
    }

    /**
     * A file written before {@link Counts} has an operation type's {@code completed} (ok plus rolled back) instead
     * of its {@code operations}, and an interval group without its seconds: both are given from what the file says.
     * Counters it did not keep at a level (an interval's retries, an operation's bytes) read as 0, as they were
     * never shown there.
     */
    private static void upgradeCounts(ObjectNode data) {
        for (JsonNode op : data.path("operations")) {
            if (op instanceof ObjectNode o && !o.has("operations") && o.has("completed")) {
                o.put("operations", o.path("completed").asLong() + o.path("errors").asLong());
            }
            if (op instanceof ObjectNode o) {
                o.remove("completed"); // derived from the counts, written for other tools
            }
        }
        // a disk's busy share came later within /3: unknown (-1) in the host samples of files before it, never 0
        java.util.List<JsonNode> hostSamples = new java.util.ArrayList<>();
        hostSamples.add(data.path("resources").path("mean"));
        hostSamples.add(data.path("resources").path("peak"));
        for (JsonNode interval : data.path("intervals")) {
            hostSamples.add(interval.path("host"));
        }
        for (JsonNode h : hostSamples) {
            if (h instanceof ObjectNode o && !o.has("diskBusyPercent")) {
                o.put("diskBusyPercent", -1);
            }
        }
        for (JsonNode interval : data.path("intervals")) {
            for (JsonNode g : interval.path("groups")) {
                if (g instanceof ObjectNode o && !o.has("durationSeconds") && interval.has("seconds")) {
                    o.set("durationSeconds", interval.get("seconds"));
                }
            }
        }
    }

    /**
     * A latency histogram of a result file decoded: the one way reports, merges and assertions read them, so a
     * damaged one is the same one-line refusal (exit 2) whichever command meets it.
     *
     * @param where names the histogram in the message: run, operation type, interval
     * @throws ResultFileException when the text is not an encoded histogram
     */
    public static Histogram histogram(String base64, String where) {
        try {
            return HistogramCodec.decode(base64);
        } catch (IllegalArgumentException e) {
            throw new ResultFileException("damaged histogram in " + where + ": " + oneLine(e.getMessage()));
        }
    }

    /** Reports and merges rely on these; a file without them is truncated or hand-edited. */
    private static void requireFields(RunResult r, String source) {
        String missing = r.run() == null ? "run" : r.outcome() == null ? "outcome" : r.runId() == null ? "run.id"
                : r.target() == null ? "run.target" : r.workload() == null ? "run.workload"
                : r.start() == null ? "run.start" : r.end() == null ? "run.end" : r.totals() == null ? "totals"
                : r.groups() == null ? "groups" : r.operations() == null ? "operations" : r.intervals() == null ? "intervals"
                : r.errors() == null ? "errors" : r.stopReason() == null ? "outcome.stopReason" : null;
        if (missing != null) {
            throw new ResultFileException("damaged result file " + source + ": field \"" + missing + "\" is missing");
        }
    }

    private static String where(JsonProcessingException e) {
        JsonLocation loc = e.getLocation();
        return loc == null ? "" : " (line " + loc.getLineNr() + ", column " + loc.getColumnNr() + ")";
    }

    /** Jackson messages can span lines (quoted input, source excerpts); keep only the first, trimmed. */
    public static String oneLine(String message) {
        if (message == null) {
            return "";
        }
        int nl = message.indexOf('\n');
        String first = (nl >= 0 ? message.substring(0, nl) : message).strip();
        return first.length() > 200 ? first.substring(0, 200) + "..." : first;
    }
}
