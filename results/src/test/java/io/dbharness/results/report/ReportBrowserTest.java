package io.dbharness.results.report;

import io.dbharness.core.engine.Harness;
import io.dbharness.core.engine.RunSpec;
import io.dbharness.core.result.RunResult;
import io.dbharness.results.ResultFiles;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.Dimension;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.TakesScreenshot;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.logging.LogEntry;
import org.openqa.selenium.logging.LogType;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.logging.Level;

import static io.dbharness.results.report.Runs.micros;
import static io.dbharness.results.report.Runs.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.abort;

/**
 * The report as a reader sees it: opened from its file in headless Chromium (Debian's chromium and chromium-driver),
 * every chart drawn with the series it should have (timelines and the stacked wait profile where their data puts
 * them), nothing on the console, a screenshot in target/.
 * The runs are real (noop target, a --rate sweep with repetitions) beside TPC-C results built from fixtures.
 */
@org.junit.jupiter.api.Tag("browser")
class ReportBrowserTest {

    private static final Path CHROMIUM = Path.of("/usr/bin/chromium");
    private static final Path CHROMEDRIVER = Path.of("/usr/bin/chromedriver");
    private static final Path TARGET = Path.of("target");

    @TempDir
    Path dir;

    @BeforeAll
    static void needsChromium() {
        if (Boolean.getBoolean("dbharness.quick")) { // ./run-tests --quick leaves out the tests tagged browser
            fail("./run-tests --quick opens no browser: tag this test @Tag(\"browser\")");
        }
        if (Files.isExecutable(CHROMIUM) && Files.isExecutable(CHROMEDRIVER)) {
            return;
        }
        String what = "the report's browser test needs " + CHROMIUM + " and " + CHROMEDRIVER
                + ": apt-get install chromium chromium-driver";
        if ("1".equals(System.getenv("DBHARNESS_SKIP_BROWSER"))) {
            abort(what + " (skipped: DBHARNESS_SKIP_BROWSER=1)");
        }
        fail(what + ", or set DBHARNESS_SKIP_BROWSER=1 to skip it");
    }

