import Flex from 'antd/es/flex';
import type { ReactNode } from 'react';
import { PageTitle } from './page-title';

export interface ListPageProps {
  /** The page heading; left out when the list sits inside another page's tab. */
  title?: string;
  /** Left of the toolbar: the search box, type selectors, the filter button. */
  toolbar?: ReactNode;
  /** Right of the toolbar: export and "Nuevo …" buttons. */
  actions?: ReactNode;
  children: ReactNode;
}

/**
 * The frame of every list screen: the page title, a toolbar with search and filters on the
 * left and the actions on the right, then the table and its panels.
 * `<ListPage title="Bancos" toolbar={<SearchBox …/>} actions={<Button …/>}>…</ListPage>`
 */
export function ListPage({ title, toolbar, actions, children }: ListPageProps) {
  return (
    <section aria-labelledby={title ? 'page-title' : undefined}>
      {title && (
        <PageTitle>
          {title}
        </PageTitle>
      )}
      {/* The search and the filters stay side by side while they fit; the actions go to the right, or below when the line is full. */}
      <Flex justify="space-between" align="center" gap={12} wrap style={{ marginBottom: 16 }}>
        <Flex gap={8} wrap align="center" style={{ flex: '1 1 auto', minWidth: 0 }}>
          {toolbar}
        </Flex>
        <Flex gap={8} wrap align="center">
          {actions}
        </Flex>
      </Flex>
      {children}
    </section>
  );
}
