import type { SeriesPoint } from '@recaudo/domain/dashboard';
import { formatMoney } from '@recaudo/domain/format-money';
import { formatNumber } from '@recaudo/domain/format';
import DownloadOutlined from '@ant-design/icons/DownloadOutlined';
import Button from 'antd/es/button';
import Flex from 'antd/es/flex';
import { LineChart } from 'echarts/charts';
import { GridComponent, LegendPlainComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';
import { useEffect } from 'react';
import { useEChart } from '../../lib/use-echart';
import { usePrefersReducedMotion } from '../../lib/use-reduced-motion';

// Only what the chart draws, in the dashboard's own lazy chunk. No toolbox: it brings data zoom
// and brushing along (a third of the chunk) for one button, which the card draws itself. SVG: the
// axis labels are text in the page, which the browser test reads.
echarts.use([LineChart, GridComponent, LegendPlainComponent, TooltipComponent, SVGRenderer]);

/** Below this width the chart takes narrower margins for its axes (a phone). */
const NARROW_CHART = 600;

const label = (date: string) => (date.length === 10 ? date.slice(8, 10) : `${date.slice(5, 7)}-${date.slice(0, 4)}`);

/** The chart as a PNG (its SVG drawn on a canvas) downloaded as "Pagos.png". */
async function downloadImage(instance: echarts.ECharts, background: string): Promise<void> {
  const image = new Image();
  image.src = instance.getDataURL({ type: 'svg' });
  await image.decode();
  const canvas = document.createElement('canvas');
  const scale = 2;
  canvas.width = instance.getWidth() * scale;
  canvas.height = instance.getHeight() * scale;
  const context = canvas.getContext('2d');
  if (!context) return;
  context.fillStyle = background;
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.drawImage(image, 0, 0, canvas.width, canvas.height);
  const link = document.createElement('a');
  link.href = canvas.toDataURL('image/png');
  link.download = 'Pagos.png';
  link.click();
}

/**
 * The area chart 'Pagos' (spec 03): series Cantidad, BS and $ over the days of a month or the
 * months of a year, each on its own axis (dollars on a bolivar axis were a flat line), amounts
 * as the rest of Recaudo writes them, and the download-image button.
 */
export function PaymentsChart({ points, textColor, background }: { points: SeriesPoint[]; textColor: string; background: string }) {
  const { element, chart } = useEChart();
  const reducedMotion = usePrefersReducedMotion();

  useEffect(() => {
    const axis = (name: string, position: 'left' | 'right', offset = 0) => ({
      type: 'value' as const,
      name,
      position,
      offset,
      alignTicks: true,
      axisLine: { show: true },
      axisLabel: { formatter: formatNumber },
    });
    // A series over the points on its axis; its tooltip writes the point's own figure, as Recaudo writes it.
    const line = (name: string, yAxisIndex: number, value: (point: SeriesPoint) => number | string, text: (point: SeriesPoint) => string) => ({
      name,
      type: 'line' as const,
      yAxisIndex,
      smooth: true,
      areaStyle: {},
      data: points.map((point) => Number(value(point))),
      tooltip: { valueFormatter: (_value: unknown, index: number) => (points[index] ? text(points[index]) : '') },
    });
    chart.current?.setOption(
      {
        baseOption: {
          backgroundColor: 'transparent',
          animation: !reducedMotion,
          textStyle: { color: textColor },
          tooltip: { trigger: 'axis', className: 'payments-chart-tooltip' },
          legend: { top: 0, left: 'center', data: ['Cantidad', 'BS', '$'], textStyle: { color: textColor } },
          grid: { left: 90, right: 150, bottom: 30, top: 60 },
          xAxis: { type: 'category', boundaryGap: false, data: points.map((point) => label(point.date)) },
          yAxis: [axis('BS', 'left'), axis('$', 'right'), { ...axis('Cantidad', 'right', 80), minInterval: 1 }],
          series: [
            line('Cantidad', 2, (point) => point.count_payments, (point) => formatNumber(point.count_payments)),
            line('BS', 0, (point) => point.amount_payment, (point) => formatMoney(point.amount_payment, 'BS')),
            line('$', 1, (point) => point.dollar_amount_payment, (point) => formatMoney(point.dollar_amount_payment, '$')),
          ],
        },
        // A phone's card is about 320 px wide: the desktop's margins for three axes left the plot 80 px.
        media: [{ query: { maxWidth: NARROW_CHART }, option: { grid: { left: 56, right: 88 }, yAxis: [{}, {}, { offset: 44 }] } }],
      },
      true,
    );
  }, [chart, points, textColor, reducedMotion]);

  return (
    <Flex vertical gap={8}>
      <Flex justify="end">
        <Button icon={<DownloadOutlined />} onClick={() => chart.current && void downloadImage(chart.current, background)}>
          Descargar imagen
        </Button>
      </Flex>
      <div ref={element} role="img" aria-label="Gráfico de pagos: cantidad, BS y $" style={{ width: '100%', height: 340 }} />
    </Flex>
  );
}
