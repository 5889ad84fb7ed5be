package io.dbharness.postgres;

import io.dbharness.core.api.TargetException;
import io.dbharness.core.api.TargetException.Kind;
import org.junit.jupiter.api.Test;

import java.io.EOFException;
import java.sql.SQLException;

import static org.junit.jupiter.api.Assertions.assertEquals;

class SqlErrorsTest {

    private static Kind kind(String state) {
        return SqlErrors.kind(new SQLException("x", state));
    }

    @Test
    void classifiesBySqlState() {
        assertEquals(Kind.RETRYABLE, kind("40001"));
        assertEquals(Kind.RETRYABLE, kind("40P01"));
        assertEquals(Kind.RETRYABLE, kind("53300"));
        assertEquals(Kind.UNREACHABLE, kind("08006"));
        assertEquals(Kind.UNREACHABLE, kind("08001"));
        assertEquals(Kind.AUTHENTICATION, kind("28P01"));
        assertEquals(Kind.AUTHENTICATION, kind("28000"));
        assertEquals(Kind.FATAL, kind("23505"));
        assertEquals(Kind.FATAL, kind("42P01"));
        assertEquals(Kind.FATAL, kind(null));
        assertEquals(Kind.UNREACHABLE, SqlErrors.kind(new SQLException("io", null, new EOFException())));
    }

    @Test
    void messageIsOneLineWithContextAndState() {
        TargetException e = SqlErrors.classify(new SQLException("duplicate key\n  Detail: more", "23505"), "COPY into \"t\"");
        assertEquals("COPY into \"t\" failed: duplicate key (SQLSTATE 23505)", e.getMessage());
        assertEquals("23505", e.vendorCode());
        assertEquals(Kind.FATAL, e.kind());
    }
}
