package io.dbharness.cli;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.toml.TomlMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import io.dbharness.core.api.UsageException;
import io.dbharness.tools.BenchmarkSqlProperties;

import java.io.IOException;
import java.nio.charset.CharacterCodingException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads a YAML or mxbench-style TOML config into flag-name/value pairs. Sections only group keys: a key
 * means the same wherever it stands ({@code [generator] tag-num = 10} is {@code --tag-num 10}).
 * Underscores count as dashes. An option's aliases ({@link io.dbharness.core.config.OptionDef#aliases()}: mxbench's
 * database keys) name the option. A BenchmarkSQL
 * properties file is read by {@link BenchmarkSqlProperties}.
 */
final class ConfigFile {

    private ConfigFile() {
    }

    private static final long MAX_BYTES = 1 << 20;

    private static final Pattern DUPLICATE_FIELD = Pattern.compile("Duplicate field '([^']*)'");
    /** A TOML {@code key =} at the start of a line; the key may be quoted or dotted. */
    private static final Pattern TOML_KEY = Pattern.compile("(?m)^[ \\t]*([^\\s=#\\[][^=\\n]*?)[ \\t]*=");
    private static final Pattern TOML_TABLE = Pattern.compile("(?m)^[ \\t]*\\[+[ \\t]*([^\\]\\n]+?)[ \\t]*\\]");

    /**
     * A config file's settings and where they stand in it.
     *
     * @param values flag name (or {@code target}, {@code workload}, one of {@link CliOptions#IN_CONFIG}) to value, in file order
     * @param lines  flag name to the line it was given on, so a value refused later can be pointed at; a setting
     *               whose line is not known is absent
     */
    record Contents(Map<String, String> values, Map<String, Integer> lines) {
    }

    /** {@link #read(Path, Set, Consumer)} without its warnings. */
    static Map<String, String> read(Path file, Set<String> known) {
        return read(file, known, w -> { });
    }

    /** The file's settings, as {@link #load} reads them, without aliases. */
    static Map<String, String> read(Path file, Set<String> known, Consumer<String> warn) {
        return load(file, known, Map.of(), warn).values();
    }

    /**
     * @param known   every flag name the run understands, plus {@code target} and {@code workload}
     * @param aliases another name a key may have, to the option's name
     * @param warn  one line per setting of the file that has no effect, without the {@code warning: } prefix;
     *              called only when the file was read
     */
    static Contents load(Path file, Set<String> known, Map<String, String> aliases, Consumer<String> warn) {
        JsonNode root;
        String name = file.getFileName().toString().toLowerCase(java.util.Locale.ROOT);
        boolean toml = name.endsWith(".toml");
        String text;
        try {
            // a device, a FIFO or a huge file by mistake would block or fill the heap before any parse error
            if (Files.exists(file) && !Files.isRegularFile(file)) {
                throw new UsageException("config file " + file + " is not a regular file");
            }
            if (Files.exists(file) && Files.size(file) > MAX_BYTES) {
                throw new UsageException("config file " + file + " is larger than 1 MiB: not a config file?");
            }
            text = Files.readString(file);
        } catch (NoSuchFileException e) {
            throw new UsageException("config file not found: " + file);
        } catch (CharacterCodingException e) {
            throw notText(file);
        } catch (IOException e) {
            throw new UsageException("cannot read config file " + file + ": " + firstLine(e.getMessage()));
        }
        if (text.indexOf('\0') >= 0) {
            throw notText(file);
        }
        if (BenchmarkSqlProperties.isBenchmarkSql(file, text)) {
            return benchmarkSql(file, text, known, warn);
        }
        try {
            // without this a key written twice would silently take its last value
            ObjectMapper mapper = toml ? TomlMapper.builder().enable(DeserializationFeature.FAIL_ON_READING_DUP_TREE_KEY).build()
                    : YAMLMapper.builder().enable(DeserializationFeature.FAIL_ON_READING_DUP_TREE_KEY).build();
            if (toml) {
                root = mapper.readTree(text);
            } else {
                // a second YAML document (after ---) would otherwise be ignored without a word
                try (com.fasterxml.jackson.databind.MappingIterator<JsonNode> docs =
                             mapper.readerFor(JsonNode.class).readValues(text)) {
                    root = docs.hasNextValue() ? docs.nextValue() : null;
                    if (docs.hasNextValue()) {
                        throw new UsageException("config file " + file + " holds more than one YAML document (---);"
                                + " give one per run");
                    }
                }
            }
        } catch (JsonProcessingException e) {
            throw duplicateOr(file, text, e);
        } catch (IOException e) {
            throw new UsageException("cannot read config file " + file + ": " + firstLine(e.getMessage()));
        }
        Map<String, String> out = new LinkedHashMap<>();
        if (root == null || root.isMissingNode() || root.isNull()) {
            return new Contents(out, Map.of());
        }
        if (!root.isObject()) {
            throw new UsageException("config file " + file + " must hold key: value pairs");
        }
        Set<String> allowed = new HashSet<>(known);
        CliOptions.IN_CONFIG.forEach(d -> allowed.add(d.name())); // RunConfig takes them out
        Map<String, Integer> lines = new HashMap<>();
        flatten(file, root, "", allowed, aliases, out, new HashMap<>(), toml ? tomlLines(text) : yamlLines(text), lines);
        return new Contents(out, lines);
    }

