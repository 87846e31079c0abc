import js from '@eslint/js';
import { dirname, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// Importing antd or its icons from the package root merges all of it into one shared chunk
// and silently undoes route splitting (DESIGN §8): import each component from antd/es/<name>.
const wholeLibraryImports = [
  { name: 'antd', message: "Importa el componente desde 'antd/es/<componente>'." },
  { name: '@ant-design/icons', message: "Importa el icono desde '@ant-design/icons/<Icono>'." },
];
// The app's dayjs (Spanish locale, Caracas zone, plugins) is set up by domain/dates, which is no
// longer loaded by the entry: a value import of dayjs elsewhere could run before that setup.
const webImports = [
  ...wholeLibraryImports,
  { name: 'dayjs', allowTypeImports: true, message: "Importa dayjs desde '@recaudo/domain/dates'." },
];

const FEATURES = fileURLToPath(new URL('./web/src/features', import.meta.url));

/**
 * Feature folders stay independent (bulletproof-react): share through app/, components/, lib/ or
 * domain/. The import is resolved against the importing file, so `../invoices` from
 * features/payments is caught as well as `../../features/invoices` or an alias's `features/x`.
 */
const featureBoundary = {
  meta: { type: 'problem', schema: [], messages: { otherFeature: 'Una feature no importa otra.' } },
  create(context) {
    const own = relative(FEATURES, context.filename).split(sep)[0];
    const check = (node) => {
      const source = node.source?.value;
      if (typeof source !== 'string') return;
      const target = source.startsWith('.')
        ? relative(FEATURES, resolve(dirname(context.filename), source))
        : (/(?:^|\/)features\/(.+)$/.exec(source)?.[1] ?? null);
      if (target === null || target.startsWith('..')) return;
      if (target.split(/[\\/]/)[0] !== own) context.report({ node: node.source, messageId: 'otherFeature' });
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
  },
};

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', 'server/drizzle/**', '**/*.config.js'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // Tests read JSON answers of any shape.
    files: ['**/*.test.{ts,tsx}', '**/test/**/*.ts', 'e2e/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': ['error', { paths: webImports }],
    },
  },
  {
    files: ['web/src/features/*/**/*.{ts,tsx}'],
    plugins: { recaudo: { rules: { 'feature-boundary': featureBoundary } } },
    rules: { 'recaudo/feature-boundary': 'error' },
  },
  {
    files: ['domain/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['fastify', 'drizzle-orm', 'react', 'antd', 'node:*'], message: 'domain/ es puro.' }] },
      ],
    },
  },
);
