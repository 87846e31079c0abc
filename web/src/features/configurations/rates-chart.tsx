import { formatDate } from '@recaudo/domain/format';
import { formatRate, type ExchangeRateRow } from '@recaudo/domain/exchange-rates';
import { LineChart } from 'echarts/charts';
import { GridComponent, LegendPlainComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';
import { useEffect } from 'react';
import { useEChart } from '../../lib/use-echart';
import { usePrefersReducedMotion } from '../../lib/use-reduced-motion';

echarts.use([LineChart, GridComponent, LegendPlainComponent, TooltipComponent, SVGRenderer]);

/** The rate in force of a currency by value date: the latest written of each value date. */
function seriesOf(rows: readonly ExchangeRateRow[], currency: 'USD' | 'EUR', dates: string[]) {
  const byDate = new Map<string, ExchangeRateRow>();
  for (const row of [...rows].filter((item) => item.currency === currency).sort((a, b) => a.created_at.localeCompare(b.created_at))) byDate.set(row.value_date, row);
  return dates.map((date) => byDate.get(date) ?? null);
}

/**
 * The history of both rates as lines over their value dates (issue 47), numbers written the
 * Venezuelan way, the tooltip naming each rate's source.
 */
export function RatesChart({ rows, textColor }: { rows: readonly ExchangeRateRow[]; textColor: string }) {
  const { element, chart } = useEChart();
  const reducedMotion = usePrefersReducedMotion();

  useEffect(() => {
    const dates = [...new Set(rows.map((row) => row.value_date))].sort();
    const line = (name: string, currency: 'USD' | 'EUR') => {
      const points = seriesOf(rows, currency, dates);
      return {
        name,
        type: 'line' as const,
        connectNulls: true,
        showSymbol: false,
        data: points.map((point) => (point ? Number(point.rate) : null)),
        tooltip: {
          valueFormatter: (_value: unknown, index: number) => {
            const point = points[index];
            return point ? `BS ${formatRate(point.rate, 2)} (${point.source === 'manual' ? 'manual' : 'BCV'})` : '';
          },
        },
      };
    };
    chart.current?.setOption(
      {
        backgroundColor: 'transparent',
        animation: !reducedMotion,
        textStyle: { color: textColor },
        tooltip: { trigger: 'axis' },
        legend: { top: 0, left: 'center', data: ['Dólar', 'Euro'], textStyle: { color: textColor } },
        grid: { left: 80, right: 24, bottom: 30, top: 40 },
        xAxis: { type: 'category', boundaryGap: false, data: dates.map((date) => formatDate(date).slice(0, 5)) },
        yAxis: { type: 'value', scale: true, axisLabel: { formatter: (value: number) => formatRate(String(value), 2) } },
        series: [line('Dólar', 'USD'), line('Euro', 'EUR')],
      },
      true,
    );
  }, [chart, rows, textColor, reducedMotion]);

  return <div ref={element} role="img" aria-label="Gráfico del historial de tasas: dólar y euro por fecha valor" style={{ width: '100%', height: 300 }} />;
}
