import type { Page } from 'playwright-core';

/**
 * What does not fit on the screen, one line each: the page or a table wider than its box (a
 * sideways scroll), a header or cell whose content spills out of it, and anything inside a cell
 * that clips its text (a cut "Fecha de crea", "Fech" or "Solvente hasta" value). Only what is
 * shown counts: a hidden tab's table measures 0. Two clippings are meant and left out: a switch
 * keeps both of its labels and shows one, and an antd ellipsis (the full text in its tooltip).
 */
export function overflows(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const root = document.documentElement;
    if (root.scrollWidth > root.clientWidth) found.push(`la página mide ${root.scrollWidth} px en ${root.clientWidth} px`);
    const text = (element: Element) => (element.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 40);
    for (const wrapper of Array.from(document.querySelectorAll('.ant-table-wrapper'))) {
      const name = wrapper.querySelector('[aria-label]')?.getAttribute('aria-label') ?? 'tabla';
      const own = (element: Element) => element.closest('.ant-table-wrapper') === wrapper;
      for (const box of Array.from(wrapper.querySelectorAll('.ant-table-content, .ant-table-body'))) {
        if (own(box) && box.scrollWidth > box.clientWidth + 1) found.push(`${name}: la tabla mide ${box.scrollWidth} px en ${box.clientWidth} px`);
      }
      for (const cell of Array.from(wrapper.querySelectorAll('th, td'))) {
        if (!own(cell) || cell.clientWidth === 0) continue;
        const kind = cell.tagName === 'TH' ? 'encabezado' : 'celda';
        // Each text against the cell's box (a fixed column's shadow would count in scrollWidth),
        // but a text inside something that clips is that one's to measure, below.
        const box = cell.getBoundingClientRect();
        const texts = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
        let spilled = false;
        for (let node = texts.nextNode(); node && !spilled; node = texts.nextNode()) {
          if (!node.textContent?.trim()) continue;
          let clipped = false;
          for (let parent = node.parentElement; parent && parent !== cell; parent = parent.parentElement) {
            if (getComputedStyle(parent).overflowX !== 'visible') clipped = true;
          }
          if (clipped) continue;
          const range = document.createRange();
          range.selectNodeContents(node);
          const content = range.getBoundingClientRect();
          spilled = content.width > 0 && (content.left < box.left - 1 || content.right > box.right + 1);
        }
        if (spilled) {
          found.push(`${name}: ${kind} "${text(cell)}" se sale de su columna`);
          continue;
        }
        for (const element of Array.from(cell.querySelectorAll('*'))) {
          if (!(element instanceof HTMLElement) || element.clientWidth === 0 || !own(element)) continue;
          if (element.closest('.ant-switch, .ant-typography-ellipsis') || getComputedStyle(element).overflowX === 'visible') continue;
          if (element.scrollWidth > element.clientWidth + 1) {
            found.push(`${name}: ${kind} "${text(cell)}" cortada (${element.scrollWidth} px en ${element.clientWidth} px)`);
            break;
          }
        }
      }
    }
    return found;
  });
}
