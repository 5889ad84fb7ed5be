package io.dbharness.tpcc;

import io.dbharness.core.api.UsageException;
import io.dbharness.core.config.OptionDef;
import io.dbharness.core.config.Settings;

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

    static final List<OptionDef> OPTIONS = List.of(
            OptionDef.of("warehouses", "N", "1", "Warehouses to load (the scale: about 100 MB each); a run uses what is loaded"),
            OptionDef.of("terminals", "N", null, "Terminals, each one connection running transactions (default: 10 per "
                    + "warehouse, at most " + DEFAULT_TERMINALS_MAX + ")"),
            OptionDef.of("load-workers", "N", null, "Connections loading in parallel (default: the number of CPUs)"),
            OptionDef.of("weights", "NO,P,OS,D,SL", Weights.SPEC.toString(),
                    "Transaction mix in percent: New-Order, Payment, Order-Status, Delivery, Stock-Level; must sum to 100"),
            OptionDef.of("terminal-warehouse-fixed", "BOOL", "true",
                    "Each terminal keeps one home warehouse (BenchmarkSQL's terminalWarehouseFixed); false: a random one per transaction"),
            OptionDef.of("keying-think-time", "on|off", "off",
                    "The specification's keying and think times (then tpmC is at most 12.86 per warehouse, and the efficiency is reported)"),
            OptionDef.of("isolation", "LEVEL", "read-committed", "Transaction isolation: read-committed, repeatable-read or serializable"),
            OptionDef.of("warmup", "DURATION", null, "Run this long before measuring; its transactions are reported apart, not in the rates (default: none)"),
            OptionDef.of("txns-per-terminal", "N", null, "Stop each terminal after N transactions (BenchmarkSQL's runTxnsPerTerminal)"),
            OptionDef.flag("load-only", "Create and load the tables, then stop"),
            OptionDef.flag("run-only", "Run on tables loaded before (by --load-only or an earlier run); refused when none are"),
            OptionDef.flag("clean", "Drop the TPC-C tables if they exist and load them anew"),
            OptionDef.flag("destroy", "Drop the TPC-C tables and stop, running nothing (BenchmarkSQL's runDatabaseDestroy)"));

    static TpccOptions from(Settings s) {
        int warehouses = s.intValue("warehouses", 1, 100_000);
        // a config from `runner config` writes the engine's default workers; only another value is a mistake
        String defaultWorkers = io.dbharness.core.config.RunOptions.OPTIONS.stream().filter(d -> d.name().equals("workers"))
                .findFirst().map(OptionDef::defaultValue).orElse(null);
        if (s.source("workers") != Settings.Source.DEFAULT && !s.string("workers").trim().equals(defaultWorkers)) {
            throw new UsageException("tpcc runs --terminals, not --workers: give --terminals N", "workers");
        }
        int terminals = s.optional("terminals").isPresent() ? s.intValue("terminals", 1, 1024)
                : Math.min(DEFAULT_TERMINALS_MAX, DEFAULT_TERMINALS_PER_WAREHOUSE * warehouses);
        int loadWorkers = s.optional("load-workers").isPresent() ? s.intValue("load-workers", 1, 256)
                : Runtime.getRuntime().availableProcessors();
        Weights weights = Weights.parse(s.string("weights"));
        boolean keying = switch (s.string("keying-think-time").trim().toLowerCase(Locale.ROOT)) {
            case "on", "true", "yes" -> true;
            case "off", "false", "no" -> false;
            default -> throw s.bad("keying-think-time", s.string("keying-think-time"), "on or off");
        };
        int isolation = switch (s.string("isolation").trim().toLowerCase(Locale.ROOT).replace('_', '-')) {
            case "read-committed" -> Connection.TRANSACTION_READ_COMMITTED;
            case "repeatable-read" -> Connection.TRANSACTION_REPEATABLE_READ;
            case "serializable" -> Connection.TRANSACTION_SERIALIZABLE;
            default -> throw s.bad("isolation", s.string("isolation"), "read-committed, repeatable-read or serializable");
        };
        Duration warmup = s.duration("warmup").orElse(Duration.ZERO);
        long txns = s.optional("txns-per-terminal").isPresent() ? s.longValue("txns-per-terminal", 1, Long.MAX_VALUE) : 0;
        boolean loadOnly = s.bool("load-only");
        boolean runOnly = s.bool("run-only");
        boolean clean = s.bool("clean");
        boolean destroy = s.bool("destroy");
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
        if (txns > 0 && s.duration("duration").isPresent()) {
            throw new UsageException("--txns-per-terminal and --duration both say when to stop; give one "
                    + "(BenchmarkSQL: one of runTxnsPerTerminal and runMins must be 0)");
        }
        if (txns > 0 && !warmup.isZero()) {
            throw new UsageException("--warmup needs --duration: with --txns-per-terminal the warm-up's transactions "
                    + "would be part of the count");
        }
        if (!loadOnly && !destroy && txns == 0 && s.duration("duration").isEmpty()) {
            throw new UsageException("tpcc needs --duration or --txns-per-terminal to know when to stop "
                    + "(BenchmarkSQL: runMins or runTxnsPerTerminal)");
        }
        if (keying && s.optional("rate").isPresent()) {
            throw new UsageException("--keying-think-time on paces the terminals itself; --rate cannot pace them too");
        }
        return new TpccOptions(warehouses, terminals, loadWorkers, weights, s.bool("terminal-warehouse-fixed"), keying,
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
