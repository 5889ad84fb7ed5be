#!/usr/bin/env python3
"""Splits a PostgreSQL binary COPY file (PGCOPY, as `runner --target file --format copy-binary` writes it) into N
files by device, as the harness's N workers split the devices: a row whose second column (tag_id, int4) is t goes
to file (t - 1) % N. Each output is a whole COPY stream (header, its rows in their order, trailer).

    split_copy_binary.py IN.bin N OUT_PREFIX      # writes OUT_PREFIX0.bin .. OUT_PREFIX{N-1}.bin, prints their rows
"""
import mmap
import struct
import sys

SIGNATURE = b"PGCOPY\n\xff\r\n\x00"


def main(path, n, prefix):
    with open(path, "rb") as f:
        data = mmap.mmap(f.fileno(), 0, access=mmap.ACCESS_READ)
    if data[:11] != SIGNATURE:
        sys.exit(f"error: {path} is not a binary COPY file (no PGCOPY signature)")
    header_end = 19 + struct.unpack_from(">i", data, 15)[0]
    outs = [open(f"{prefix}{w}.bin", "wb", buffering=1 << 20) for w in range(n)]
    counts = [0] * n
    for o in outs:
        o.write(data[:header_end])
    unpack_h, unpack_i = struct.Struct(">h").unpack_from, struct.Struct(">i").unpack_from
    pos = header_end
    while (fields := unpack_h(data, pos)[0]) != -1:
        p = pos + 2
        tag = None
        for f in range(fields):
            length = unpack_i(data, p)[0]
            if f == 1:
                if length != 4:
                    sys.exit(f"error: {path}: the second column is not an int4 device id (length {length})")
                tag = unpack_i(data, p + 4)[0]
            p += 4 + max(length, 0)
        w = (tag - 1) % n
        outs[w].write(data[pos:p])
        counts[w] += 1
        pos = p
    for o in outs:
        o.write(struct.pack(">h", -1))
        o.close()
    print(" ".join(map(str, counts)))


if __name__ == "__main__":
    if len(sys.argv) != 4 or not sys.argv[2].isdigit() or int(sys.argv[2]) < 1:
        sys.exit("usage: split_copy_binary.py IN.bin N OUT_PREFIX")
    main(sys.argv[1], int(sys.argv[2]), sys.argv[3])