    @Test
    @Timeout(300)
    void everyChartIsDrawnWithItsSeriesAndTheConsoleStaysQuiet() throws Exception {
        Path results = Files.createDirectories(dir.resolve("results"));
        for (String rate : List.of("1000", "2000")) {
            for (int rep = 0; rep < 2; rep++) {
                ResultFiles.write(noop(rate), results);
            }
        }
        Object[] types = {"new_order", micros(5_000, 6_000, 7_000, 9_000), "payment", micros(2_000, 3_000, 2_500),
                "order_status", micros(1_500), "delivery", micros(30_000), "stock_level", micros(20_000, 25_000)};
        // with the host's resource use, as an embedded server's run records it
        ResultFiles.write(run("tpcc-default").target("postgres").workload("tpcc").label("default").rows(0).tpmC(1000)
                .option("seed", "20220418").types(types).host().server().serverHosts().build(), results);
        ResultFiles.write(run("tpcc-tuned").target("postgres").workload("tpcc").label("tuned").rows(0).tpmC(1500)
                .option("seed", "20220418").types(types).server().build(), results);

        Path out = TARGET.resolve("report-browser");
        Path html = Report.write(List.of(results), out);
        List<RunResult> read = Report.read(List.of(results));
        List<ChartSpec> specs = Report.contents(read).charts();
        List<String> ids = specs.stream().map(ChartSpec::id).toList();
        for (String expected : List.of("headline-iot-insert", "headline-tpcc", "scaling-iot-insert", "rate-iot-insert",
                "throughput-rows-s", "throughput-ops-s", "latency-insert", "latency-new-order", "types-rate-tpcc", "types-p99-tpcc",
                "host-cpu", "host-disk", "host-net", "server-host-cpu", "server-host-disk", "server-host-net", "server-counters",
                "storage")) {
            assertTrue(ids.contains(expected), expected + " in " + ids);
        }
        // the server's wait profile: one stacked chart per run that has it
        assertEquals(2, ids.stream().filter(id -> id.startsWith("server-waits-")).count(), ids.toString());

        ChromeDriver driver = browser();
        try {
            driver.get(html.toAbsolutePath().toUri().toString());
            JavascriptExecutor js = driver;
            assertEquals(0, driver.findElements(By.cssSelector("script[src], link[href], img[src]")).size(),
                    "self-contained: nothing loaded from elsewhere");
            for (ChartSpec spec : specs) {
                WebElement el = driver.findElement(By.id("chart-" + spec.id()));
                assertEquals(spec.kind(), el.getAttribute("data-chart"));
                assertTrue(el.findElements(By.cssSelector("canvas")).size() > 0, spec.id() + " drawn on a canvas");
                @SuppressWarnings("unchecked")
                List<String> drawn = (List<String>) js.executeScript(
                        "return echarts.getInstanceByDom(arguments[0]).getOption().series.map(s => s.name);", el);
                assertEquals(expectedSeries(spec), drawn, spec.id());
                assertTextsReadable(spec, js.executeScript(TEXTS, el));
            }
            @SuppressWarnings("unchecked")
            List<String> scaling = (List<String>) js.executeScript("return echarts.getInstanceByDom(document.getElementById("
                    + "'chart-scaling-iot-insert')).getOption().series.map(s => s.name);");
            assertEquals(List.of("rows/s", "rows/s 95% CI", "p99 ms", "p99 ms 95% CI"), scaling);
            @SuppressWarnings("unchecked")
            List<String> rate = (List<String>) js.executeScript("return echarts.getInstanceByDom(document.getElementById("
                    + "'chart-rate-iot-insert')).getOption().series.map(s => s.name);");
            assertEquals(List.of("achieved", "achieved 95% CI", "offered"), rate);
            String waits = ids.stream().filter(id -> id.startsWith("server-waits-")).findFirst().orElseThrow();
            @SuppressWarnings("unchecked")
            List<String> stacks = (List<String>) js.executeScript("return echarts.getInstanceByDom(document.getElementById("
                    + "'chart-" + waits + "')).getOption().series.map(s => s.name + ' ' + s.stack);");
            assertEquals(List.of("CPU stack-0", "Lock:transactionid stack-0", "IO:WalSync stack-0", "Client:ClientRead stack-0"),
                    stacks, "the waits as bands of one stack, the largest first");
            // what is drawn against the data: the server's wait profile (stacked) and timelines (lines) of real runs
            for (ChartSpec spec : specs) {
                if (spec.id().startsWith("server-waits-") || List.of("throughput-rows-s", "host-cpu", "server-host-cpu")
                        .contains(spec.id())) {
                    assertDrawnAsItsData(spec, js.executeScript(DRAWN, driver.findElement(By.id("chart-" + spec.id()))));
                }
                if (spec.id().startsWith("server-waits-")) {
                    // the tooltip of the first interval: each band's own value, neither the time nor the stack's top
                    String tip = (String) js.executeScript("var el = arguments[0], c = echarts.getInstanceByDom(el);"
                            + "c.dispatchAction({type: 'showTip', seriesIndex: 0, dataIndex: 0});"
                            + "return Array.from(el.querySelectorAll('div')).map(d => d.textContent).join('|');",
                            driver.findElement(By.id("chart-" + spec.id())));
                    for (ChartSpec.Series band : spec.series()) {
                        String shown = band.name() + String.format(java.util.Locale.ROOT, "%.3g", band.points().get(0)[1]);
                        assertTrue(tip.contains(shown), spec.id() + ": " + shown + " in the tooltip: " + tip);
                    }
                }
            }

            List<String> severe = new ArrayList<>();
            for (LogEntry e : driver.manage().logs().get(LogType.BROWSER)) {
                if (e.getLevel().intValue() >= Level.SEVERE.intValue()) {
                    severe.add(e.getMessage());
                }
            }
            assertEquals(List.of(), severe, "browser console errors");

            // the whole page in one picture: the window as tall as the document
            long height = (Long) js.executeScript("return document.documentElement.scrollHeight;");
            driver.manage().window().setSize(new Dimension(1400, (int) Math.min(height + 150, 12_000)));
            File shot = ((TakesScreenshot) driver).getScreenshotAs(OutputType.FILE);
            Files.copy(shot.toPath(), TARGET.resolve("report-screenshot.png"), StandardCopyOption.REPLACE_EXISTING);
        } finally {
            driver.quit();
        }
    }

