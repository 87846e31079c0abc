import ConfigProvider from 'antd/es/config-provider';
import type { ThemeConfig } from 'antd/es/config-provider/context';
import type { ReactNode } from 'react';

/** A finger's size (issue 33, WCAG 2.5.5): the least height and width of anything the client portal lets you tap. */
export const TOUCH_TARGET = 44;

/** The scope class app.css sizes what antd's tokens don't reach (links, switches, checkboxes, tabs) under. */
const SCOPE = 'touch-targets';

/**
 * antd sizes its controls from these: buttons, inputs, selects, pickers, radio buttons, pagination
 * and dropdown items from controlHeight (small and large ones too, so none falls under a
 * finger's size), the segmented control from its own, menu entries from itemHeight.
 */
const theme: ThemeConfig = {
  token: { controlHeight: TOUCH_TARGET, controlHeightSM: TOUCH_TARGET, controlHeightLG: 48 },
  components: {
    // Its items are the control's height less the track's padding on both sides.
    Segmented: { controlHeight: TOUCH_TARGET + 4 },
    Menu: { itemHeight: TOUCH_TARGET },
  },
};

const touchClass = { classNames: { root: SCOPE } };

/**
 * The client portal and the logged-out pages (login, registration, password recovery), which
 * people open on their phones: every control at least TOUCH_TARGET px tall and wide. The staff
 * screens keep antd's denser desktop sizes. Drawers and modals render outside this element, so
 * they carry the scope class themselves.
 */
export function TouchTargets({ children }: { children: ReactNode }) {
  return (
    <ConfigProvider theme={theme} drawer={touchClass} modal={touchClass}>
      <div className={SCOPE}>{children}</div>
    </ConfigProvider>
  );
}
