import type { SeriesPoint } from '@recaudo/domain/dashboard';
import { BarChart, LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, ToolboxComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';

// Only what the chart uses, in the dashboard's own lazy chunk.
echarts.use([LineChart, BarChart, GridComponent, LegendComponent, ToolboxComponent, TooltipComponent, CanvasRenderer]);

const label = (date: string) => (date.length === 10 ? date.slice(8, 10) : `${date.slice(5, 7)}-${date.slice(0, 4)}`);

/**
 * The area chart 'Pagos' (spec 03): series Cantidad, BS and $ over the days of a month or the
 * months of a year, with ECharts' toolbox "download image" button.
 */
export function PaymentsChart({ points, textColor }: { points: SeriesPoint[]; textColor: string }) {
  const element = useRef<HTMLDivElement>(null);
  const chart = useRef<echarts.ECharts | null>(null);

  useEffect(() => {
    if (!element.current) return;
    const instance = echarts.init(element.current);
    chart.current = instance;
    const resize = () => instance.resize();
    window.addEventListener('resize', resize);
    return () => {
      window.removeEventListener('resize', resize);
      instance.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    chart.current?.setOption(
      {
        backgroundColor: 'transparent',
        textStyle: { color: textColor },
        tooltip: { trigger: 'axis' },
        legend: { top: 0, left: 'center', data: ['Cantidad', 'BS', '$'], textStyle: { color: textColor } },
        toolbox: { top: 0, right: 8, feature: { saveAsImage: { title: 'Descargar imagen', name: 'Pagos' } } },
        grid: { left: 70, right: 60, bottom: 30, top: 70 },
        xAxis: { type: 'category', boundaryGap: false, data: points.map((point) => label(point.date)) },
        yAxis: [
          { type: 'value', name: 'Monto' },
          { type: 'value', name: 'Cantidad', minInterval: 1 },
        ],
        series: [
          { name: 'Cantidad', type: 'line', yAxisIndex: 1, smooth: true, areaStyle: {}, data: points.map((point) => point.count_payments) },
          { name: 'BS', type: 'line', smooth: true, areaStyle: {}, data: points.map((point) => Number(point.amount_payment)) },
          { name: '$', type: 'line', smooth: true, areaStyle: {}, data: points.map((point) => Number(point.dollar_amount_payment)) },
        ],
      },
      true,
    );
  }, [points, textColor]);

  return <div ref={element} role="img" aria-label="Gráfico de pagos: cantidad, BS y $" style={{ width: '100%', height: 340 }} />;
}