    @Test
    void aHostileLabelInATooltipIsTextNotMarkup() throws Exception {
        String hostile = "<img src=x onerror=document.title=\"PWNED\">";
        Path html = Report.writeResults(List.of(run("evil").label(hostile).build(), run("plain").label("plain").build()),
                dir.resolve("report"));
        ChromeDriver driver = browser();
        try {
            driver.get(html.toAbsolutePath().toUri().toString());
            JavascriptExecutor js = driver;
            String title = driver.getTitle();
            // the latency chart's own formatter (item tooltip) and ECharts' default one (axis tooltip, headline bars)
            for (String chart : List.of("chart-latency-insert", "chart-headline-iot-insert", "chart-throughput")) {
                Object shown = js.executeScript("var el = document.getElementById(arguments[0]);"
                        + "var c = echarts.getInstanceByDom(el);"
                        // the label is in a series' name, or else in a category's (the headline's bars)
                        + "var i = c.getOption().series.findIndex(s => s.name.indexOf('<img') >= 0), d = 0;"
                        + "if (i < 0) { i = 0; d = c.getOption().xAxis[0].data.findIndex(n => n.indexOf('<img') >= 0); }"
                        + "c.dispatchAction({type: 'showTip', seriesIndex: i, dataIndex: d});"
                        + "return Array.from(el.querySelectorAll('div')).map(d => d.textContent).join('|');", chart);
                Thread.sleep(300); // an injected image's onerror would have fired by now
                assertEquals(Boolean.TRUE, js.executeScript("return document.querySelector('img[src=x]') === null;"),
                        chart + ": no element made from the label");
                assertEquals(title, driver.getTitle(), chart + ": no script ran");
                assertTrue(String.valueOf(shown).contains(hostile), chart + ": the label shown as text in its tooltip: " + shown);
            }
        } finally {
            driver.quit();
        }
    }

    /**
     * A find-max search file given to the report: its runs' achieved rate against the offered one, met and failed
     * apart, with the knee; latency against load with the objective's limit; the search's table first.
     */
    @Test
    void aFindMaxSearchIsDrawnWithTheKneeAndTheObjectivesLimit() throws Exception {
        Path results = Files.createDirectories(dir.resolve("search"));
        List<io.dbharness.results.search.SearchResult.Step> steps = new ArrayList<>();
        int n = 0;
        for (String rate : List.of("1000", "2000", "4000", "3000")) {
            RunResult r = noop(rate);
            Path file = ResultFiles.write(r, results);
            n++;
            boolean met = Double.parseDouble(rate) <= 2000;
            double p99 = met ? 5 : 40;
            steps.add(new io.dbharness.results.search.SearchResult.Step(n, Double.parseDouble(rate), 1, met, met,
                    file.getFileName().toString(), 0, Double.parseDouble(rate), r.totals().rowsPerSecond(), "rows/s",
                    List.of(new io.dbharness.results.search.Objective.Check("p99<20ms", met, p99, "p99 insert " + p99 + " ms"),
                            new io.dbharness.results.search.Objective.Check("kept-up", true, 0.01, "kept up (max lag 0.01 s)")),
                    null));
        }
        var search = new io.dbharness.results.search.SearchResult("20261203-040000-find-max-rate", "test", "noop",
                "iot-insert", "rate", "p99<20ms,kept-up", Map.of("p99<20ms", 20.0), 0.05, 1, Map.of(),
                java.time.Instant.now(), java.time.Instant.now(), 2000.0, 3000.0, "max-steps", steps);
        Path searchFile = io.dbharness.results.search.SearchFiles.write(search, results);

        Path out = TARGET.resolve("report-search-browser");
        Path html = Report.write(List.of(searchFile), out);
        List<ChartSpec> specs = SearchCharts.charts(List.of(search), Report.read(List.of(searchFile)));
        assertEquals(List.of("search-20261203-040000-find-max-rate-load", "search-20261203-040000-find-max-rate-latency"),
                specs.stream().map(ChartSpec::id).toList());
        ChromeDriver driver = browser();
        try {
            driver.get(html.toAbsolutePath().toUri().toString());
            JavascriptExecutor js = driver;
            for (ChartSpec spec : specs) {
                WebElement el = driver.findElement(By.id("chart-" + spec.id()));
                assertEquals(spec.kind(), el.getAttribute("data-chart"));
                assertTrue(el.findElements(By.cssSelector("canvas")).size() > 0, spec.id() + " drawn on a canvas");
            }
            @SuppressWarnings("unchecked")
            List<String> load = (List<String>) js.executeScript("return echarts.getInstanceByDom(document.getElementById("
                    + "'chart-" + specs.get(0).id() + "')).getOption().series.map(s => s.name + ':' + s.type + ':' + s.data.length);");
            assertEquals(List.of("met:scatter:2", "failed:scatter:2", "offered:line:2", "knee:line:2"), load);
            @SuppressWarnings("unchecked")
            List<String> latency = (List<String>) js.executeScript("return echarts.getInstanceByDom(document.getElementById("
                    + "'chart-" + specs.get(1).id() + "')).getOption().series.map(s => s.name);");
            assertEquals(List.of("p99 ms", "limit p99<20ms", "knee"), latency);
            assertTrue(driver.findElement(By.tagName("body")).getText().contains("find-max rate (p99<20ms,kept-up): max-steps"),
                    "the search's table");
            List<String> severe = new ArrayList<>();
            for (LogEntry e : driver.manage().logs().get(LogType.BROWSER)) {
                if (e.getLevel().intValue() >= Level.SEVERE.intValue()) {
                    severe.add(e.getMessage());
                }
            }
            assertEquals(List.of(), severe, "browser console errors");
            File shot = ((TakesScreenshot) driver).getScreenshotAs(OutputType.FILE);
            Files.copy(shot.toPath(), TARGET.resolve("report-search-screenshot.png"), StandardCopyOption.REPLACE_EXISTING);
        } finally {
            driver.quit();
        }
    }

