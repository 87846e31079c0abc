import type { ComponentType } from 'react';

interface LabelProps {
  'aria-label'?: string;
}

/**
 * An antd icon as decoration: hidden from screen readers, so a button or menu entry is named by
 * its text alone ("Pagos", not "wallet Pagos"). An icon given an `aria-label` (in Spanish), or a
 * `name` here for the icons antd draws as a control's only content ("Página anterior"), is
 * information and stays visible to them. Every icon the app and antd import passes through here
 * (decorative-icons-plugin.ts); an icon-only button of the app carries its name on the button.
 */
export function decorativeIcon<P extends LabelProps>(Icon: ComponentType<P>, name?: string) {
  function DecorativeIcon(props: P) {
    const label = props['aria-label'] ?? name;
    return label === undefined ? <Icon aria-hidden {...props} /> : <Icon {...props} aria-label={label} />;
  }
  DecorativeIcon.displayName = `Decorative(${Icon.displayName ?? Icon.name})`;
  return DecorativeIcon;
}
