import { createSystem, defaultBaseConfig, defineConfig, mergeConfigs } from '@chakra-ui/react';
import {
  actionBarSlotRecipe,
  alertSlotRecipe,
  animationStyles,
  avatarSlotRecipe,
  badgeRecipe,
  breadcrumbSlotRecipe,
  breakpoints,
  buttonRecipe,
  cardSlotRecipe,
  checkboxSlotRecipe,
  checkmarkRecipe,
  codeRecipe,
  collapsibleSlotRecipe,
  cssVarsPrefix,
  cssVarsRoot,
  dataListSlotRecipe,
  dialogSlotRecipe,
  drawerSlotRecipe,
  emptyStateSlotRecipe,
  fieldSlotRecipe,
  globalCss,
  headingRecipe,
  iconRecipe,
  inputAddonRecipe,
  inputRecipe,
  keyframes,
  layerStyles,
  linkRecipe,
  listSlotRecipe,
  menuSlotRecipe,
  nativeSelectSlotRecipe,
  progressSlotRecipe,
  radioGroupSlotRecipe,
  radiomarkRecipe,
  segmentGroupSlotRecipe,
  semanticTokens,
  separatorRecipe,
  skeletonRecipe,
  spinnerRecipe,
  statSlotRecipe,
  switchSlotRecipe,
  tableSlotRecipe,
  tabsSlotRecipe,
  tagSlotRecipe,
  textareaRecipe,
  textStyles,
  toastSlotRecipe,
  tokens,
} from '@chakra-ui/react/theme';

/**
 * Chakra's default theme as `defaultThemeConfig` assembles it (preflight, tokens, semantic tokens, breakpoints,
 * keyframes, text/layer/animation styles, global CSS) with only the recipes the app's components use, decision 56:
 * `defaultConfig` carries all ~76 recipes (118 KB of the entry chunk) and importing it also builds Chakra's own
 * `defaultSystem` at start-up. A component imported from `@chakra-ui/react` whose recipe is missing renders
 * unstyled: `theme-recipes.test.ts` maps each imported component to its recipe keys and fails when one is absent.
 * Keys are the ones Chakra's components look up (`createRecipeContext({ key })`), as in Chakra's `recipes.js`.
 */
export const recipes = {
  badge: badgeRecipe,
  button: buttonRecipe,
  checkmark: checkmarkRecipe,
  code: codeRecipe,
  heading: headingRecipe,
  icon: iconRecipe,
  input: inputRecipe,
  inputAddon: inputAddonRecipe,
  link: linkRecipe,
  radiomark: radiomarkRecipe,
  separator: separatorRecipe,
  skeleton: skeletonRecipe,
  spinner: spinnerRecipe,
  textarea: textareaRecipe,
};

export const slotRecipes = {
  actionBar: actionBarSlotRecipe,
  alert: alertSlotRecipe,
  avatar: avatarSlotRecipe,
  breadcrumb: breadcrumbSlotRecipe,
  card: cardSlotRecipe,
  checkbox: checkboxSlotRecipe,
  collapsible: collapsibleSlotRecipe,
  dataList: dataListSlotRecipe,
  dialog: dialogSlotRecipe,
  drawer: drawerSlotRecipe,
  emptyState: emptyStateSlotRecipe,
  field: fieldSlotRecipe,
  list: listSlotRecipe,
  menu: menuSlotRecipe,
  nativeSelect: nativeSelectSlotRecipe,
  progress: progressSlotRecipe,
  radioGroup: radioGroupSlotRecipe,
  segmentGroup: segmentGroupSlotRecipe,
  stat: statSlotRecipe,
  switch: switchSlotRecipe,
  table: tableSlotRecipe,
  tabs: tabsSlotRecipe,
  tag: tagSlotRecipe,
  toast: toastSlotRecipe,
};

const themeConfig = defineConfig({
  preflight: true,
  cssVarsPrefix,
  cssVarsRoot,
  globalCss,
  theme: { breakpoints, keyframes, tokens, semanticTokens, recipes, slotRecipes, textStyles, layerStyles, animationStyles },
});

const config = defineConfig({
  globalCss: {
    'html, body': {
      bg: 'bg.canvas',
      color: 'fg',
    },
  },
  theme: {
    tokens: {
      fonts: {
        heading: {
          value: "'Inter', -apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
        },
        body: {
          value: "'Inter', -apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
        },
      },
      colors: {
        brand: {
          50: { value: '#EEF3FB' },
          100: { value: '#D6E1F5' },
          200: { value: '#ADC3EA' },
          300: { value: '#7F9FDB' },
          400: { value: '#5079C9' },
          500: { value: '#2F5BB5' },
          600: { value: '#234896' },
          700: { value: '#1D3A78' },
          800: { value: '#182F5F' },
          900: { value: '#12233F' },
          950: { value: '#0B1628' },
        },
      },
    },
    // Text and solid buttons at WCAG AA contrast (4.5:1 on white and on the canvas), decision 38: Chakra's
    // light greys, status colours and green/orange solids are lighter than that.
    semanticTokens: {
      colors: {
        'bg.canvas': { value: { _light: '#F5F7FA', _dark: '{colors.gray.950}' } },
        fg: {
          subtle: { value: { _light: '#6B6B74', _dark: '{colors.gray.400}' } },
          error: { value: { _light: '#B91C1C', _dark: '{colors.red.400}' } },
          warning: { value: { _light: '#C2410C', _dark: '{colors.orange.300}' } },
          success: { value: { _light: '#15803D', _dark: '{colors.green.300}' } },
        },
        green: {
          solid: { value: { _light: '#15803D', _dark: '{colors.green.600}' } },
        },
        orange: {
          solid: { value: { _light: '#C2410C', _dark: '{colors.orange.500}' } },
        },
        brand: {
          solid: { value: '{colors.brand.600}' },
          contrast: { value: 'white' },
          fg: { value: { _light: '{colors.brand.700}', _dark: '{colors.brand.300}' } },
          muted: { value: '{colors.brand.100}' },
          subtle: { value: { _light: '{colors.brand.50}', _dark: '{colors.brand.900}' } },
          emphasized: { value: '{colors.brand.200}' },
          focusRing: { value: '{colors.brand.500}' },
        },
      },
    },
  },
});

export const system = createSystem(mergeConfigs(defaultBaseConfig, themeConfig), config);
