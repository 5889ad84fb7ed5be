package io.dbharness.iot;

import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * A file's lines as byte ranges of one reused buffer, ended as {@link java.io.BufferedReader#readLine} ends them
 * ({@code \n}, {@code \r} or {@code \r\n}), so a line can be looked at before it is decoded: with N workers, each
 * reads every line of the file and keeps its own series' only, and decoding the others' into strings was most of
 * its cost. A line's range is valid until the next call of {@link #next}.
 */
final class ByteLines implements Closeable {

    private final InputStream in;
    private byte[] buf = new byte[64 * 1024];
    /** The unread bytes: {@code [pos, lim)}. */
    private int pos;
    private int lim;
    private boolean eof;
    /** The last line ended with {@code \r}: a {@code \n} right after it belongs to that end. */
    private boolean afterCr;
    private int start;
    private int end;

    ByteLines(Path file) throws IOException {
        this.in = Files.newInputStream(file);
    }

    /** Moves to the next line; false at the end of the file. */
    boolean next() throws IOException {
        if (afterCr) {
            afterCr = false;
            if (pos == lim && !eof) {
                more();
            }
            if (pos < lim && buf[pos] == '\n') {
                pos++;
            }
        }
        int scan = pos;
        while (true) {
            byte[] b = buf;
            for (int limit = lim; scan < limit; scan++) {
                byte c = b[scan];
                if (c == '\n' || c == '\r') {
                    start = pos;
                    end = scan;
                    pos = scan + 1;
                    afterCr = c == '\r';
                    return true;
                }
            }
            if (eof) {
                if (pos == lim) {
                    return false;
                }
                start = pos; // the last line, with no end
                end = lim;
                pos = lim;
                return true;
            }
            int scanned = scan - pos;
            more();
            scan = pos + scanned;
        }
    }

    /** Reads more, keeping the unread bytes (moved to the buffer's start; the buffer doubles for a long line). */
    private void more() throws IOException {
        if (pos > 0) {
            System.arraycopy(buf, pos, buf, 0, lim - pos);
            lim -= pos;
            pos = 0;
        }
        if (lim == buf.length) {
            buf = Arrays.copyOf(buf, buf.length * 2);
        }
        int n = in.read(buf, lim, buf.length - lim);
        if (n < 0) {
            eof = true;
        } else {
            lim += n;
        }
    }

    byte[] buffer() {
        return buf;
    }

    /** Where the current line starts in {@link #buffer()}. */
    int start() {
        return start;
    }

    /** Where the current line ends (its end of line not included). */
    int end() {
        return end;
    }

    @Override
    public void close() throws IOException {
        in.close();
    }
}
