package io.dbharness.questdb;

import io.dbharness.core.api.TargetException;
import io.dbharness.core.api.UsageException;
import io.dbharness.core.config.Option;

import java.util.Optional;
import java.util.Set;

/**
 * The line-protocol version the writers speak, chosen once when the target opens. Version 2 sends doubles in
 * binary (what QuestDB's own client sends to a server that reads it); version 1 is text throughout. A server
 * says which versions it reads in {@code GET /settings} ({@code line.proto.support.versions}, QuestDB 9.x);
 * one that does not say reads version 1 only.
 */
enum IlpVersion {
    V1, V2;

    /** Empty for {@code auto}: the highest version both sides read. */
    static final Option<Optional<IlpVersion>> OPTION = Option.of("questdb-protocol-version", "auto|1|2", "auto",
            "Line protocol version of the writes: 2 sends doubles in binary (QuestDB 9.x), 1 is text; auto asks the "
                    + "server (GET /settings) and takes 2 when it reads it",
            (s, name) -> switch (s.string(name).trim().toLowerCase(java.util.Locale.ROOT)) {
                case "auto" -> Optional.empty();
                case "1" -> Optional.of(V1);
                case "2" -> Optional.of(V2);
                default -> throw s.bad(name, s.string(name), "auto|1|2");
            });

    boolean binaryDoubles() {
        return this == V2;
    }

    /**
     * The version asked for, or the highest the server reads; asking for version 1 asks the server nothing.
     *
     * @throws UsageException version 2 asked of a server that does not read it
     */
    static IlpVersion choose(Optional<IlpVersion> asked, IlpHttp http) throws TargetException {
        if (asked.equals(Optional.of(V1))) {
            return V1;
        }
        Set<Integer> read = http.lineProtocolVersions();
        if (asked.isEmpty()) {
            return read.contains(2) ? V2 : V1;
        }
        if (!read.contains(2)) {
            throw new UsageException("--questdb-protocol-version 2: QuestDB at " + http.display()
                    + " reads line protocol version " + read.stream().sorted().map(String::valueOf)
                    .collect(java.util.stream.Collectors.joining(", ")) + " only; use auto or 1",
                    OPTION.name());
        }
        return V2;
    }
}
