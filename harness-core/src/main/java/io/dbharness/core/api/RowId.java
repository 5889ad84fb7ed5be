package io.dbharness.core.api;

import java.util.Objects;

/**
 * A key column the database fills for every row, before the time column: MaibornWolff's events table's
 * {@code id} ({@code --primary-key db|sql|uuid}). Its cost (a sequence, an identity cache, a random UUID) is part
 * of what such a run measures; the harness never writes it, so COPY and INSERT name the other columns only.
 *
 * @param cache for {@link Kind#IDENTITY}: the identity's sequence cache (MaibornWolff's batch size)
 * @param given whether the user asked for it; one that is only a model's default is left out on a target
 *              without such ids (and the result says so) rather than refused
 */
public record RowId(Kind kind, int cache, boolean given) {

    public enum Kind {
        /** No such column. */
        NONE,
        /** {@code id serial}: a sequence's {@code nextval} (MaibornWolff's {@code db}). */
        SERIAL,
        /** {@code id bigint GENERATED ALWAYS AS IDENTITY (START WITH 1 CACHE n)} (MaibornWolff's {@code sql}). */
        IDENTITY,
        /** {@code id uuid DEFAULT gen_random_uuid()} (MaibornWolff's {@code uuid}). */
        UUID
    }

    public static final String COLUMN = "id";
    public static final RowId NONE = new RowId(Kind.NONE, 0, false);

    /** One the user asked for. */
    public RowId(Kind kind, int cache) {
        this(kind, cache, true);
    }

    public RowId {
        Objects.requireNonNull(kind, "kind");
        if (kind == Kind.IDENTITY && cache < 1) {
            throw new IllegalArgumentException("an identity's cache must be >= 1");
        }
    }

    /** MaibornWolff's {@code --primary-key} value for it: none, db, sql, uuid. */
    public String cliName() {
        return switch (kind) {
            case NONE -> "none";
            case SERIAL -> "db";
            case IDENTITY -> "sql";
            case UUID -> "uuid";
        };
    }

    public boolean present() {
        return kind != Kind.NONE;
    }

    /** The column's definition in PostgreSQL's dialect; empty for {@link Kind#NONE}. */
    public String sqlColumn() {
        return switch (kind) {
            case NONE -> "";
            case SERIAL -> COLUMN + " serial";
            case IDENTITY -> COLUMN + " bigint GENERATED ALWAYS AS IDENTITY (START WITH 1 CACHE " + cache + ")";
            case UUID -> COLUMN + " uuid DEFAULT gen_random_uuid()";
        };
    }
}
