package io.dbharness.tpcc;

import io.dbharness.core.api.UsageException;
import io.dbharness.core.config.Option;
import io.dbharness.core.config.OptionDef;
import io.dbharness.core.config.RunOptions;
import io.dbharness.core.config.Settings;
import io.dbharness.core.config.ValueType;

import java.sql.Connection;
import java.time.Duration;
import java.util.List;
import java.util.Locale;

/**
 * The tpcc workload's options, validated and immutable.
 *
 * @param terminalWarehouseFixed each terminal keeps one home warehouse (BenchmarkSQL's terminalWarehouseFixed);
 *                               otherwise each transaction picks one at random
 * @param txnsPerTerminal        transactions each terminal runs before it stops; 0 for no limit
 * @param isolation              a {@link Connection} TRANSACTION_* level
 * @param destroy                drop the tables and stop (BenchmarkSQL's runDatabaseDestroy)
 */
record TpccOptions(int warehouses, int terminals, int loadWorkers, Weights weights, boolean terminalWarehouseFixed,
                   boolean keyingThinkTime, int isolation, Duration warmup, long txnsPerTerminal, boolean loadOnly,
                   boolean runOnly, boolean clean, boolean destroy) {

    /** Terminals per warehouse when --terminals is not given (the specification's), capped for a default server. */
    static final int DEFAULT_TERMINALS_PER_WAREHOUSE = 10;
    static final int DEFAULT_TERMINALS_MAX = 32;

    static final Option<Integer> WAREHOUSES = Option.of("warehouses", "N", "1",
            "Warehouses to load (the scale: about 100 MB each); a run uses what is loaded", ValueType.integer(1, 100_000));
    static final Option<Integer> TERMINALS = Option.of("terminals", "N", null, "Terminals, each one connection running"
            + " transactions (default: 10 per warehouse, at most " + DEFAULT_TERMINALS_MAX + ")", ValueType.integer(1, 1024));
    static final Option<Integer> LOAD_WORKERS = Option.of("load-workers", "N", null,
            "Connections loading in parallel (default: the number of CPUs)", ValueType.integer(1, 256));
    static final Option<Weights> WEIGHTS = Option.of("weights", "NO,P,OS,D,SL", Weights.SPEC.toString(),
            "Transaction mix in percent: New-Order, Payment, Order-Status, Delivery, Stock-Level; must sum to 100",
            (s, name) -> Weights.parse(s.string(name)));
    static final Option<Boolean> TERMINAL_WAREHOUSE_FIXED = Option.of("terminal-warehouse-fixed", "BOOL", "true",
            "Each terminal keeps one home warehouse (BenchmarkSQL's terminalWarehouseFixed); false: a random one per transaction",
            ValueType.bool());
    static final Option<Boolean> KEYING_THINK_TIME = Option.of("keying-think-time", "on|off", "off",
            "The specification's keying and think times (then tpmC is at most 12.86 per warehouse, and the efficiency is reported)",
            ValueType.onOff());
    static final Option<Integer> ISOLATION = Option.of("isolation", "LEVEL", "read-committed",
            "Transaction isolation: read-committed, repeatable-read or serializable", (s, name) ->
                    switch (s.string(name).trim().toLowerCase(Locale.ROOT).replace('_', '-')) {
                        case "read-committed" -> Connection.TRANSACTION_READ_COMMITTED;
                        case "repeatable-read" -> Connection.TRANSACTION_REPEATABLE_READ;
                        case "serializable" -> Connection.TRANSACTION_SERIALIZABLE;
                        default -> throw s.bad(name, s.string(name), "read-committed, repeatable-read or serializable");
                    });
    static final Option<Duration> WARMUP = RunOptions.WARMUP;
    static final Option<Long> TXNS_PER_TERMINAL = Option.of("txns-per-terminal", "N", null,
            "Stop each terminal after N transactions (BenchmarkSQL's runTxnsPerTerminal)", ValueType.longInteger(1, Long.MAX_VALUE));
    static final Option<Boolean> LOAD_ONLY = Option.flag("load-only", "Create and load the tables, then stop");
    static final Option<Boolean> RUN_ONLY = Option.flag("run-only",
            "Run on tables loaded before (by --load-only or an earlier run); refused when none are");
    static final Option<Boolean> CLEAN = Option.flag("clean", "Drop the TPC-C tables if they exist and load them anew");
    static final Option<Boolean> DESTROY = Option.flag("destroy",
            "Drop the TPC-C tables and stop, running nothing (BenchmarkSQL's runDatabaseDestroy)");

    static final List<OptionDef> OPTIONS = Option.defs(List.of(WAREHOUSES, TERMINALS, LOAD_WORKERS, WEIGHTS,
            TERMINAL_WAREHOUSE_FIXED, KEYING_THINK_TIME, ISOLATION, WARMUP, TXNS_PER_TERMINAL, LOAD_ONLY, RUN_ONLY, CLEAN,
            DESTROY));

    static TpccOptions from(Settings s) {
        int warehouses = s.get(WAREHOUSES);
        // a config from `runner config` writes the engine's default workers; only another value is a mistake
        if (s.source(RunOptions.WORKERS.name()) != Settings.Source.DEFAULT
                && !s.string(RunOptions.WORKERS.name()).trim().equals(RunOptions.WORKERS.def().defaultValue())) {
            throw new UsageException("tpcc runs --terminals, not --workers: give --terminals N", "workers");
        }
        int terminals = s.find(TERMINALS).orElse(Math.min(DEFAULT_TERMINALS_MAX, DEFAULT_TERMINALS_PER_WAREHOUSE * warehouses));
        int loadWorkers = s.find(LOAD_WORKERS).orElse(Runtime.getRuntime().availableProcessors());
        Weights weights = s.get(WEIGHTS);
        boolean keying = s.get(KEYING_THINK_TIME);
        int isolation = s.get(ISOLATION);
        Duration warmup = s.find(WARMUP).orElse(Duration.ZERO);
        long txns = s.find(TXNS_PER_TERMINAL).orElse(0L);
        boolean loadOnly = s.get(LOAD_ONLY);
        boolean runOnly = s.get(RUN_ONLY);
        boolean clean = s.get(CLEAN);
        boolean destroy = s.get(DESTROY);
        if (destroy && (loadOnly || runOnly || clean)) {
            throw new UsageException("--destroy drops the tables and runs nothing; give it without "
                    + (loadOnly ? "--load-only" : runOnly ? "--run-only" : "--clean"));
        }
        if (loadOnly && runOnly) {
            throw new UsageException("--load-only and --run-only exclude each other; give neither to load and run");
        }
        if (runOnly && clean) {
            throw new UsageException("--clean drops the tables --run-only would run on; give one of them");
        }
        if (txns > 0 && s.find(RunOptions.DURATION).isPresent()) {
            throw new UsageException("--txns-per-terminal and --duration both say when to stop; give one "
                    + "(BenchmarkSQL: one of runTxnsPerTerminal and runMins must be 0)");
        }
        if (txns > 0 && !warmup.isZero()) {
            throw new UsageException("--warmup needs --duration: with --txns-per-terminal the warm-up's transactions "
                    + "would be part of the count");
        }
        if (!loadOnly && !destroy && txns == 0 && s.find(RunOptions.DURATION).isEmpty()) {
            throw new UsageException("tpcc needs --duration or --txns-per-terminal to know when to stop "
                    + "(BenchmarkSQL: runMins or runTxnsPerTerminal)");
        }
        if (keying && s.find(RunOptions.RATE).isPresent()) {
            throw new UsageException("--keying-think-time on paces the terminals itself; --rate cannot pace them too");
        }
        return new TpccOptions(warehouses, terminals, loadWorkers, weights, s.get(TERMINAL_WAREHOUSE_FIXED), keying,
                isolation, warmup, txns, loadOnly, runOnly, clean, destroy);
    }

    /** No transaction runs: the load (or the drop) was the job. */
    boolean nothingToRun() {
        return loadOnly || destroy;
    }

    String isolationName() {
        return switch (isolation) {
            case Connection.TRANSACTION_SERIALIZABLE -> "serializable";
            case Connection.TRANSACTION_REPEATABLE_READ -> "repeatable-read";
            default -> "read-committed";
        };
    }
}
