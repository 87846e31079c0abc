import { waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

/** Opens the select labelled `label` within `scope` and clicks the option titled `option`. */
export async function pick(scope: HTMLElement, label: string, option: string): Promise<void> {
  await userEvent.click(within(scope).getByLabelText(label));
  const item = await waitFor(() => {
    const found = [...document.querySelectorAll<HTMLElement>('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')].find(
      (element) => element.getAttribute('title') === option,
    );
    if (!found) throw new Error(`no option ${option}`);
    return found;
  });
  await userEvent.click(item);
}
