import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

/** The module the moved reads call, which the chunk groups keep with the table (vite.config.ts). */
export const TABLE_MEASURE_HELPER = fileURLToPath(new URL('./src/lib/before-paint.ts', import.meta.url));

/**
 * antd's table (@rc-component/table) reads the layout in effects that run inside React's commit:
 * each column's width when the table mounts, the scrollbar's width, the table's width and its
 * scroll position when the rows change. Each read lays out, there and then, everything the commit
 * inserted: on Pagos or Inicio the whole page. Chromium's performance trace records a script stack
 * for each box so laid out, and the reads deep in React's commit made the page's first task 250 ms
 * longer in Lighthouse's trace (four times that in its phone's blocking time). The build moves
 * these reads to the next frame, before it is painted (src/lib/before-paint.ts): the same widths,
 * measured on the layout the browser computes anyway. The build fails when a rule no longer
 * matches, so an upgrade of the table has these looked at again. Dev and tests use it unchanged.
 */
const PATCHES: { file: string; from: string; to: string }[] = [
  {
    file: '@rc-component/table/es/Body/MeasureCell.js',
    from: `  useLayoutEffect(() => {
    if (cellRef.current) {
      onColumnResize(columnKey, cellRef.current.offsetWidth);
    }
  }, []);`,
    to: `  useLayoutEffect(() => measureBeforePaint(() => {
    const width = cellRef.current?.offsetWidth;
    return () => {
      if (width !== undefined) onColumnResize(columnKey, width);
    };
  }), []);`,
  },
  {
    // The widths its resize observer reports (the rows arrived, the window changed) were applied
    // in a later task: the frame that showed the new rows had the pinned columns' old offsets,
    // Estatus over Acciones on a Pagos that scrolls sideways. The observer runs after the layout
    // and before the paint, so a synchronous render there paints the new offsets in that frame.
    file: '@rc-component/table/es/Body/MeasureRow.js',
    from: `      if (isVisible(ref.current)) {
        infoList.forEach(({
          data: columnKey,
          size
        }) => {
          onColumnResize(columnKey, size.offsetWidth);
        });
      }`,
    to: `      if (isVisible(ref.current)) {
        flushSync(() => infoList.forEach(({ data: columnKey, size }) => onColumnResize(columnKey, size.offsetWidth)));
      }`,
  },
  {
    file: '@rc-component/table/es/Table.js',
    from: `  useLayoutEffect(() => {
    if (!tailor || !useInternalHooks) {
      if (scrollBodyRef.current instanceof Element) {
        setScrollbarSize(getTargetScrollBarSize(scrollBodyRef.current).width);
      } else {
        setScrollbarSize(getTargetScrollBarSize(scrollBodyContainerRef.current).width);
      }
    }
  }, []);`,
    to: `  useLayoutEffect(() => {
    if (tailor && useInternalHooks) return;
    return measureBeforePaint(() => {
      const width = getTargetScrollBarSize(scrollBodyRef.current instanceof Element ? scrollBodyRef.current : scrollBodyContainerRef.current).width;
      return () => setScrollbarSize(width);
    });
  }, []);`,
  },
  {
    file: '@rc-component/table/es/Table.js',
    from: `  useLayoutEffect(() => {
    if (horizonScroll) {
      onFullTableResize();
    }
  }, [horizonScroll]);`,
    to: `  useLayoutEffect(() => {
    if (horizonScroll) return measureBeforePaint(() => () => onFullTableResize());
  }, [horizonScroll]);`,
  },
  {
    file: '@rc-component/table/es/Table.js',
    from: `    if (mounted.current) {
      triggerOnScroll();
    }
  }, [horizonScroll, data, columns.length]);`,
    to: `    if (mounted.current) return measureBeforePaint(() => () => triggerOnScroll());
  }, [horizonScroll, data, columns.length]);`,
  },
];

export function tableMeasurePlugin(): Plugin {
  const applied = new Set<(typeof PATCHES)[number]>();
  return {
    name: 'recaudo:table-measure-before-paint',
    apply: 'build',
    buildStart() {
      applied.clear();
    },
    transform(code, id) {
      const path = id.replaceAll('\\', '/');
      const patches = PATCHES.filter((patch) => path.endsWith(`/node_modules/${patch.file}`));
      if (!patches.length) return null;
      let patched = code;
      for (const patch of patches) {
        if (!patched.includes(patch.from)) this.error(`${patch.file} no longer has the code table-measure-plugin.ts moves: review PATCHES`);
        patched = patched.replace(patch.from, patch.to);
        applied.add(patch);
      }
      return { code: `import { flushSync } from 'react-dom';\nimport { measureBeforePaint } from ${JSON.stringify(TABLE_MEASURE_HELPER)};\n${patched}`, map: null };
    },
    buildEnd(error) {
      const missing = PATCHES.filter((patch) => !applied.has(patch));
      if (!error && missing.length) this.error(`table-measure-plugin.ts did not find ${missing.map((patch) => patch.file).join(', ')} in the bundle: review PATCHES`);
    },
  };
}