    /**
     * A run of one interval (stopped early) still shows its server's wait profile: the one point of each band is
     * drawn, where a stacked area of one point would be nothing at all.
     */
    @Test
    @Timeout(120)
    void aWaitProfileOfOneIntervalIsDrawnAsPoints() throws Exception {
        RunResult two = run("short").target("postgres").server().seconds(0.98272523).build(); // one interval to 0.491362615 s
        RunResult one = two.toBuilder().intervals(List.of(two.intervals().get(0))).build();
        Path html = Report.writeResults(List.of(one), dir.resolve("one-interval"));
        ChartSpec spec = Report.contents(List.of(one)).charts().stream().filter(c -> c.id().startsWith("server-waits-"))
                .findFirst().orElseThrow();
        ChromeDriver driver = browser();
        try {
            driver.get(html.toAbsolutePath().toUri().toString());
            JavascriptExecutor js = driver;
            WebElement el = driver.findElement(By.id("chart-" + spec.id()));
            assertDrawnAsItsData(spec, js.executeScript(DRAWN, el));
            @SuppressWarnings("unchecked")
            List<String> shown = (List<String>) js.executeScript("var c = echarts.getInstanceByDom(arguments[0]), out = [];"
                    + "c.getModel().eachSeries(function (s) { var g = s.getData().getItemGraphicEl(0);"
                    + "  out.push(s.name + ':' + (g != null && !g.ignore && !g.invisible)); });"
                    + "return out;", el);
            assertEquals(spec.series().stream().map(b -> b.name() + ":true").toList(), shown, "each band's one point drawn");
            assertTextsReadable(spec, js.executeScript(TEXTS, el));
        } finally {
            driver.quit();
        }
    }

    /** A real run: iot-insert on noop held to a rate, so it lasts long enough for several watch intervals. */
    private static RunResult noop(String rate) throws Exception {
        return Harness.run(RunSpec.builder().target("noop").workload("iot-insert")
                .option("tag-num", 50).option("total-metrics-count", 5).option("ts-end", "2022-04-18 09:00:30")
                .option("rate", rate).option("watch-interval", "250ms").option("no-watch", true)
                .environment(Map.of()).build());
    }

