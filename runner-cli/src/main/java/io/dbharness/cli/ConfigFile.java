package io.dbharness.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.toml.TomlMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import io.dbharness.core.api.UsageException;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * Reads a YAML or mxbench-style TOML config into flag-name/value pairs. Sections only group keys: a key
 * means the same wherever it stands ({@code [generator] tag-num = 10} is {@code --tag-num 10}).
 * Underscores count as dashes. mxbench's database keys are understood under their mxbench names.
 */
final class ConfigFile {

    private static final Map<String, String> MXBENCH_ALIASES = Map.of(
            "db-master-host", "host",
            "db-master-port", "port",
            "db-user", "user",
            "db-password", "password",
            "db-database", "database");

    private ConfigFile() {
    }

    /** @param known every flag name the run understands, plus {@code target} and {@code workload} */
    static Map<String, String> read(Path file, Set<String> known) {
        JsonNode root;
        try {
            String name = file.getFileName().toString().toLowerCase(java.util.Locale.ROOT);
            ObjectMapper mapper = name.endsWith(".toml") ? new TomlMapper() : new YAMLMapper();
            root = mapper.readTree(Files.readString(file));
        } catch (NoSuchFileException e) {
            throw new UsageException("config file not found: " + file);
        } catch (IOException e) {
            throw new UsageException("cannot read config file " + file + ": " + firstLine(e.getMessage()));
        }
        Map<String, String> out = new LinkedHashMap<>();
        if (root == null || root.isMissingNode() || root.isNull()) {
            return out;
        }
        if (!root.isObject()) {
            throw new UsageException("config file " + file + " must hold key: value pairs");
        }
        flatten(file, root, "", known, out);
        return out;
    }

    private static void flatten(Path file, JsonNode node, String section, Set<String> known, Map<String, String> out) {
        Iterator<Map.Entry<String, JsonNode>> it = node.fields();
        while (it.hasNext()) {
            Map.Entry<String, JsonNode> e = it.next();
            String key = e.getKey().replace('_', '-');
            JsonNode v = e.getValue();
            String where = section.isEmpty() ? key : section + "." + key;
            if (v.isObject()) {
                flatten(file, v, where, known, out);
                continue;
            }
            key = MXBENCH_ALIASES.getOrDefault(key, key);
            if (!known.contains(key)) {
                throw new UsageException("unknown key '" + where + "' in config file " + file);
            }
            if (v.isArray() || v.isNull()) {
                throw new UsageException("key '" + where + "' in config file " + file + " needs a single value");
            }
            out.put(key, v.asText());
        }
    }

    private static String firstLine(String s) {
        if (s == null) {
            return "unreadable";
        }
        int nl = s.indexOf('\n');
        return nl < 0 ? s : s.substring(0, nl);
    }
}
