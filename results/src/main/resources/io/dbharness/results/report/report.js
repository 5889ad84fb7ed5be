// Draws the report's charts: every chart is data in the #report-data blob (see ChartSpec.java); this turns each
// into an ECharts option. No figures are computed here.
(function () {
  'use strict';
  var data = JSON.parse(document.getElementById('report-data').textContent);
  var BAR_CATEGORY_GAP = 0.2, BAR_GAP = 0.1; // fixed, so the whiskers can find the middle of their bar
  var PALETTE = ['#5470c6', '#ee6666', '#3ba272', '#fac858', '#73c0de', '#fc8452', '#9a60b4', '#ea7ccc', '#91cc75'];

  // 1/(1-p) back to a percentile label: 10 -> 90%, 1000 -> 99.9%
  function ninesLabel(v) {
    if (v <= 1) { return '0%'; }
    var p = 100 * (1 - 1 / v);
    var decimals = Math.max(0, Math.ceil(Math.log10(v) - 1e-9) - 2);
    return p.toFixed(decimals) + '%';
  }

  function fmt(v) {
    if (v === null || v === undefined || isNaN(v)) { return '-'; }
    var a = Math.abs(v);
    return a >= 100 ? Math.round(v).toLocaleString('en') : a >= 1 ? v.toFixed(2) : v.toPrecision(3);
  }

  function axis(a, categories) {
    var out = { name: a.name, nameLocation: 'middle', nameGap: 28 };
    if (a.type === 'category') {
      out.type = 'category';
      out.data = categories;
      // every category named: a bar nobody can attribute is worse than a slanted label
      var long = categories.some(function (c) { return String(c).length > 14; });
      out.axisLabel = { interval: 0, rotate: categories.length > 3 || long ? 30 : 0, width: 160, overflow: 'truncate' };
    } else if (a.type === 'nines') {
      out.type = 'log';
      out.logBase = 10;
      out.min = 1;
      out.axisLabel = { formatter: ninesLabel };
    } else {
      out.type = 'value';
      out.scale = false;
      // the axis ends at the last point, not at the next round number past it (a run of 3.1 s drawn to 3.5 s)
      out.max = 'dataMax';
    }
    return out;
  }

  function valueAxis(a) {
    // every figure charted is a rate, a duration or a share: never below zero
    return { type: 'value', name: a.name, nameLocation: 'middle', nameGap: 60, min: 0, axisLabel: { formatter: fmt } };
  }

  // the data of one series: [x, y] pairs on value axes, a value per category on a category axis
  function seriesData(spec, s) {
    // ECharts stacks the first numeric column of a series' data, and on a value x axis that is x: a band's
    // columns are swapped ([y, x], encoded back in option()), so y is what adds up and x stays where it is
    if (s.type === 'stacked' && spec.x.type === 'value') { return s.points.map(function (p) { return [p[1], p[0]]; }); }
    if (spec.x.type !== 'category') { return s.points; }
    var values = spec.categories.map(function () { return null; });
    s.points.forEach(function (p) { values[p[0]] = p[1]; });
    return values;
  }

  // whiskers of the 95% confidence interval; bars are offset within their category
  function whiskers(spec, s, barIndex, barCount, color, lineIndex, lineCount) {
    var rows = [];
    s.ci.forEach(function (c, i) {
      // an interval wider than the mean would reach below zero, where no rate or duration lies
      if (c[0] !== null && c[1] !== null) { rows.push([s.points[i][0], Math.max(0, c[0]), c[1]]); }
    });
    return {
      name: s.name + ' 95% CI', type: 'custom', yAxisIndex: s.yAxis, z: 10, silent: true,
      encode: { x: 0, y: [1, 2] }, data: rows,
      renderItem: function (params, api) {
        var lo = api.coord([api.value(0), api.value(1)]);
        var hi = api.coord([api.value(0), api.value(2)]);
        var x = lo[0];
        if (barIndex < 0 && lineCount > 1) { x += (lineIndex - (lineCount - 1) / 2) * 6; } // lines' whiskers side by side
        if (barIndex >= 0) {
          var band = api.size([1, 0])[0];
          var width = band * (1 - BAR_CATEGORY_GAP) / (barCount + (barCount - 1) * BAR_GAP);
          x += -band * (1 - BAR_CATEGORY_GAP) / 2 + barIndex * width * (1 + BAR_GAP) + width / 2;
        }
        var cap = 5, style = { stroke: color, lineWidth: 1.5 };
        return { type: 'group', children: [
          { type: 'line', shape: { x1: x, y1: lo[1], x2: x, y2: hi[1] }, style: style },
          { type: 'line', shape: { x1: x - cap, y1: lo[1], x2: x + cap, y2: lo[1] }, style: style },
          { type: 'line', shape: { x1: x - cap, y1: hi[1], x2: x + cap, y2: hi[1] }, style: style }
        ] };
      }
    };
  }

  function option(spec) {
    var barCount = spec.series.filter(function (s) { return s.type === 'bar'; }).length;
    var lineCount = spec.series.filter(function (s) { return s.type !== 'bar' && s.ci; }).length;
    var series = [], barIndex = 0, lineIndex = 0;
    spec.series.forEach(function (s, k) {
      // a fixed colour per series, so its whiskers can wear it too
      var color = PALETTE[k % PALETTE.length];
      var out = { name: s.name, yAxisIndex: s.yAxis, data: seriesData(spec, s), itemStyle: { color: color } };
      if (s.type === 'bar') {
        out.type = 'bar';
        out.barGap = (BAR_GAP * 100) + '%';
        out.barCategoryGap = (BAR_CATEGORY_GAP * 100) + '%';
        if (spec.kind === 'headline') { out.colorBy = 'data'; delete out.itemStyle; }
      } else if (s.type === 'stacked') {
        // a band of a stacked profile (the server's waits): bands of one axis add up
        out.type = 'line';
        out.stack = 'stack-' + s.yAxis;
        if (spec.x.type === 'value') { out.encode = { x: 1, y: 0, tooltip: 0 }; }
        out.areaStyle = {};
        out.showSymbol = false;
      } else if (s.type === 'points') {
        out.type = 'scatter'; // a find-max search's runs: met and failed apart, unjoined
        out.symbolSize = 9;
      } else if (s.type === 'reference') {
        out.type = 'line';
        out.symbol = 'none';
        out.lineStyle = { type: 'dashed', color: '#888' };
        out.itemStyle = { color: '#888' };
      } else {
        out.type = 'line';
        out.showSymbol = s.points.length <= 40;
        if (s.yAxis === 1) { out.lineStyle = { type: 'dotted' }; }
      }
      series.push(out);
      if (s.ci) {
        // per-data colours (side by side bars) leave the whiskers neutral
        var whiskerColor = spec.kind === 'headline' ? '#333' : color;
        series.push(whiskers(spec, s, s.type === 'bar' ? barIndex : -1, barCount, whiskerColor, lineIndex, lineCount));
        if (s.type !== 'bar') { lineIndex++; }
      }
      if (s.type === 'bar') { barIndex++; }
    });
    var yAxes = [valueAxis(spec.y)];
    if (spec.y2) { yAxes.push(valueAxis(spec.y2)); }
    var nines = spec.x.type === 'nines';
    return {
      animation: false,
      color: PALETTE,
      // the whiskers belong to their series: not a legend entry of their own
      legend: { type: 'scroll', top: 0, data: spec.series.map(function (s) { return s.name; }) },
      grid: { top: 40, left: 30, right: spec.y2 ? 30 : 20, bottom: 40, containLabel: true },
      tooltip: nines ? { trigger: 'item', formatter: function (p) {
        // ECharts puts a formatter's string in as HTML, and series names are the user's labels, targets, options
        return echarts.format.encodeHTML(p.seriesName) + '<br>' + ninesLabel(p.value[0]) + ': ' + fmt(p.value[1]) + ' ms';
      } } : { trigger: 'axis', valueFormatter: fmt },
      xAxis: axis(spec.x, spec.categories),
      yAxis: yAxes,
      series: series
    };
  }

  var charts = data.charts.map(function (spec) {
    var chart = echarts.init(document.getElementById('chart-' + spec.id));
    chart.setOption(option(spec));
    return chart;
  });
  window.addEventListener('resize', function () { charts.forEach(function (c) { c.resize(); }); });
})();
