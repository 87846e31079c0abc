import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { antdIconName, ANTD_MODULE } from './src/components/antd-icon-names';

const ICON_IMPORT = /^@ant-design\/icons\/([A-Z]\w+)$/;
const ANTD_ICON_IMPORT = /^@ant-design\/icons\/es\/icons\/([A-Z]\w+)$/;
const VIRTUAL_PREFIX = '\0decorative-icon:';
const ANTD_VIRTUAL_PREFIX = '\0antd-icon:';
const WRAPPER = fileURLToPath(new URL('./src/components/decorative-icon.tsx', import.meta.url));

const wrapped = (iconModule: string, name: string) =>
  [
    `import Icon from '${iconModule}';`,
    `import { decorativeIcon } from ${JSON.stringify(WRAPPER)};`,
    `export default /* @__PURE__ */ decorativeIcon(Icon${name ? `, ${JSON.stringify(name)}` : ''});`,
  ].join('\n');

/**
 * antd's icons name themselves to screen readers in English (`role="img" aria-label="wallet"`),
 * so a button read "wallet Pagos" and a pagination arrow "left" (issue 51). There is no antd or
 * ConfigProvider setting for it: every `@ant-design/icons/<Icon>` the app imports becomes that
 * icon hidden from screen readers unless it is given an `aria-label` of its own
 * (src/components/decorative-icon.tsx), and every icon antd's own modules import is hidden or
 * named in Spanish (ANTD_ICON_NAMES). The build and the browser tests use both; `vite dev` and
 * the jsdom tests take antd pre-bundled, with its icons as antd draws them.
 */
export function decorativeIcons(): Plugin {
  return {
    name: 'recaudo:decorative-icons',
    enforce: 'pre',
    resolveId(source, importer) {
      if (importer?.startsWith(VIRTUAL_PREFIX) || importer?.startsWith(ANTD_VIRTUAL_PREFIX)) return null;
      const icon = ICON_IMPORT.exec(source);
      if (icon) return `${VIRTUAL_PREFIX}${icon[1]}`;
      const antdIcon = ANTD_ICON_IMPORT.exec(source);
      if (antdIcon && importer && ANTD_MODULE.test(importer.replace(/\\/g, '/'))) {
        return `${ANTD_VIRTUAL_PREFIX}${antdIcon[1]}:${encodeURIComponent(antdIconName(importer, antdIcon[1]!))}`;
      }
      return null;
    },
    load(id) {
      if (id.startsWith(VIRTUAL_PREFIX)) return wrapped(`@ant-design/icons/${id.slice(VIRTUAL_PREFIX.length)}`, '');
      if (!id.startsWith(ANTD_VIRTUAL_PREFIX)) return null;
      const [icon, name] = id.slice(ANTD_VIRTUAL_PREFIX.length).split(':') as [string, string];
      return wrapped(`@ant-design/icons/es/icons/${icon}`, decodeURIComponent(name));
    },
  };
}
