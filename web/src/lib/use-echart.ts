import * as echarts from 'echarts/core';
import { useEffect, useRef } from 'react';

/**
 * An ECharts instance on an element of the component, drawn as SVG, resized with the window and
 * disposed with the component: `element` goes on the chart's div, `chart` takes its options.
 */
export function useEChart() {
  const element = useRef<HTMLDivElement>(null);
  const chart = useRef<echarts.ECharts | null>(null);

  useEffect(() => {
    if (!element.current) return;
    const instance = echarts.init(element.current, null, { renderer: 'svg' });
    chart.current = instance;
    const resize = () => instance.resize();
    window.addEventListener('resize', resize);
    return () => {
      window.removeEventListener('resize', resize);
      instance.dispose();
      chart.current = null;
    };
  }, []);

  return { element, chart };
}
