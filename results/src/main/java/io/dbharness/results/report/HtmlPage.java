package io.dbharness.results.report;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.json.JsonMapper;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Properties;

/**
 * The self-contained page: styles, ECharts (from its WebJar), the charts' data as one JSON blob and the script that
 * draws them, all inline, so it opens from a file or a mail attachment with no network.
 */
final class HtmlPage {

    private static final String ECHARTS_POM = "META-INF/maven/org.webjars.npm/echarts/pom.properties";
    private static final JsonMapper JSON = JsonMapper.builder().build();

    private HtmlPage() {
    }

    static String render(String title, List<String> intro, List<ChartSpec> charts, List<Table> tables) {
        StringBuilder b = new StringBuilder(1_200_000);
        b.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
                .append("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n")
                .append("<title>").append(Html.text(title)).append("</title>\n<style>\n")
                .append(resource("report.css")).append("</style>\n</head>\n<body>\n<header>\n<h1>")
                .append(Html.text(title)).append("</h1>\n");
        intro.forEach(line -> b.append("<p>").append(Html.text(line)).append("</p>\n"));
        b.append("</header>\n<main>\n<section id=\"charts\">\n<h2>Charts</h2>\n");
        for (ChartSpec c : charts) {
            b.append("<figure class=\"chart-box\">\n<figcaption>").append(Html.text(c.title())).append("</figcaption>\n")
                    .append("<div class=\"chart\" id=\"chart-").append(Html.text(c.id())).append("\" data-chart=\"")
                    .append(Html.text(c.kind())).append("\"></div>\n");
            if (c.note() != null) {
                b.append("<p class=\"note\">").append(Html.text(c.note())).append("</p>\n");
            }
            b.append("</figure>\n");
        }
        b.append("</section>\n");
        for (Table t : tables) {
            HtmlTables.render(b, t);
        }
        b.append("</main>\n<script>\n").append(echarts()).append("\n</script>\n")
                .append("<script type=\"application/json\" id=\"report-data\">").append(Html.scriptJson(json(Map.of("charts", charts))))
                .append("</script>\n<script>\n").append(resource("report.js")).append("</script>\n</body>\n</html>\n");
        return b.toString();
    }

    private static String json(Object data) {
        try {
            return JSON.writeValueAsString(data);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot encode the chart data", e);
        }
    }

    /** The minified ECharts of the WebJar on the class path, whichever version the build chose. */
    static String echarts() {
        Properties p = new Properties();
        try (InputStream in = HtmlPage.class.getClassLoader().getResourceAsStream(ECHARTS_POM)) {
            if (in == null) {
                throw new IllegalStateException("the echarts WebJar is not on the class path (" + ECHARTS_POM + ")");
            }
            p.load(in);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return classpath("META-INF/resources/webjars/echarts/" + p.getProperty("version") + "/dist/echarts.min.js");
    }

    private static String resource(String name) {
        return classpath("io/dbharness/results/report/" + name);
    }

    private static String classpath(String path) {
        try (InputStream in = HtmlPage.class.getClassLoader().getResourceAsStream(path)) {
            if (in == null) {
                throw new IllegalStateException("missing resource " + path);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
