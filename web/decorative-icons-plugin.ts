import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const ICON_IMPORT = /^@ant-design\/icons\/([A-Z]\w+)$/;
const VIRTUAL_PREFIX = '\0decorative-icon:';
const WRAPPER = fileURLToPath(new URL('./src/components/decorative-icon.tsx', import.meta.url));

/**
 * antd's icons name themselves to screen readers in English (`role="img" aria-label="wallet"`),
 * so a button read "wallet Pagos" (issue 51). There is no antd or ConfigProvider setting for it:
 * every `@ant-design/icons/<Icon>` the app imports becomes that icon hidden from screen readers
 * unless it is given an `aria-label` of its own (src/components/decorative-icon.tsx). The build,
 * `vite dev` and the tests all use it; antd's own icons (a modal's close, a select's arrow) are
 * imported by antd's modules and stay as antd draws them.
 */
export function decorativeIcons(): Plugin {
  return {
    name: 'recaudo:decorative-icons',
    enforce: 'pre',
    resolveId(source, importer) {
      const icon = ICON_IMPORT.exec(source);
      if (!icon || importer?.startsWith(VIRTUAL_PREFIX)) return null;
      return `${VIRTUAL_PREFIX}${icon[1]}`;
    },
    load(id) {
      if (!id.startsWith(VIRTUAL_PREFIX)) return null;
      const icon = id.slice(VIRTUAL_PREFIX.length);
      return [
        `import Icon from '@ant-design/icons/${icon}';`,
        `import { decorativeIcon } from ${JSON.stringify(WRAPPER)};`,
        'export default /* @__PURE__ */ decorativeIcon(Icon);',
      ].join('\n');
    },
  };
}