    /**
     * The line of every key of the (first) YAML document, by its path as {@link #flatten} names it
     * ({@code generator.tag-num}); the tree the file is read into keeps no positions.
     */
    private static Map<String, Integer> yamlLines(String text) {
        Map<String, Integer> lines = new HashMap<>();
        try (com.fasterxml.jackson.core.JsonParser p = new com.fasterxml.jackson.dataformat.yaml.YAMLFactory().createParser(text)) {
            java.util.Deque<String> sections = new java.util.ArrayDeque<>();
            String field = null;
            for (com.fasterxml.jackson.core.JsonToken t = p.nextToken(); t != null; t = p.nextToken()) {
                switch (t) {
                    case FIELD_NAME -> {
                        field = p.currentName();
                        lines.putIfAbsent(path(sections.peek(), field), p.currentTokenLocation().getLineNr());
                    }
                    case START_OBJECT, START_ARRAY -> sections.push(sections.isEmpty() ? "" : path(sections.peek(), field));
                    case END_OBJECT, END_ARRAY -> {
                        sections.pop();
                        if (sections.isEmpty()) {
                            return lines; // the end of the first document: the only one read
                        }
                    }
                    default -> { }
                }
            }
        } catch (IOException | RuntimeException e) {
            // the file was parsed already; without positions the messages just name no line
        }
        return lines;
    }

    private static String path(String section, String key) {
        return section == null || section.isEmpty() ? key : section + "." + key;
    }

    /** A TOML {@code key =} line, its key quoted or dotted. */
    private static final Pattern TOML_LINE_KEY = Pattern.compile("^[ \\t]*([^\\s=#\\[][^=]*?)[ \\t]*=");
    private static final Pattern TOML_LINE_TABLE = Pattern.compile("^[ \\t]*\\[+[ \\t]*([^\\]]+?)[ \\t]*\\]");

    /**
     * The line of every key of a TOML file, by its path as {@link #flatten} names it, from its text: the TOML
     * reader keeps no positions. Lines inside multi-line strings are passed over.
     */
    private static Map<String, Integer> tomlLines(String text) {
        Map<String, Integer> lines = new HashMap<>();
        String section = "";
        boolean inString = false;
        String[] all = text.split("\\R", -1);
        for (int i = 0; i < all.length; i++) {
            String line = all[i];
            boolean opensOrCloses = (count(line, "\"\"\"") + count(line, "'''")) % 2 == 1;
            if (!inString) {
                Matcher table = TOML_LINE_TABLE.matcher(line);
                Matcher key = TOML_LINE_KEY.matcher(line);
                if (table.find()) {
                    section = unquote(table.group(1));
                } else if (key.find()) {
                    lines.putIfAbsent(path(section, unquote(key.group(1))), i + 1);
                }
            }
            inString ^= opensOrCloses;
        }
        return lines;
    }

    private static int count(String s, String what) {
        int n = 0;
        for (int at = s.indexOf(what); at >= 0; at = s.indexOf(what, at + what.length())) {
            n++;
        }
        return n;
    }

    /** {@code "a". b} as the parser names it: {@code a.b}. */
    private static String unquote(String key) {
        StringBuilder out = new StringBuilder();
        for (String part : key.split("\\.")) {
            String p = part.strip();
            if (p.length() >= 2 && (p.charAt(0) == '"' || p.charAt(0) == '\'') && p.charAt(p.length() - 1) == p.charAt(0)) {
                p = p.substring(1, p.length() - 1);
            }
            out.append(out.length() == 0 ? "" : ".").append(p);
        }
        return out.toString();
    }

    /** Its warnings held back until every key is known, so a refused file gets one line, not warnings and then an error. */
    private static Contents benchmarkSql(Path file, String text, Set<String> known, Consumer<String> warn) {
        List<String> warnings = new ArrayList<>();
        Map<String, Integer> lines = new HashMap<>();
        Map<String, String> out = BenchmarkSqlProperties.translate(file, text, warnings::add, lines);
        for (String key : out.keySet()) {
            if (!known.contains(key)) {
                throw new UsageException("BenchmarkSQL file " + file + " needs option --" + key
                        + ", which this build does not have: is the tpcc workload missing?");
            }
        }
        warnings.forEach(warn);
        return new Contents(out, lines);
    }