    /**
     * What ECharts drew, read back from the chart: the extent of the x axis and of the left y axis, and each series'
     * points as placed on the canvas, turned back from pixels into values.
     */
    private static final String DRAWN = "var c = echarts.getInstanceByDom(arguments[0]), m = c.getModel();"
            + "function extent(axis) { return m.getComponent(axis, 0).axis.scale.getExtent(); }"
            + "var series = [];"
            + "m.eachSeries(function (s, i) {"
            + "  var d = s.getData(), flat = d.getLayout('points'), points = [];"
            + "  for (var j = 0; j < d.count(); j++) {"
            + "    var px = flat ? [flat[2 * j], flat[2 * j + 1]] : d.getItemLayout(j);"
            + "    points.push(px && isFinite(px[0]) && isFinite(px[1]) ? c.convertFromPixel({seriesIndex: i}, px) : null);"
            + "  }"
            + "  series.push({name: s.name, points: points});"
            + "});"
            + "return {x: extent('xAxis'), y: extent('yAxis'), series: series};";

    /**
     * A timeline drawn as its data says: the x axis from the run's start (0) to its last point, no further than a
     * rounding; the y axis from 0 to at most half again the highest value drawn (ECharts rounds it up to a tick);
     * every point where its data puts it, a stacked band's on top of the bands before it (the top of the stack is
     * their sum), a line's at its own value.
     */
    @SuppressWarnings("unchecked")
    private static void assertDrawnAsItsData(ChartSpec spec, Object drawnObject) {
        Map<String, Object> drawn = (Map<String, Object>) drawnObject;
        List<Double> x = numbers((List<Object>) drawn.get("x"));
        List<Double> y = numbers((List<Object>) drawn.get("y"));
        double lastX = spec.series().stream().flatMap(s -> s.points().stream()).mapToDouble(p -> p[0]).max().orElseThrow();
        assertEquals(0, x.get(0), 1e-9, spec.id() + ": the x axis starts at the run's start");
        assertTrue(x.get(1) >= lastX - 1e-9 && x.get(1) <= lastX * 1.01, spec.id() + ": the x axis " + x
                + " ends at the last point, " + lastX);
        List<Map<String, Object>> series = (List<Map<String, Object>>) drawn.get("series");
        assertEquals(spec.series().stream().map(ChartSpec.Series::name).toList(),
                series.stream().map(s -> (String) s.get("name")).toList(), spec.id());
        double[] stack = new double[spec.series().get(0).points().size()];
        double highest = 0;
        double pixel = y.get(1) / 100; // far below a band's height, far above a float's rounding
        for (int k = 0; k < spec.series().size(); k++) {
            ChartSpec.Series s = spec.series().get(k);
            List<Object> points = (List<Object>) series.get(k).get("points");
            assertEquals(s.points().size(), points.size(), spec.id() + " " + s.name());
            for (int i = 0; i < points.size(); i++) {
                Double[] data = s.points().get(i);
                if (data[1] == null) {
                    continue;
                }
                double expected = s.type().equals("stacked") ? (stack[i] += data[1]) : data[1];
                highest = Math.max(highest, expected);
                List<Double> at = numbers((List<Object>) points.get(i));
                String where = spec.id() + " " + s.name() + " point " + i + " drawn at " + at;
                assertEquals(data[0], at.get(0), lastX / 100, where + ", its x is " + data[0]);
                assertEquals(expected, at.get(1), pixel, where + (s.type().equals("stacked")
                        ? ", the top of the bands up to it is " + expected : ", its value is " + expected));
            }
        }
        assertEquals(0, y.get(0), 1e-9, spec.id() + ": the y axis starts at 0");
        assertTrue(y.get(1) >= highest && (highest == 0 || y.get(1) <= 1.5 * highest), spec.id() + ": the y axis " + y
                + " reaches the highest value drawn, " + highest + ", and not much further");
    }

