package io.dbharness.results.search;

import io.dbharness.core.result.HostSample;
import io.dbharness.core.result.RunResult;
import io.dbharness.results.SamplesAccess;
import io.dbharness.results.ServerHostSamples;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code --slo server-cpu<80%} and {@code server-await<5ms}: the database's machines' means, the worst host deciding. */
class ServerObjectiveTest {

    @Test
    void termsAreReadWithTheirUnits() {
        Objective o = Objective.parse("server-cpu<80%,Server-Await < 5ms,p99<50ms");
        assertEquals(List.of("server-cpu<80%", "server-await<5ms", "p99<50ms"), o.terms().stream().map(Objective.Term::label).toList());
        assertEquals(80, ((Objective.ServerHost) o.terms().get(0)).limit());
        assertEquals(5, ((Objective.ServerHost) o.terms().get(1)).limit());
        assertTrue(o.needsServerHosts());
        assertFalse(Objective.parse("p99<50ms").needsServerHosts());
        assertEquals("server-cpu<72.5%", Objective.parse("server-cpu<72.5%").terms().get(0).label());
        assertEquals("server-await<500us", Objective.parse("server-await<0.5ms").terms().get(0).label());
    }

    @ParameterizedTest
    @ValueSource(strings = {"server-cpu<80", "server-cpu<0%", "server-cpu<101%", "server-cpu<", "server-await<5",
            "server-await<5%", "server-cpu<80%,server-cpu<80%", "server-disk<5ms"})
    void badTermsAreRefusedInOneLine(String slo) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Objective.parse(slo));
        assertFalse(e.getMessage().contains("\n"), e.getMessage());
        assertTrue(e.getMessage().startsWith("--slo"), e.getMessage());
    }

    @Test
    void theRealHostsMeanIsJudged() {
        RunResult r = ServerHostSamples.real();
        HostSample m = ServerHostSamples.host().mean();
        double busy = m.cpuUserPercent() + m.cpuSystemPercent();
        Objective.Check above = Objective.parse("server-cpu<100%").judge(r).checks().get(0);
        assertTrue(above.met(), above.toString());
        assertEquals(busy, above.value(), 1e-9);
        assertTrue(above.figure().startsWith("CPU busy " + ServerHostSamples.host().host() + " "), above.figure());
        double limit = Math.max(0.1, Math.floor(busy * 10) / 10 - 0.1); // just under what it was
        Objective.Check below = new Objective.ServerHost(Objective.HostFigure.CPU, limit).judge(r);
        assertFalse(below.met(), below.toString());
        assertTrue(below.figure().endsWith(" (limit " + Objective.HostFigure.CPU.format(limit) + ")"), below.figure());
    }

    @Test
    void theBusiestHostDecides() {
        RunResult r = ServerHostSamples.hosts(3, s -> s.toBuilder().diskAwaitMillis(12).build());
        Objective.Check c = Objective.parse("server-await<5ms").judge(r).checks().get(0);
        assertFalse(c.met());
        assertEquals("disk await db2:9100 12 ms (limit 5 ms)", c.figure());
    }

    @Test
    void aRunWithoutServerHostsOrWithAHostThatToldNothingMeetsNothing() {
        Objective.Check none = Objective.parse("server-cpu<80%").judge(SamplesAccess.full()).checks().get(0);
        assertFalse(none.met());
        assertEquals("CPU busy not measured: the run sampled no server host (--server-hosts)", none.figure());
        RunResult unknown = ServerHostSamples.withHost(s -> s.toBuilder().diskAwaitMillis(-1).build());
        Objective.Check c = Objective.parse("server-await<5ms").judge(unknown).checks().get(0);
        assertFalse(c.met(), "a host that did not tell may be the slowest");
        assertEquals("disk await not measured on " + ServerHostSamples.host().host(), c.figure());
    }
}
