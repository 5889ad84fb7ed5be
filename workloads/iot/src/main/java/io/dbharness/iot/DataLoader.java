package io.dbharness.iot;

import io.dbharness.core.api.LoadModel;
import io.dbharness.core.api.PrepareContext;
import io.dbharness.core.api.TargetAdapter;
import io.dbharness.core.api.TargetException;
import io.dbharness.core.api.UsageException;

import java.util.Locale;

/**
 * {@code --load}: iot-insert with the same flags, before the queries, as fast as the workers go. Run by the
 * harness's own workers ({@link PrepareContext#load}), so a lost connection is re-opened, a lost commit settled
 * and a batch retried as in the measured run; not measured as the run (its time goes into the result's
 * workload facts). A batch that fails for good, or a target that stays away past --reconnect-timeout, ends it.
 */
final class DataLoader {

    private DataLoader() {
    }

    /** Creates the table and writes every row of {@code insert}; the outcome says how far it got. */
    static PrepareContext.Loaded load(IotInsertWorkload insert, TargetAdapter target, int workers,
                                      PrepareContext context) throws TargetException {
        try {
            context.retrying("creating table " + insert.describe().get("table"), () -> insert.prepare(target));
        } catch (UsageException e) {
            if (!e.getMessage().contains("; use --append")) {
                throw e;
            }
            // the target's advice is iot-insert's: --append would load a second copy under the queries
            throw new UsageException(withoutInsertAdvice(e.getMessage())
                    + "; add --clean to load it afresh, or drop --load to query what it holds", e.option());
        }
        return context.load("loading (--load)", insert, insert.groups(new LoadModel.Closed(workers)));
    }

    /** A target's refusal of a table without its advice to iot-insert ({@code ; use --clean ... --append}). */
    static String withoutInsertAdvice(String message) {
        return message.replaceFirst("; use --(clean|append).*$", "");
    }

    /** The failure that ends a load that did not finish, saying how far it got. */
    static TargetException incomplete(PrepareContext.Loaded loaded, long plannedRows) {
        TargetException f = loaded.failure();
        return new TargetException(f.kind(), f.vendorCode(), String.format(Locale.ROOT,
                "loading the data (--load) stopped after %,d of %,d rows: %s", loaded.totals().rows(), plannedRows,
                f.getMessage()), f);
    }
}
