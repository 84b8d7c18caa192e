import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { system } from './theme';

/**
 * The theme carries only the recipes the app's components use (decision 56). Each name imported from
 * `@chakra-ui/react` in web/src maps here to the recipe keys its component (and the components it renders
 * inside: icons, checkmark, radiomark, input addon, icon button) looks up; `[]` for components without one.
 * A name missing from the table fails the test: look up its key in
 * node_modules/@chakra-ui/react/dist/esm/components/<name>/ (`createRecipeContext({ key })`,
 * `createSlotRecipeContext({ key })`, `useRecipe({ key })`), add it here and its recipe to theme.ts.
 */
const RECIPES: Record<string, string[]> = {
  ActionBar: ['actionBar'],
  Alert: ['alert', 'icon'],
  Avatar: ['avatar'],
  Badge: ['badge'],
  Box: [],
  Breadcrumb: ['breadcrumb', 'icon'],
  Button: ['button', 'spinner'],
  Card: ['card'],
  Center: [],
  ChakraProvider: [],
  Checkbox: ['checkbox', 'checkmark'],
  Circle: [],
  CloseButton: ['button', 'icon'],
  Code: ['code'],
  Collapsible: ['collapsible'],
  DataList: ['dataList'],
  Dialog: ['dialog'],
  Drawer: ['drawer'],
  EmptyState: ['emptyState'],
  Field: ['field', 'icon'],
  Flex: [],
  Grid: [],
  GridItem: [],
  HStack: [],
  Heading: ['heading'],
  IconButton: ['button'],
  Image: [],
  Input: ['input'],
  InputGroup: ['inputAddon'],
  Link: ['link'],
  List: ['list'],
  Menu: ['menu', 'icon'],
  NativeSelect: ['nativeSelect', 'icon'],
  Portal: [],
  Progress: ['progress'],
  RadioGroup: ['radioGroup', 'radiomark'],
  SegmentGroup: ['segmentGroup'],
  Separator: ['separator'],
  SimpleGrid: [],
  Skeleton: ['skeleton'],
  Spinner: ['spinner'],
  Stack: [],
  Stat: ['stat', 'icon'],
  Switch: ['switch'],
  Table: ['table'],
  Tabs: ['tabs'],
  Tag: ['tag', 'icon'],
  Text: [],
  Textarea: ['textarea'],
  Toast: ['toast', 'icon'],
  Toaster: ['toast', 'icon'],
  VStack: [],
  VisuallyHidden: [],
  Wrap: [],
  chakra: [],
  createSystem: [],
  createToaster: ['toast'],
  defaultBaseConfig: [],
  defineConfig: [],
  mergeConfigs: [],
};

/** web/src (the Web suite runs from the repository's root, its Vitest root). */
const webSrc = join(process.cwd(), 'web', 'src') + '/';

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** Value names imported from `@chakra-ui/react` (type-only imports render nothing). */
function chakraImports(): Map<string, string> {
  const names = new Map<string, string>();
  for (const file of sourceFiles(webSrc)) {
    for (const match of readFileSync(file, 'utf8').matchAll(/import\s+(type\s+)?\{([^}]*)\}\s*from\s*'@chakra-ui\/react'/g)) {
      if (match[1]) continue;
      for (const part of match[2]!.split(',')) {
        const name = part.trim().split(/\s+as\s+/)[0]!;
        if (name && !name.startsWith('type ')) names.set(name, file.slice(webSrc.length));
      }
    }
  }
  return names;
}

describe('the theme', () => {
  const config = system._config.theme ?? {};
  const keys = new Set([...Object.keys(config.recipes ?? {}), ...Object.keys(config.slotRecipes ?? {})]);

  it('has the recipe of every component the app imports from @chakra-ui/react', () => {
    const imported = chakraImports();
    expect(imported.size).toBeGreaterThan(20);
    const unknown = [...imported].filter(([name]) => !(name in RECIPES)).map(([name, file]) => `${name} (${file})`);
    expect(unknown, 'add it to the table in theme-recipes.test.ts').toEqual([]);
    const missing = [...imported.keys()].flatMap((name) =>
      RECIPES[name]!.filter((key) => !keys.has(key)).map((key) => `${name}: ${key}`),
    );
    expect(missing, 'add the recipe to web/src/app/theme.ts').toEqual([]);
  });

  it('carries no recipe the table does not ask for', () => {
    const wanted = new Set([...chakraImports().keys()].flatMap((name) => RECIPES[name] ?? []));
    expect([...keys].filter((key) => !wanted.has(key))).toEqual([]);
  });
});
