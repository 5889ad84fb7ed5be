package io.dbharness.tpcc;

import io.dbharness.core.api.Capability;
import io.dbharness.core.api.SqlTransactions;
import io.dbharness.core.api.Workload;
import io.dbharness.core.api.WorkloadProvider;
import io.dbharness.core.config.OptionDef;
import io.dbharness.core.config.Settings;

import java.util.List;
import java.util.Set;

/** Registers {@code tpcc}. */
public final class TpccProvider implements WorkloadProvider {

    @Override
    public String id() {
        return "tpcc";
    }

    @Override
    public String description() {
        return "TPC-C: loads warehouses, runs New-Order, Payment, Order-Status, Delivery and Stock-Level from "
                + "--terminals terminals, reports tpmC; --verify checks the consistency conditions";
    }

    /** TPC-C runs until told to stop: the sample runs for a minute. */
    @Override
    public java.util.Map<String, String> sampleValues() {
        return java.util.Map.of("duration", "60s");
    }

    @Override
    public List<OptionDef> options() {
        return TpccOptions.OPTIONS;
    }

    @Override
    public Set<Class<? extends Capability>> requires() {
        return Set.of(SqlTransactions.class);
    }

    /** Terminals (and, paced, the rate): --workers is refused, tpcc runs --terminals. */
    @Override
    public List<io.dbharness.core.api.SearchAxis> searchAxes() {
        return List.of(io.dbharness.core.api.SearchAxis.RATE, new io.dbharness.core.api.SearchAxis("terminals", 1, 1024, true));
    }

    /**
     * {@code tpcc}: the specification's 90th-percentile response-time limits (clause 5.2.5.4): New-Order, Payment,
     * Order-Status and Delivery under 5 s, Stock-Level under 20 s.
     */
    @Override
    public java.util.Map<String, String> objectives() {
        return java.util.Map.of("tpcc", "p90(new-order)<5s,p90(payment)<5s,p90(order-status)<5s,p90(delivery)<5s,"
                + "p90(stock-level)<20s");
    }

    /** The five transactions, whatever the weights (a weight of 0 still names its type). */
    @Override
    public java.util.Optional<Set<String>> operationTypes(Settings settings) {
        java.util.Set<String> types = new java.util.LinkedHashSet<>();
        for (Transaction t : Transaction.values()) {
            types.add(t.type);
        }
        return java.util.Optional.of(types);
    }

    @Override
    public Workload create(Settings settings) {
        return create(settings, null);
    }

    @Override
    public Workload create(Settings settings, io.dbharness.core.api.Shard shard) {
        TpccOptions options = TpccOptions.from(settings);
        long seed = settings.get(io.dbharness.core.config.RunOptions.SEED);
        return new TpccWorkload(options, settings.source("warehouses") != Settings.Source.DEFAULT, seed,
                io.dbharness.core.api.Verification.checkTimeout(io.dbharness.core.config.RunOptions.opTimeout(settings)),
                shard);
    }
}
