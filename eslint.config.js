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
  'analytics',
  'auth',
  'checklist',
  'dataroom',
  'deals',
  'errors',
  'files',
  'people',
  'review',
  'settings',
  'viewer',
];

const SIDE_BY_SIDE = [
  ...features.map((feature) => ({
    target: `./web/src/features/${feature}`,
    from: './web/src/features',
    except: [`./${feature}`],
    message: 'A feature never imports another feature: compose them in app/, or move what both need to lib/ or components/.',
  })),
  { target: './web/src/lib', from: './web/src/features', message: 'lib/ imports no feature.' },
  { target: './web/src/components', from: './web/src/features', message: 'components/ import no feature.' },
  { target: './web/src/lib', from: './web/src/components', message: 'lib/ imports no component.' },
];
const APP_ON_TOP = ['lib', 'components', 'features'].map((below) => ({
  target: `./web/src/${below}`,
  from: './web/src/app',
  message: 'Nothing below app/ imports it.',
}));

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
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  // Features side by side (docs/architecture.md): a feature never imports another; a screen that needs two
  // is composed in app/. lib/ and components/ import no feature, lib/ no component. Tests may render the
  // real app shell (its providers, router and guards); code below app/ never imports it.
  {
    files: ['web/src/**/*.{ts,tsx}'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: SIDE_BY_SIDE }] },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    ignores: ['web/src/**/*.test.{ts,tsx}', 'web/src/test/**'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: [...SIDE_BY_SIDE, ...APP_ON_TOP] }] },
  },
  // One data layer (docs/architecture.md): query and mutation hooks live in `api/` folders; the cache is
  // refreshed by a mutation's declared invalidations (lib/mutation.ts), and failed reads are reported by
  // the query cache (lib/query.ts).
  {
    files: ['web/src/**/*.{ts,tsx}'],
    ignores: [
      'web/src/**/api/**',
      'web/src/lib/mutation.ts',
      'web/src/lib/query.ts',
      'web/src/app/providers.tsx',
      'web/src/**/*.test.{ts,tsx}',
      'web/src/test/**',
      'web/src/**/test/**',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@tanstack/react-query',
              importNames: ['useQuery', 'useQueries', 'useInfiniteQuery', 'useSuspenseQuery', 'useMutation', 'useQueryClient'],
              message: "Query and mutation hooks live in a feature's api/ folder (docs/recipes.md).",
            },
          ],
        },
      ],
    },
  },
  // The web reads the API's contracts as types; the values it needs at run time come from contracts
  // that build no zod schema (@contracts/values holds the others' page sizes and limits), so no screen
  // loads zod (decision 67).
  {
    files: ['web/src/**/*.{ts,tsx}'],
    ignores: ['web/src/**/*.test.{ts,tsx}', 'web/src/test/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^@contracts/(?!(values|activity|capabilities|catalog|dataroom)$)',
              allowTypeImports: true,
              message:
                'This contract builds zod schemas: import its types with `import type`, its values from @contracts/values.',
            },
          ],
        },
      ],
    },
  },
  // Short files: a file over 300 lines holds more than one thing. Tests and data are exempt.
  {
    files: ['web/src/**/*.{ts,tsx}', 'supabase/functions/**/*.ts', 'server/**/*.ts', 'scripts/**/*.ts'],
    ignores: [
      '**/*.test.{ts,tsx}',
      '**/tests/**',
      '**/test/**',
      'scripts/bench/ai/labelled-set-*.ts',
      'supabase/functions/_shared/ai/vocabulary.ts',
    ],
    rules: { 'max-lines': ['error', { max: 300 }] },
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
