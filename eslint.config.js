import js from '@eslint/js';
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
    // Feature folders stay independent (bulletproof-react): share through components/, lib/ or domain/.
    files: ['web/src/features/*/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: webImports,
          patterns: [{ group: ['../../features/*', '**/features/*/**'], message: 'Una feature no importa otra.' }],
        },
      ],
    },
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
