import { waitFor, within } from '@testing-library/react';
import { expect } from 'vitest';
import userEvent from '@testing-library/user-event';

/** The open "Más" menu (antd keeps closed ones in the page, hidden). */
function openMenu(): HTMLElement {
  const menus = [...document.querySelectorAll<HTMLElement>('.ant-dropdown:not(.ant-dropdown-hidden) [role="menu"]')];
  const menu = menus.at(-1);
  if (!menu) throw new Error('No hay un menú "Más" abierto');
  return menu;
}

/**
 * Waits until the table holding `row` has stopped loading: rows can show while the table still
 * says it is loading (they pass in a deferred render, slower on a busy machine), and a loading
 * table takes no clicks, for a person as for the test.
 */
export async function tableSettled(row: HTMLElement): Promise<void> {
  const wrapper = row.closest('.ant-table-wrapper');
  if (wrapper) await waitFor(() => expect(wrapper.querySelector('[aria-busy="true"]')).toBeNull());
}

/** The table row showing `text`, once its table has stopped loading. */
export async function findSettledRow(text: string, container: HTMLElement = document.body): Promise<HTMLElement> {
  const row = (await within(container).findByText(text)).closest('tr')!;
  await tableSettled(row);
  return row;
}

/** Opens the row's "Más" menu and answers its items, as a person sees them. */
export async function openRowMenu(row: HTMLElement): Promise<HTMLElement> {
  await tableSettled(row);
  await userEvent.click(within(row).getByRole('button', { name: /^Más acciones/ }));
  return waitFor(openMenu);
}

/** Runs a row action as a person would: its labeled button, or the entry of the row's "Más" menu. */
export async function chooseRowAction(row: HTMLElement, label: string): Promise<void> {
  await tableSettled(row);
  // A link action ("Ver clientes") is an anchor styled as a button.
  const button = within(row).queryByRole('button', { name: label }) ?? within(row).queryByRole('link', { name: label });
  if (button) {
    await userEvent.click(button);
    return;
  }
  const menu = await openRowMenu(row);
  await userEvent.click(within(menu).getByRole('menuitem', { name: label }));
}

/** The labels of the row's "Más" menu, in order. */
export async function rowMenuLabels(row: HTMLElement): Promise<string[]> {
  const menu = await openRowMenu(row);
  const labels = within(menu).getAllByRole('menuitem').map((item) => item.textContent ?? '');
  await userEvent.keyboard('{Escape}');
  return labels;
}

/** The entry `label` of the row's "Más" menu, opened (check `aria-disabled`, or click it). */
export async function rowMenuItem(row: HTMLElement, label: string): Promise<HTMLElement> {
  const menu = await openRowMenu(row);
  return within(menu).getByRole('menuitem', { name: label });
}

/**
 * What a person sees of a row's actions: its labeled buttons, and the "Más" entries in order
 * (disabled ones marked "(inactivo)", destructive ones "(rojo)").
 */
export async function rowActionLayout(row: HTMLElement): Promise<{ buttons: string[]; menu: string[] }> {
  const more = within(row).queryByRole('button', { name: /^Más acciones/ });
  const cell = (more ?? row).closest('td') ?? row;
  const buttons = [...cell.querySelectorAll<HTMLButtonElement>('button')]
    // The expand toggle of an expandable row is no action.
    .filter((button) => button !== more && !button.classList.contains('ant-table-row-expand-icon'))
    .map((button) => `${button.textContent ?? ''}${button.disabled ? ' (inactivo)' : ''}`);
  if (!more) return { buttons, menu: [] };
  const menu = await openRowMenu(row);
  const entries = within(menu)
    .getAllByRole('menuitem')
    .map(
      (item) =>
        `${item.textContent ?? ''}${item.getAttribute('aria-disabled') === 'true' ? ' (inactivo)' : ''}${item.classList.contains('ant-dropdown-menu-item-danger') ? ' (rojo)' : ''}`,
    );
  await userEvent.keyboard('{Escape}');
  return { buttons, menu: entries };
}

/** Every action the row offers, buttons and "Más" entries, by name only. */
export async function rowActionNames(row: HTMLElement): Promise<string[]> {
  const { buttons, menu } = await rowActionLayout(row);
  return [...buttons, ...menu].map((entry) => entry.replace(/ \((inactivo|rojo)\)/g, ''));
}
