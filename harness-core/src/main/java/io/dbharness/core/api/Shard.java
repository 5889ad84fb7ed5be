package io.dbharness.core.api;

import java.util.Objects;

/**
 * One of {@code count} cooperating processes that together do what one process with the same flags does
 * ({@code --shard index/count}). Workloads split their work by it: the global slot of worker {@code w} is
 * {@code index + count * w}, so shards and workers together own disjoint parts that cover everything.
 *
 * @param index    0-based; shard 0 prepares the schema, the others wait for it
 * @param count    shards of the run, at least 1
 * @param runGroup the id every shard of one logical run shares; {@code runner merge} refuses parts of different groups
 */
public record Shard(int index, int count, String runGroup) {

    public Shard {
        if (count < 1 || index < 0 || index >= count) {
            throw new IllegalArgumentException("shard " + index + "/" + count + ": expected 0 <= index < count, count >= 1");
        }
        Objects.requireNonNull(runGroup, "runGroup");
        if (runGroup.isBlank()) {
            throw new IllegalArgumentException("empty run group");
        }
    }

    /** Whether {@code shard} is one of several processes of a run (null: the run is one process). */
    public static boolean split(Shard shard) {
        return shard != null && shard.count() > 1;
    }

    /** The global slot of {@code worker} of {@code workers} in this shard: unique over all shards and workers. */
    public int slot(int worker) {
        return index + count * worker;
    }

    /** How many of {@code total} items numbered 0.. have {@code item % count == index}. */
    public long share(long total) {
        return total <= index ? 0 : (total - 1 - index) / count + 1;
    }

    /** Whether this shard prepares (creates, cleans, loads) what all shards share. */
    public boolean prepares() {
        return index == 0;
    }

    /** {@code 1/3}, as the flag is written. */
    @Override
    public String toString() {
        return index + "/" + count;
    }
}
