/** An antd module's path under node_modules/antd/es, without `.js`. */
export const ANTD_MODULE = /\/node_modules\/antd\/es\/(.+)\.js$/;

/**
 * The Spanish names of the icons antd draws inside its own controls where the icon is the
 * control's only name, by the antd module that draws it: a pagination arrow is the button
 * "Página anterior" (the page items' words in antd's es_ES), an input's clear button "Limpiar".
 * Every other icon antd draws sits beside its control's own name or text (a modal's "Cerrar", an
 * alert's message, a select's arrow) and is hidden from screen readers.
 */
export const ANTD_ICON_NAMES: Readonly<Record<string, string>> = {
  'pagination/Pagination:LeftOutlined': 'Página anterior',
  'pagination/Pagination:RightOutlined': 'Página siguiente',
  'pagination/Pagination:DoubleLeftOutlined': '5 páginas previas',
  'pagination/Pagination:DoubleRightOutlined': '5 páginas siguientes',
  '_util/hooks/useAllowClear:CloseCircleFilled': 'Limpiar',
  'select/useIcons:CloseCircleFilled': 'Limpiar',
  'select/useIcons:CloseOutlined': 'Quitar',
  'input/Search:SearchOutlined': 'Buscar',
  'menu/menu:EllipsisOutlined': 'Más',
  'dropdown/dropdown-button:EllipsisOutlined': 'Más',
  'tabs/index:EllipsisOutlined': 'Más',
  'table/hooks/useFilter/FilterDropdown:FilterFilled': 'Filtrar',
};

/** The name antd's module `importer` gives `icon` here: Spanish, or '' for hidden. */
export function antdIconName(importer: string, icon: string): string {
  const module = ANTD_MODULE.exec(importer.replace(/\\/g, '/'))?.[1];
  return (module && ANTD_ICON_NAMES[`${module}:${icon}`]) || '';
}
