import type { ComponentType } from 'react';

interface LabelProps {
  'aria-label'?: string;
}

/**
 * An antd icon as decoration: hidden from screen readers, so a button or menu entry is named by
 * its text alone ("Pagos", not "wallet Pagos"). An icon given an `aria-label` (in Spanish) is
 * information and stays visible to them. Every icon the app imports passes through here
 * (decorative-icons-plugin.ts); an icon-only button carries its name on the button.
 */
export function decorativeIcon<P extends LabelProps>(Icon: ComponentType<P>) {
  function DecorativeIcon(props: P) {
    return <Icon aria-hidden={props['aria-label'] === undefined ? true : undefined} {...props} />;
  }
  DecorativeIcon.displayName = `Decorative(${Icon.displayName ?? Icon.name})`;
  return DecorativeIcon;
}