    /**
     * Every text ECharts drew outside a clipped group (the scrolling legend clips its own): each text's box on the
     * canvas, {@code [text, x, y, width, height]}, and the canvas's size. A label in a box of fixed width (the
     * categories', truncated at 160 px) is measured by zrender as if set at the box's left; it is drawn at its right.
     */
    private static final String TEXTS = "var c = echarts.getInstanceByDom(arguments[0]), out = [], seen = [];"
            + "function clipped(e) { for (; e; e = e.parent) { if (e.getClipPath && e.getClipPath()) { return true; } } return false; }"
            + "c.getZr().storage.getDisplayList(true).forEach(function (span) {"
            + "  var d = span.parent;"
            + "  if (span.type !== 'tspan' || !d || d.type !== 'text' || seen.indexOf(d) >= 0 || d.invisible || !d.style"
            + "      || d.style.text == null || d.style.text === '' || clipped(d)) { return; }"
            + "  seen.push(d);"
            + "  var r = d.getBoundingRect().clone();"
            + "  if (d.style.width != null && d.style.align === 'right' && r.width < d.style.width) { r.x += d.style.width - r.width; }"
            + "  r.applyTransform(d.getComputedTransform());"
            + "  out.push([String(d.style.text), r.x, r.y, r.width, r.height]);"
            + "});"
            + "return {w: c.getWidth(), h: c.getHeight(), texts: out};";

    /**
     * The chart's texts as a reader needs them: each whole on the canvas (not cut off at an edge), none across
     * another (an axis name over slanted labels), and no tick with more decimals than a reader can use (an axis
     * ending at the last point, 3.9143590 s, is labelled 3.91).
     */
    @SuppressWarnings("unchecked")
    private static void assertTextsReadable(ChartSpec spec, Object drawnObject) {
        Map<String, Object> drawn = (Map<String, Object>) drawnObject;
        double w = ((Number) drawn.get("w")).doubleValue();
        double h = ((Number) drawn.get("h")).doubleValue();
        List<List<Object>> texts = (List<List<Object>>) drawn.get("texts");
        assertTrue(texts.size() > 2, spec.id() + ": its axes labelled " + texts);
        double slack = 0.5; // a box's anti-aliased edge
        for (int i = 0; i < texts.size(); i++) {
            List<Object> t = texts.get(i);
            String text = (String) t.get(0);
            double x = num(t.get(1)), y = num(t.get(2)), tw = num(t.get(3)), th = num(t.get(4));
            assertTrue(x >= -slack && y >= -slack && x + tw <= w + slack && y + th <= h + slack,
                    spec.id() + ": '" + text + "' at " + t.subList(1, 5) + " is cut off by the chart's edges " + w + "x" + h);
            assertTrue(!text.matches(".*\\d\\.\\d{4,}.*"), spec.id() + ": '" + text + "' rounded like the other ticks");
            for (int j = i + 1; j < texts.size(); j++) {
                List<Object> u = texts.get(j);
                double ox = Math.min(x + tw, num(u.get(1)) + num(u.get(3))) - Math.max(x, num(u.get(1)));
                double oy = Math.min(y + th, num(u.get(2)) + num(u.get(4))) - Math.max(y, num(u.get(2)));
                assertTrue(ox <= 1 || oy <= 1, spec.id() + ": '" + text + "' " + t.subList(1, 5) + " and '" + u.get(0) + "' "
                        + u.subList(1, 5) + " drawn across each other");
            }
        }
    }

    private static double num(Object o) {
        return ((Number) o).doubleValue();
    }

    private static List<Double> numbers(List<Object> values) {
        return values.stream().map(v -> ((Number) v).doubleValue()).toList();
    }

    /** What the page's script makes of a spec: every series, each followed by its whiskers when it has them. */
    private static List<String> expectedSeries(ChartSpec spec) {
        List<String> out = new ArrayList<>();
        for (ChartSpec.Series s : spec.series()) {
            out.add(s.name());
            if (s.ci() != null) {
                out.add(s.name() + " 95% CI");
            }
        }
        return out;
    }

    private ChromeDriver browser() throws Exception {
        // a driver given explicitly: Selenium Manager must never try to download one
        System.setProperty("webdriver.chrome.driver", CHROMEDRIVER.toString());
        ChromeOptions o = new ChromeOptions();
        o.setBinary(CHROMIUM.toFile());
        o.addArguments("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run",
                "--user-data-dir=" + Files.createDirectories(dir.resolve("chromium-profile")));
        o.setCapability("goog:loggingPrefs", Map.of(LogType.BROWSER, "ALL"));
        ChromeDriverService service = new ChromeDriverService.Builder().usingDriverExecutable(CHROMEDRIVER.toFile()).build();
        ChromeDriver driver = new ChromeDriver(service, o);
        driver.manage().window().setSize(new Dimension(1400, 2200));
        return driver;
    }
}
