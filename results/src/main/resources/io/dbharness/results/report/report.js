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

  // an x axis tick: the axis's end is the last point (3.9143590 s), shown as rounded as the round ticks before it
  function tick(v) {
    var a = Math.abs(v);
    var r = a >= 100 ? Math.round(v) : a >= 1 ? Math.round(v * 100) / 100 : Number(v.toPrecision(3));
    return r.toLocaleString('en', { maximumFractionDigits: 6 });
  }

  var LABEL_WIDTH = 160, LABEL_MARGIN = 8, FONT_SIZE = 12, LINE_HEIGHT = 16, ROTATE = 30;
  var measure = document.createElement('canvas').getContext('2d');
  measure.font = FONT_SIZE + 'px sans-serif'; // ECharts' own label font

  // how far slanted labels reach below their axis: a box of the widest label's width and a line's height,
  // rotated; a tenth more, since the page's sans-serif need not be the one measured
  function slantedReach(categories, degrees) {
    var widest = Math.max.apply(null, categories.map(function (c) { return measure.measureText(String(c)).width; }).concat([0]));
    var r = degrees * Math.PI / 180;
    return LABEL_MARGIN + 1.1 * (Math.min(LABEL_WIDTH, widest) * Math.sin(r) + LINE_HEIGHT * Math.cos(r));
  }

  function axis(a, categories) {
    var out = { name: a.name, nameLocation: 'middle', nameGap: 28 };
    if (a.type === 'category') {
      out.type = 'category';
      out.data = categories;
      // every category named: a bar nobody can attribute is worse than a slanted label
      var longest = Math.max.apply(null, categories.map(function (c) { return String(c).length; }).concat([0]));
      var rotate = categories.length > 3 || longest > 14 ? ROTATE : 0;
      out.axisLabel = { interval: 0, rotate: rotate, width: LABEL_WIDTH, overflow: 'truncate' };
      if (rotate) {
        // the axis name goes below the slanted labels' lowest reach, not across them
        out.nameGap = Math.ceil(slantedReach(categories, rotate)) + LABEL_MARGIN;
      }
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
      // its label rounded; ECharts drops it when it would crowd the round tick before it
      out.axisLabel = { formatter: tick, hideOverlap: true };
    }
    return out;
  }

  // the highest value drawn on a y axis: a stack's top, a whisker's end, or a point
  function top(spec, yAxis) {
    var stack = [], most = 0;
    spec.series.forEach(function (s) {
      if (s.yAxis !== yAxis) { return; }
      s.points.forEach(function (p, i) {
        var v = p[1] || 0;
        if (s.type === 'stacked') { v = stack[i] = (stack[i] || 0) + v; }
        var hi = s.ci && s.ci[i] && s.ci[i][1];
        most = Math.max(most, v, hi || 0);
      });
    });
    return most;
  }

  function valueAxis(a, highest) {
    // the name clears the widest tick label (2,500,000 is wider than 2.50), and no more: too far, it leaves the chart
    var widest = Math.max(measure.measureText(fmt(highest * 1.25)).width, measure.measureText(fmt(highest / 3)).width);
    // every figure charted is a rate, a duration or a share: never below zero
    return { type: 'value', name: a.name, nameLocation: 'middle', nameGap: Math.ceil(widest) + LABEL_MARGIN + LINE_HEIGHT,
      min: 0, axisLabel: { formatter: fmt } };
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
        // one interval is no area: its point is drawn, or the chart is empty
        out.showSymbol = s.points.length === 1;
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
    var yAxes = [valueAxis(spec.y, top(spec, 0))];
    if (spec.y2) { yAxes.push(valueAxis(spec.y2, top(spec, 1))); }
    var nines = spec.x.type === 'nines';
    return {
      animation: false,
      color: PALETTE,
      // the whiskers belong to their series: not a legend entry of their own
      legend: { type: 'scroll', top: 0, data: spec.series.map(function (s) { return s.name; }) },
      // the right margin holds half the last x label (99.9%, 99.99%) or the right axis's name: containLabel
      // leaves both out
      grid: { top: 40, left: 30, right: 40, bottom: 40, containLabel: true },
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
