import { parseSync, Visitor, type Plugin } from 'vite';

/**
 * antd components no page of the app uses, by their folder under antd/es and the class prefixes
 * of their rules in antd/dist/antd.css. The build drops those rules (about a fifth of the file)
 * and fails when one of these folders is in the bundle after all, so the list stays true.
 */
const UNUSED_COMPONENTS: Record<string, string[]> = {
  affix: ['affix'],
  anchor: ['anchor'],
  'back-top': ['back-top'],
  'border-beam': ['border-beam'],
  breadcrumb: ['breadcrumb'],
  carousel: ['carousel'],
  cascader: ['cascader'],
  'float-button': ['float-btn'],
  listy: ['listy'],
  masonry: ['masonry'],
  mentions: ['mentions'],
  'qr-code': ['qrcode'],
  rate: ['rate'],
  splitter: ['splitter'],
  tour: ['tour'],
  transfer: ['transfer'],
  'tree-select': ['tree-select', 'select-tree'],
};

const UNUSED_PREFIXES = Object.values(UNUSED_COMPONENTS).flat();
const ANTD_CSS = /[\\/]node_modules[\\/]antd[\\/]dist[\\/]antd\.css$/;
const ANTD_MODULE = /[\\/]node_modules[\\/]antd[\\/]es[\\/]([^\\/]+)[\\/]/;
/** antd's factories of a component's style hook: (component, styles, component tokens, options). */
const STYLE_HOOK_FACTORIES = new Set(['genStyleHooks', 'genComponentStyleHook', 'genSubStyleComponent']);

/**
 * A component's style module with its styles left out: under the zero-runtime theme antd never
 * calls them (the prebuilt stylesheet has them), but they were still downloaded, about 40 KB
 * Brotli. The component tokens stay: antd sets them as CSS variables at run time.
 */
function withoutStyleFunctions(code: string, id: string): string | null {
  const { program } = parseSync(id, code);
  const styles: { start: number; end: number }[] = [];
  new Visitor({
    CallExpression(call) {
      const argument = call.arguments[1];
      if (call.callee.type === 'Identifier' && STYLE_HOOK_FACTORIES.has(call.callee.name) && argument) styles.push(argument);
    },
  }).visit(program);
  if (!styles.length) return null;
  return styles.sort((a, b) => b.start - a.start).reduce((text, { start, end }) => `${text.slice(0, start)}() => []${text.slice(end)}`, code);
}

/** Splits at `separator` outside parentheses, brackets and braces. */
function splitTopLevel(text: string, separator: ',' | '}'): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let index = 0; index < text.length; index++) {
    const char = text[index];
    if (char === '(' || char === '[' || char === '{') depth++;
    else if (char === ')' || char === ']' || char === '}') depth--;
    if (separator === ',' && char === ',' && depth === 0) {
      parts.push(text.slice(start, index));
      start = index + 1;
    } else if (separator === '}' && char === '}' && depth === 0) {
      parts.push(text.slice(start, index + 1));
      start = index + 1;
    }
  }
  const rest = text.slice(start);
  if (rest.trim()) parts.push(rest);
  return parts;
}

/**
 * Rules no element of the app can match: those of the unused components, and the CSS variables
 * and cache marker antd's extraction left under its own ids (the app's variables are set at run
 * time by antd, under the ids of its ConfigProviders).
 */
function isDeadRule(selector: string): boolean {
  const trimmed = selector.trim();
  if (trimmed.startsWith('.css-var-') || trimmed.startsWith('.data-ant-cssinjs-cache-path')) return true;
  return splitTopLevel(trimmed, ',').every((part) => {
    const component = part.match(/\.ant-([a-z-]+)/)?.[1];
    return component !== undefined && UNUSED_PREFIXES.some((prefix) => component === prefix || component.startsWith(`${prefix}-`));
  });
}

/** The stylesheet without dead rules, at-rule blocks (media queries) filtered inside. */
export function withoutDeadRules(css: string): string {
  return splitTopLevel(css, '}')
    .map((block) => {
      const open = block.indexOf('{');
      if (open < 0) return block;
      const head = block.slice(0, open);
      if (/^\s*@(media|supports|layer)\b/.test(head)) {
        const inner = withoutDeadRules(block.slice(open + 1, -1));
        return inner.trim() ? `${head}{${inner}}` : '';
      }
      return !head.trim().startsWith('@') && isDeadRule(head) ? '' : block;
    })
    .join('');
}

/**
 * antd's prebuilt stylesheet for the zero-runtime theme (src/app/providers.tsx) without what the
 * app cannot show. Dev and tests load the whole file.
 */
export function antdStyles(): Plugin {
  return {
    name: 'recaudo:antd-styles',
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      if (ANTD_CSS.test(id)) return { code: withoutDeadRules(code), map: null };
      if (!ANTD_MODULE.test(id) || ![...STYLE_HOOK_FACTORIES].some((name) => code.includes(`${name}(`))) return null;
      const stripped = withoutStyleFunctions(code, id);
      return stripped === null ? null : { code: stripped, map: null };
    },
    generateBundle(_options, bundle) {
      const used = new Set<string>();
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        for (const id of output.moduleIds) {
          const folder = id.match(ANTD_MODULE)?.[1];
          if (folder && folder in UNUSED_COMPONENTS) used.add(folder);
        }
      }
      if (used.size)
        this.error(`antd's ${[...used].join(', ')} is now in the bundle: remove it from UNUSED_COMPONENTS in antd-styles-plugin.ts, or its rules are missing`);
    },
  };
}