    private static UsageException notText(Path file) {
        return new UsageException("config file " + file + " is not a text file (UTF-8 expected)");
    }

    /** A key (or TOML table) written twice, named with its line; any other syntax error as the parser says it. */
    private static UsageException duplicateOr(Path file, String text, JsonProcessingException e) {
        String msg = e.getOriginalMessage() == null ? "" : e.getOriginalMessage();
        JsonLocation at = e.getLocation();
        String line = at == null || at.getLineNr() < 1 ? "" : " (line " + at.getLineNr() + ")";
        Matcher yaml = DUPLICATE_FIELD.matcher(msg);
        if (yaml.find()) {
            return twice(file, "key '" + yaml.group(1) + "'", line);
        }
        // the TOML parser does not name the key: it stops just after the second one's value
        int before = at == null ? -1 : (int) Math.min(at.getCharOffset(), text.length());
        if (msg.startsWith("Duplicate key") && before >= 0) {
            Matcher key = lastMatch(TOML_KEY, text.substring(0, before));
            return key == null ? twice(file, "a key", line) : twice(file, "key '" + key.group(1) + "'", lineOf(text, key));
        }
        if (msg.startsWith("Table redefined") && before >= 0) {
            // here the parser stops inside the second header: read to the end of that line
            int eol = text.indexOf('\n', before);
            Matcher table = lastMatch(TOML_TABLE, text.substring(0, eol < 0 ? text.length() : eol));
            return table == null ? twice(file, "a section", line)
                    : twice(file, "section [" + table.group(1) + "]", lineOf(text, table));
        }
        if (msg.contains("org.yaml.snakeyaml") || msg.contains("MappingStartEvent") || msg.contains("got this instead")) {
            msg = "not valid YAML: key: value pairs expected"; // the parser's own words name its classes
        }
        return new UsageException("cannot read config file " + file + ": " + firstLine(msg) + line);
    }

    private static UsageException twice(Path file, String what, String line) {
        return new UsageException(what + " is given twice in config file " + file + line);
    }

    /** The last match of {@code p} in {@code text}, or null. */
    private static Matcher lastMatch(Pattern p, String text) {
        Matcher m = p.matcher(text);
        int start = -1;
        while (m.find()) {
            start = m.start();
        }
        return start >= 0 && m.find(start) ? m : null;
    }

    private static String lineOf(String text, Matcher m) {
        int at = m.start(1);
        return " (line " + (text.substring(0, at).chars().filter(c -> c == '\n').count() + 1) + ")";
    }

    /**
     * @param seen     flag name → where it was given, so one flag reached twice (section, alias, {@code _}) is refused
     * @param keyLines a key's path as written ({@code generator.tag_num}) → its line
     * @param lines    filled: flag name → line
     */
    private static void flatten(Path file, JsonNode node, String section, Set<String> known, Map<String, String> aliases,
                                Map<String, String> out,
                                Map<String, String> seen, Map<String, Integer> keyLines, Map<String, Integer> lines) {
        Iterator<Map.Entry<String, JsonNode>> it = node.fields();
        while (it.hasNext()) {
            Map.Entry<String, JsonNode> e = it.next();
            String key = e.getKey().replace('_', '-');
            JsonNode v = e.getValue();
            String where = section.isEmpty() ? e.getKey() : section + "." + e.getKey(); // as written, for messages
            if (v.isObject()) {
                flatten(file, v, where, known, aliases, out, seen, keyLines, lines);
                continue;
            }
            key = aliases.getOrDefault(key, key);
            if (!known.contains(key)) {
                throw new UsageException("unknown key '" + where + "' in config file " + file);
            }
            if (v.isArray() && io.dbharness.core.config.HostOptions.LISTS.contains(key) && scalars(v)) {
                v = new com.fasterxml.jackson.databind.node.TextNode(String.join(",", texts(v))); // as on the command line
            }
            if (v.isArray() || v.isNull()) {
                throw new UsageException("key '" + where + "' in config file " + file + " needs a single value");
            }
            String first = seen.putIfAbsent(key, where);
            if (first != null) {
                throw new UsageException("key '" + key + "' is given twice in config file " + file + ": as '" + first
                        + "' and as '" + where + "'");
            }
            out.put(key, v.asText());
            Integer line = keyLines.get(where);
            if (line != null) {
                lines.put(key, line);
            }
        }
    }

    private static boolean scalars(JsonNode array) {
        for (JsonNode e : array) {
            if (!e.isValueNode() || e.isNull()) {
                return false;
            }
        }
        return !array.isEmpty();
    }

    private static List<String> texts(JsonNode array) {
        List<String> out = new ArrayList<>();
        array.forEach(e -> out.add(e.asText()));
        return out;
    }

    private static String firstLine(String s) {
        if (s == null) {
            return "unreadable";
        }
        int nl = s.indexOf('\n');
        return nl < 0 ? s : s.substring(0, nl);
    }
}
