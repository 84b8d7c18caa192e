// Lint rules every file follows (`npm test` runs this as the Lint suite). docs/architecture.md
// explains the layout the import rules protect.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importX from 'eslint-plugin-import-x';
import path from 'node:path';

// One naming convention for the web app's files (decision 41): kebab-case, whatever the file holds.
const KEBAB_FILE = /^[a-z0-9]+(-[a-z0-9]+)*(\.[a-z0-9]+)*$/;
const fileNames = {
  rules: {
    kebab: {
      meta: { type: 'suggestion', schema: [] },
      create(context) {
        const name = path.basename(context.filename);
        if (!KEBAB_FILE.test(name)) {
          context.report({ loc: { line: 1, column: 0 }, message: `File names are kebab-case (decision 41): ${name}` });
        }
        return {};
      },
    },
  },
};

const features = [
  'admin',
  'ai',
  'activity',
  'auth',
  'checklist',
  'dataroom',
  'deals',
  'errors',
  'files',
  'people',
  'review',
  'settings',
];

export default tseslint.config(
  {
    ignores: [
      'node_modules/**',
      'web/dist/**',
      '.build/**',
      '.data/**',
      '.test-data/**',
      'bench-results/**',
      'supabase/functions/_vendor/**',
      '**/*.d.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      'import-x/no-cycle': ['error', { maxDepth: 10 }],
      'import-x/no-self-import': 'error',
    },
    settings: { 'import-x/resolver': { node: { extensions: ['.ts', '.tsx', '.js'] } } },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, 'file-names': fileNames },
    rules: {
      'file-names/kebab': 'error',
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  // Features import other features only through their index.ts; shared code lives in lib/ and components/.
  {
    files: ['web/src/features/**/*.{ts,tsx}'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: features.map((feature) => ({
            target: `./web/src/features/${feature}`,
            from: './web/src/features',
            except: [`./${feature}`, ...features.filter((f) => f !== feature).map((f) => `./${f}/index.ts`)],
            message: 'Import another feature only through its index.ts.',
          })),
        },
      ],
    },
  },
  // Route modules stand alone: shared code goes to _shared/ (contracts/ and the AI engine in ai/ among it),
  // never into another route module.
  {
    files: ['supabase/functions/_shared/routes/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '^\\.\\./(?!\\.\\.|contracts/|ai/)[a-z-]+/', message: 'A route module does not import another route area.' },
          ],
        },
      ],
    },
  },
);
