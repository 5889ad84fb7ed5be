package io.dbharness.results.search;

import com.fasterxml.jackson.annotation.JsonAutoDetect.Visibility;
import com.fasterxml.jackson.annotation.PropertyAccessor;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import io.dbharness.results.ResultFileException;
import io.dbharness.results.ResultFiles;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.stream.Stream;

/**
 * Search results on disk: {@code <searchId>.search.json} in the directory of its steps' result files. Commands that
 * read result files pass over them in a directory (they are no run), and take a search file named on its own as
 * its steps' results.
 */
public final class SearchFiles {

    /** Marker and version of the layout; a reader refuses anything else. */
    public static final String FORMAT = "dbharness-search/1";
    public static final String SUFFIX = ".search.json";
    /** The file's JSON Schema, a resource beside {@link ResultFiles}'s. */
    public static final String SCHEMA = "dbharness-search-1.schema.json";

    private static final JsonMapper MAPPER = JsonMapper.builder()
            .addModule(new JavaTimeModule())
            .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS)
            .enable(SerializationFeature.INDENT_OUTPUT)
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .visibility(PropertyAccessor.IS_GETTER, Visibility.NONE)
            .build();

    private SearchFiles() {
    }

    public static boolean isSearch(Path file) {
        return file.getFileName() != null && file.getFileName().toString().endsWith(SUFFIX);
    }

    /** The file a search is written to in {@code dir}. */
    public static Path fileOf(SearchResult s, Path dir) {
        return dir.resolve(s.searchId() + SUFFIX);
    }

    /**
     * Writes (or replaces: the search is written again after every step, so a stop keeps what was found) the
     * search's file, whole or not at all.
     */
    public static Path write(SearchResult s, Path dir) throws IOException {
        return ResultFiles.publish(toJson(s), fileOf(s, dir), true);
    }

    public static String toJson(SearchResult s) {
        ObjectNode root = MAPPER.createObjectNode();
        root.put("format", FORMAT);
        root.setAll((ObjectNode) MAPPER.valueToTree(s));
        try {
            return MAPPER.writeValueAsString(root) + System.lineSeparator();
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot encode search " + s.searchId(), e);
        }
    }

    /** @throws ResultFileException one line naming the file when it is not a search this version reads */
    public static SearchResult read(Path file) {
        byte[] bytes;
        try {
            bytes = Files.readAllBytes(file);
        } catch (NoSuchFileException e) {
            throw new ResultFileException("search file not found: " + file);
        } catch (IOException e) {
            throw new ResultFileException("cannot read search file " + file + ": " + ResultFiles.oneLine(e.toString()));
        }
        try {
            JsonNode root = MAPPER.readTree(bytes);
            String format = root == null ? null : root.path("format").asText(null);
            if (!FORMAT.equals(format)) {
                throw new ResultFileException(file + " is not a search result (format " + format + ", expected " + FORMAT + ")");
            }
            ((ObjectNode) root).remove("format");
            return MAPPER.treeToValue(root, SearchResult.class);
        } catch (IOException | IllegalArgumentException e) {
            throw new ResultFileException("search file " + file + " cannot be read: " + ResultFiles.oneLine(e.getMessage()));
        }
    }

    /** The result files of a search's steps, beside its file, in the order run. */
    public static List<Path> stepFiles(SearchResult s, Path searchFile) {
        Path dir = searchFile.toAbsolutePath().getParent();
        return s.steps().stream().map(SearchResult.Step::file).filter(Objects::nonNull).distinct().map(dir::resolve).toList();
    }

    /** The searches among {@code paths}: search files named, and those directly in directories named. */
    public static List<SearchResult> among(List<Path> paths) {
        List<SearchResult> out = new ArrayList<>();
        for (Path p : paths) {
            if (Files.isDirectory(p)) {
                try (Stream<Path> s = Files.list(p)) {
                    for (Path f : s.filter(f -> isSearch(f) && !f.getFileName().toString().startsWith(".")).sorted().toList()) {
                        out.add(read(f));
                    }
                } catch (IOException e) {
                    throw new ResultFileException("cannot list " + p + ": " + ResultFiles.oneLine(e.toString()));
                }
            } else if (isSearch(p)) {
                out.add(read(p));
            }
        }
        return out;
    }
}
